import { useRef, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { CreditCard, Lock } from 'lucide-react';
import type { CardSetup } from '../../../contract/payment';
import { buttonStyles } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import type { PaymentActor } from '../../flow/payment-flow';
import { cx } from '../../lib/cx';
import { formatCardNumber, formatExpiry, readCard, type CardErrors, type CardFields } from '../../lib/card-input';
import { formatRupiah } from '../../lib/format';
import { cardToken } from '../../platform/card-gateway';
import { PAYMENT_TEXT } from './payment-texts';

const NO_ERRORS: CardErrors = { number: null, expiry: null, cvv: null };

/** This month in Jakarta: a card is valid through the month printed on it. */
function thisMonth(): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return { year: Number(parts.year), month: Number(parts.month) };
}

/**
 * The card form of the payment page (card through the gateway). The card data stays in this form
 * and goes from the page to the gateway's script only; the chart gets the one-time token.
 */
export function CardForm({ actor, setup, total }: { actor: PaymentActor; setup: CardSetup; total: number }) {
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvv: '' });
  const [errors, setErrors] = useState<CardErrors>(NO_ERRORS);
  const [tokenizing, setTokenizing] = useState(false);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const cardError = useSelector(actor, (snapshot) => snapshot.context.cardError);
  const charging = useSelector(
    actor,
    (snapshot) =>
      snapshot.matches({ instruction: { action: 'payingCard' } }) ||
      snapshot.matches({ instruction: { action: 'authenticating' } }),
  );
  const canPay = useSelector(actor, (snapshot) => snapshot.can({ type: 'card.pay', token: 'x' }));
  const refs = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvv: useRef<HTMLInputElement>(null),
  };
  const busy = tokenizing || charging;

  const set = (field: keyof CardFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message; the others keep theirs until the next press.
    setErrors((current) => ({ ...current, [field]: null }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !canPay) return;
    setTokenError(null);
    const read = readCard(fields, thisMonth());
    if (read.errors) {
      setErrors(read.errors);
      const first = (['number', 'expiry', 'cvv'] as const).find((field) => read.errors[field]);
      if (first) refs[first].current?.focus();
      return;
    }
    setErrors(NO_ERRORS);
    setTokenizing(true);
    try {
      const token = await cardToken(setup, read.card);
      actor.send({ type: 'card.pay', token });
    } catch (error) {
      setTokenError(error instanceof Error ? error.message : PAYMENT_TEXT.cardFailed);
    } finally {
      setTokenizing(false);
    }
  }

  const notice =
    tokenError ??
    cardError ??
    (setup.percobaan_terakhir === 'ditolak'
      ? PAYMENT_TEXT.cardLastRefused
      : setup.percobaan_terakhir === 'menunggu'
        ? PAYMENT_TEXT.cardLastWaiting
        : null);
  const isError = tokenError !== null || cardError !== null || setup.percobaan_terakhir === 'ditolak';

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="card-form-title"
      className="flex flex-col gap-3"
    >
      <h3 id="card-form-title" className="flex items-center gap-2 text-base font-bold">
        <CreditCard className="size-5" aria-hidden="true" />
        {PAYMENT_TEXT.cardTitle}
      </h3>
      {notice ? (
        <p
          role={isError ? 'alert' : 'status'}
          className={cx(
            'hairline rounded-card p-3 text-sm',
            isError
              ? 'border-danger-100 bg-danger-50 text-danger-700'
              : 'border-warning-300 bg-warning-50 text-warning-800',
          )}
        >
          {notice}
        </p>
      ) : null}
      <TextField
        ref={refs.number}
        label={PAYMENT_TEXT.cardNumber}
        value={fields.number}
        onValueChange={(value) => set('number', formatCardNumber(value))}
        error={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={23}
        disabled={busy}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          ref={refs.expiry}
          label={PAYMENT_TEXT.cardExpiry}
          value={fields.expiry}
          onValueChange={(value) => set('expiry', formatExpiry(value))}
          error={errors.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="BB/TT"
          maxLength={5}
          disabled={busy}
        />
        <TextField
          ref={refs.cvv}
          label={PAYMENT_TEXT.cardCvv}
          value={fields.cvv}
          onValueChange={(value) => set('cvv', value.replace(/\D/g, '').slice(0, 4))}
          error={errors.cvv}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          disabled={busy}
        />
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={busy || !canPay} aria-busy={busy || undefined}>
        {busy ? PAYMENT_TEXT.cardBusy : `${PAYMENT_TEXT.pay} ${formatRupiah(total)}`}
      </button>
      <p className="flex items-start gap-2 text-xs text-grey-700">
        <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {PAYMENT_TEXT.cardPrivacy}
      </p>
    </form>
  );
}
