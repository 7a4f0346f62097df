import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { changeFare } from '../services/demo';
import { contactOfAddress } from '../services/otp';
import { readOutbox } from '../services/otp-delivery';

/** Demo mode only (app.ts registers it then): the operator's fare change and the development outbox of codes. */
export function demoRoutes(api: Hono<AppEnv>, db: Database): void {
  defineRoute(api, 'demoUbahHarga', (body) => changeFare(db, body.operator_kode, body.jadwal_kode, body.harga));
  defineRoute(api, 'demoOtpOutbox', (query) => {
    const contact = contactOfAddress(query.tujuan);
    return readOutbox(db, contact.channel, contact.address);
  });
}
