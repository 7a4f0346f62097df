import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { referralQueryOptions } from '../../api/account-queries';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { AccountPage } from '../../components/account-page';
import { ListSkeleton, LoadFailed } from '../../components/list-states';

export const REFERRAL_TEXT = {
  title: 'Ajak Teman',
  intro: 'Bagikan tautanmu. Setiap pemesanan teman yang dibayar lewat tautan ini tercatat di sini.',
  code: 'Kode referral',
  link: 'Tautan referral',
  copy: 'Salin Tautan',
  copied: 'Tautan disalin',
  count: (n: number) => `${n} pemesanan lunas dari tautanmu`,
  terms: 'Syarat & Ketentuan',
} as const;

/** /app/referral: the signed-in customer's code and link, and how many paid bookings it brought. */
export function ReferralScreen() {
  return (
    <AccountPage title={REFERRAL_TEXT.title}>
      <Referral />
    </AccountPage>
  );
}

function Referral() {
  const query = useQuery(referralQueryOptions());
  const [copied, setCopied] = useState(false);
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListSkeleton rows={2} label="Memuat referral" />;
  const link = `${location.origin}${query.data.tautan}`;
  return (
    <>
      <section
        aria-labelledby="referral-title"
        className="rounded-card bg-gradient-to-br from-primary-600 to-primary-800 p-5 text-white"
      >
        <h2 id="referral-title" className="flex items-center gap-2 text-lg font-bold">
          <Gift className="size-6" aria-hidden="true" />
          {REFERRAL_TEXT.title}
        </h2>
        <p className="mt-1 text-sm">{REFERRAL_TEXT.intro}</p>
        <p className="mt-3 text-sm">{REFERRAL_TEXT.code}</p>
        <p className="font-mono text-2xl font-extrabold tracking-wider">{query.data.kode_referral}</p>
        <p className="mt-2 text-sm font-semibold">{REFERRAL_TEXT.count(query.data.jumlah_pemesanan)}</p>
      </section>
      <section aria-labelledby="referral-link" className="hairline rounded-card border-grey-200 bg-white p-4">
        <h2 id="referral-link" className="font-bold">
          {REFERRAL_TEXT.link}
        </h2>
        <p className="mt-2 rounded-card bg-grey-50 px-3 py-2 font-mono text-sm break-all">{link}</p>
        <button
          type="button"
          className={cx(buttonStyles.secondary, 'mt-3 w-full')}
          onClick={() => {
            void navigator.clipboard
              ?.writeText(link)
              .then(() => setCopied(true))
              .catch(() => setCopied(false));
          }}
        >
          {REFERRAL_TEXT.copy}
        </button>
        <p role="status" className="mt-2 text-center text-sm text-success-700">
          {copied ? REFERRAL_TEXT.copied : ''}
        </p>
      </section>
      <section aria-labelledby="referral-terms" className="hairline rounded-card border-grey-200 bg-white p-4">
        <h2 id="referral-terms" className="font-bold">
          {REFERRAL_TEXT.terms}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-grey-800">
          {query.data.syarat.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
