import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { listVouchers, validateVoucher, voucherDetail } from '../services/vouchers';

/** Spec section 7 "Vouchers": the list, one voucher's terms, and the check before applying one. */
export function voucherRoutes(api: Hono<AppEnv>, db: Database, today: () => string): void {
  defineRoute(api, 'listVoucher', (q) => listVouchers(db, today(), q));
  defineRoute(api, 'detailVoucher', (q) => voucherDetail(db, today(), q.voucher_kode));
  defineRoute(api, 'validasiVoucher', (q) => validateVoucher(db, today(), q));
}
