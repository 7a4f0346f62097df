import { useState } from 'react';
import { Copy, CopyCheck } from 'lucide-react';
import type { PaymentKind } from '../../../contract/payment';
import type { PayingPlace as PayingPlaceModel } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { QrCode } from '../../components/qr-code';
import { PAYMENT_TEXT } from './payment-texts';

/** What a paying place shows: the order's instruction and the flash-sale purchase, mapped in src/api. */
export type PayingPlaceFields = PayingPlaceModel;

/** The payment number's label by the method's kind. */
export const NUMBER_LABEL: Record<PaymentKind, string> = {
  va: 'Nomor Virtual Account',
  retail: 'Kode Pembayaran',
  qris: 'Kode Pembayaran',
  card: 'Nomor Pembayaran',
};

/** Only the gateway's own page or GoPay's app link opens; any other scheme never renders. */
const SAFE_PAY_LINK = /^(https:\/\/|gojek:\/\/)/;

/** `8077001234567890` -> `8077 0012 3456 7890`, easier to read aloud and to type. */
function groupDigits(value: string): string {
  return value.replace(/(.{4})(?=.)/g, '$1 ');
}

function CopyNumber({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex items-center gap-3">
      <p className="min-w-0 flex-1 font-mono text-xl font-bold whitespace-nowrap" data-testid="payment-number">
        {groupDigits(value)}
      </p>
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? <CopyCheck className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        {copied ? PAYMENT_TEXT.copied : PAYMENT_TEXT.copy}
        <span className="sr-only"> {label}</span>
      </button>
      <span className="sr-only" role="status">
        {copied ? `${label} tersalin` : ''}
      </span>
    </div>
  );
}

/**
 * Where to pay, as the gateway (or the simulator) answered: the QRIS as a QR image, Mandiri's biller
 * code beside its bill key, the payment number with a copy button, GoPay's "Bayar di Aplikasi".
 * Used by the order's payment page and the flash-sale transaction page.
 */
export function PayingPlace({
  place,
  numberLabel,
  qrLabel,
}: {
  place: PayingPlaceFields;
  /** The number's label when it is not Mandiri's bill key. */
  numberLabel: string;
  /** What the QR image is, for screen readers. */
  qrLabel: string;
}) {
  const number = place.number;
  const label = place.billerCode ? PAYMENT_TEXT.billKey : numberLabel;
  return (
    <>
      {place.qris ? (
        <div className="flex flex-col items-center gap-2">
          <QrCode value={place.qris} size={224} label={qrLabel} />
          <p className="text-center text-sm text-grey-700">
            Pindai kode QR ini dengan aplikasi e-wallet atau m-banking.
          </p>
        </div>
      ) : null}
      {place.billerCode ? (
        <div>
          <p className="text-sm text-grey-700">{PAYMENT_TEXT.billerCode}</p>
          <CopyNumber value={place.billerCode} label={PAYMENT_TEXT.billerCode} />
        </div>
      ) : null}
      {number ? (
        <div>
          <p className="text-sm text-grey-700">{label}</p>
          <CopyNumber value={number} label={label} />
        </div>
      ) : null}
      {place.url && SAFE_PAY_LINK.test(place.url) ? (
        // The gateway's own page or app link (GoPay): it opens outside this app.
        <a className={buttonStyles.secondary} href={place.url} rel="noopener noreferrer" target="_blank">
          {PAYMENT_TEXT.openApp}
        </a>
      ) : null}
    </>
  );
}
