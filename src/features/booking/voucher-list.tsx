import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Search, TicketPercent } from 'lucide-react';
import { legsOf, type BookingContext } from '../../../machines/booking-context';
import { isApiError } from '../../api/client';
import type { VoucherCard, VoucherValidation } from '../../api/mappers';
import { listVoucherQueryOptions, validateVoucher, type VoucherValidationInput } from '../../api/voucher-queries';
import { buttonStyles } from '../../components/button-styles';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useBookingContext } from './booking-state';
import { Skeleton } from '../../components/form-field';
import { discountText } from '../../lib/voucher-format';

/** What validasi-voucher needs from the booking: the booker, the trip's schedules and the sub total. */
function validationInput(context: BookingContext, code: string): VoucherValidationInput | null {
  const outbound = legsOf(context.trip, 'pergi')[0];
  if (!outbound) return null;
  const inbound = context.trip?.kind === 'round-trip' ? legsOf(context.trip, 'pulang')[0] : undefined;
  return {
    code,
    email: context.booker.email,
    phone: context.booker.phone,
    paymentCode: context.payment.code === '' ? null : context.payment.code,
    outbound,
    return: inbound ?? null,
    totalAmount: context.price?.sub_total ?? 0,
  };
}

function refusalText(error: unknown): string {
  if (isApiError(error) && error.code !== 'NETWORK' && error.code !== 'BAD_REPLY') return error.message;
  return 'Voucher belum dapat diperiksa. Coba lagi.';
}

interface VoucherListProps {
  /** In the booking flow a voucher can be applied; the standalone list only shows them. */
  mode: 'apply' | 'browse';
}

/**
 * The voucher list with its search box and a code input. Applying drops the voucher in use, asks
 * validasi-voucher with the booker's email and phone, the trip and the current sub total, then
 * hands the voucher to the booking flow; a refused voucher shows the server's own reason.
 */
export function VoucherList({ mode }: VoucherListProps) {
  const booking = useBookingActor();
  const searchId = useId();
  const codeId = useId();
  const [search, setSearch] = useState('');
  const [code, setCode] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const booker = useBookingContext((context) => context.booker);
  const applied = useBookingContext((context) => context.voucher);
  const subTotal = useBookingSelector(({ context }) => context.price?.sub_total ?? 0);
  const list = useQuery(
    listVoucherQueryOptions({
      search: debounced,
      ...(booker.email ? { email: booker.email } : {}),
      ...(booker.phone ? { phone: booker.phone } : {}),
    }),
  );
  const apply = useMutation<VoucherValidation, unknown, string>({
    mutationFn: (voucherCode) => {
      const input = validationInput(booking.getSnapshot().context, voucherCode);
      if (!input) return Promise.reject(new Error('Perjalanan belum dipilih'));
      // validasi-voucher cancels the previous voucher (spec section 7): it is dropped, and the
      // price checked again, before the new one is asked for, so a refusal leaves none.
      booking.send({ type: 'voucher.clear' });
      return validateVoucher(input);
    },
    onSuccess: (voucher) =>
      booking.send({
        type: 'voucher.set',
        voucher: { name: voucher.name, code: voucher.code, price: voucher.discount },
      }),
  });
  const pendingCode = apply.isPending ? apply.variables : null;

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim().toUpperCase();
    if (value !== '') apply.mutate(value);
  };

  return (
    <div className="space-y-4">
      {mode === 'apply' ? (
        <form onSubmit={submitCode} className="space-y-1" noValidate>
          <label htmlFor={codeId} className="text-sm font-semibold">
            Kode Voucher
          </label>
          <div className="flex gap-2">
            <input
              id={codeId}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                if (apply.isError) apply.reset();
              }}
              placeholder="Masukan kode voucher"
              autoCapitalize="characters"
              autoComplete="off"
              className="hairline min-h-11 min-w-0 flex-1 rounded-card border-grey-300 bg-white px-3 text-base uppercase placeholder:text-grey-500 placeholder:normal-case"
            />
            <button type="submit" className={buttonStyles.primary} disabled={code.trim() === '' || apply.isPending}>
              Pakai
            </button>
          </div>
          {subTotal === 0 ? (
            <p className="text-sm text-grey-600">Pilih kursi dahulu agar potongan voucher dapat dihitung.</p>
          ) : null}
        </form>
      ) : null}

      {apply.isError ? (
        <p role="alert" className="hairline rounded-card border-danger-600 bg-danger-50 p-3 text-sm text-danger-700">
          {refusalText(apply.error)}
        </p>
      ) : null}

      {mode === 'apply' && applied ? (
        <div className="hairline flex items-center gap-3 rounded-card border-success-600 bg-success-50 p-3 text-sm">
          <p className="flex-1">
            Voucher <strong>{applied.name}</strong> sedang digunakan.
          </p>
          <button
            type="button"
            className={cx(buttonStyles.secondary, 'border-danger-600 text-danger-700')}
            onClick={() => booking.send({ type: 'voucher.clear' })}
          >
            Hapus Voucher
          </button>
        </div>
      ) : null}

      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Cari voucher
        </label>
        <Search className="absolute top-3 left-3 size-5 text-grey-600" aria-hidden="true" />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Cari voucher"
          className="hairline min-h-11 w-full rounded-card border-grey-300 bg-white pr-3 pl-10 text-base placeholder:text-grey-500"
        />
      </div>

      {list.isPending ? (
        <ul className="space-y-3" aria-label="Memuat voucher">
          {[0, 1, 2].map((index) => (
            <li key={index} className="hairline space-y-2 rounded-card border-grey-200 bg-white p-3">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <div className="text-sm text-grey-700">
          <p>Daftar voucher gagal dimuat.</p>
          <button type="button" className={cx(buttonStyles.secondary, 'mt-2')} onClick={() => void list.refetch()}>
            Coba Lagi
          </button>
        </div>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-grey-700">
          {debounced === ''
            ? 'Belum ada voucher yang bisa dipakai saat ini.'
            : `Tidak ada voucher untuk "${debounced}". Coba kata lain atau masukan kodenya.`}
        </p>
      ) : (
        <ul className="space-y-3">
          {list.data.map((voucher) => (
            <VoucherItem
              key={voucher.code}
              voucher={voucher}
              mode={mode}
              inUse={applied?.code === voucher.code}
              pending={pendingCode === voucher.code}
              onApply={() => apply.mutate(voucher.code)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function VoucherItem({
  voucher,
  mode,
  inUse,
  pending,
  onApply,
}: {
  voucher: VoucherCard;
  mode: 'apply' | 'browse';
  inUse: boolean;
  pending: boolean;
  onApply: () => void;
}) {
  const headingId = useId();
  return (
    <li>
      <article aria-labelledby={headingId} className="hairline rounded-card border-grey-200 bg-white p-3">
        <div className="flex items-start gap-3">
          <TicketPercent className="mt-0.5 size-5 shrink-0 text-primary-600" aria-hidden="true" />
          <div className="min-w-0 flex-1 text-sm">
            <h3 id={headingId} className="font-bold">
              {voucher.name}
            </h3>
            <p className="text-grey-700">{voucher.description}</p>
            <p className="mt-1 font-semibold text-primary-800">{discountText(voucher)}</p>
            <p className="text-grey-700">
              Min. transaksi {formatRupiah(voucher.minTransaction)} · Berlaku s.d. {formatDateShort(voucher.validUntil)}
            </p>
            {voucher.paymentMethodName ? (
              <p className="text-grey-700">Khusus pembayaran {voucher.paymentMethodName}</p>
            ) : null}
            <p className="mt-1 font-mono text-xs text-grey-700">Kode: {voucher.code}</p>
          </div>
        </div>
        <div className="mt-2 flex items-center justify-end gap-2">
          <Link
            to="/app/detail-voucher/$code"
            params={{ code: voucher.code }}
            className={buttonStyles.ghost}
            aria-label={`Detail voucher ${voucher.name}`}
          >
            Detail
          </Link>
          {mode === 'apply' ? (
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={inUse || pending}
              aria-label={inUse ? `Voucher ${voucher.name} digunakan` : `Pakai voucher ${voucher.name}`}
              onClick={onApply}
            >
              {inUse ? 'Digunakan' : 'Pakai'}
            </button>
          ) : null}
        </div>
      </article>
    </li>
  );
}
