import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, Copy, TicketPercent } from 'lucide-react';
import { accountProfileQueryOptions } from '../../api/account-queries';
import type { VoucherCard } from '../../api/mappers';
import { listVoucherQueryOptions } from '../../api/voucher-queries';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah } from '../../lib/format';
import { discountText } from '../../lib/voucher-format';
import { AccountPage } from '../../components/account-page';
import { EmptyState, ListSkeleton, LoadFailed } from '../../components/list-states';
import { useSignedIn } from '../../platform/use-signed-in';

/** /app/customer/list-voucher: the vouchers the customer can use now, by their contact. */
export function CustomerVouchersScreen() {
  return (
    <AccountPage title="Voucher Saya">
      <VoucherCards />
    </AccountPage>
  );
}

function VoucherCards() {
  const profile = useQuery(accountProfileQueryOptions());
  const contact = profile.data;
  const list = useQuery({
    ...listVoucherQueryOptions({
      ...(contact?.email ? { email: contact.email } : {}),
      ...(contact?.telp ? { phone: contact.telp } : {}),
    }),
    // The list is the same without a profile; waiting only keeps one read.
    enabled: !profile.isPending,
  });
  if (list.isPending) return <ListSkeleton label="Memuat voucher" />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) {
    return (
      <EmptyState icon={<TicketPercent className="size-10" aria-hidden="true" />} title="Belum ada voucher">
        <p className="mt-1 text-sm text-grey-700">Voucher baru akan muncul di sini.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Voucher yang bisa dipakai">
      {list.data.map((voucher) => (
        <li key={voucher.code}>
          <VoucherItem voucher={voucher} />
        </li>
      ))}
    </ul>
  );
}

function VoucherItem({ voucher }: { voucher: VoucherCard }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(voucher.code)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <article className="hairline rounded-card border-grey-200 bg-white p-4" aria-labelledby={`voucher-${voucher.code}`}>
      <div className="flex items-start gap-3">
        <TicketPercent className="size-7 shrink-0 text-primary-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id={`voucher-${voucher.code}`} className="font-bold">
            {voucher.name}
          </h2>
          <p className="text-sm text-grey-700">{voucher.description}</p>
          <p className="mt-1 text-sm font-semibold text-primary-700">{discountText(voucher)}</p>
          <p className="text-sm text-grey-700">
            Min. transaksi {formatRupiah(voucher.minTransaction)} · Berlaku sampai {formatDateShort(voucher.validUntil)}
          </p>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-2">
        <span className="hairline flex-1 rounded-card border-dashed border-primary-600 px-3 py-2 font-mono font-semibold">
          {voucher.code}
        </span>
        <button
          type="button"
          onClick={copy}
          className={buttonStyles.secondary}
          aria-label={copied ? `Kode ${voucher.code} disalin` : `Salin kode ${voucher.code}`}
        >
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? 'Disalin' : 'Salin'}
        </button>
        <Link
          to="/app/customer/detail-voucher/$code"
          params={{ code: voucher.code }}
          className={cx(buttonStyles.ghost)}
          aria-label={`Detail voucher ${voucher.name}`}
        >
          Detail
        </Link>
      </div>
    </article>
  );
}

/**
 * /app/customer/detail-voucher/:code: the voucher with its terms (the route passes the voucher
 * page, shared with /app/detail-voucher), for a signed-in customer.
 */
export function CustomerVoucherDetailScreen({ detail }: { detail: ReactNode }) {
  const signedIn = useSignedIn();
  if (!signedIn) return <AccountPage title="Detail Voucher">{null}</AccountPage>;
  return <>{detail}</>;
}
