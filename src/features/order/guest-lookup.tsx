import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Search, TicketCheck } from 'lucide-react';
import { isVerifying } from '../../../machines/order.machine';
import { buttonStyles } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import type { OrderActor } from '../../flow/order-flow';

export const CONTACT_LABEL = 'Email atau Nomor Handphone';

/**
 * The guest page's look-up (spec section 6): the code and one field; nothing of the order shows
 * before the server says the contact matches. The machine checks the field and reads the answer.
 */
export function GuestLookup({ actor, code }: { actor: OrderActor; code: string }) {
  const headingId = useId();
  const contact = useSelector(actor, (snapshot) => snapshot.context.contact);
  const contactError = useSelector(actor, (snapshot) => snapshot.context.contactError);
  const lookupError = useSelector(actor, (snapshot) => snapshot.context.lookupError);
  const verifying = useSelector(actor, isVerifying);
  return (
    <section
      aria-labelledby={headingId}
      className="hairline mx-auto max-w-md rounded-card border-grey-200 bg-white p-5 desktop:mt-8 desktop:p-6"
    >
      <div className="flex items-center gap-3">
        <TicketCheck className="size-8 shrink-0 text-primary-600" aria-hidden="true" />
        <div>
          <h2 id={headingId} className="text-lg font-bold">
            Lihat Pesanan
          </h2>
          <p className="text-sm text-grey-700">
            Kode pesanan <span className="font-bold tracking-wider text-grey-900">{code}</span>
          </p>
        </div>
      </div>
      <p className="mt-3 text-sm text-grey-700">
        Masukkan email atau nomor handphone yang dipakai saat memesan untuk melihat pesanan ini.
      </p>
      <form
        className="mt-4 space-y-4"
        noValidate
        aria-busy={verifying}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'lookup.submit' });
        }}
      >
        <TextField
          label={CONTACT_LABEL}
          value={contact}
          onValueChange={(value) => actor.send({ type: 'lookup.change', value })}
          error={contactError}
          autoComplete="email"
          inputMode="email"
          placeholder="nama@email.com atau 0812..."
        />
        <div aria-live="polite">
          {lookupError ? (
            <p role="alert" className="rounded-card bg-danger-50 px-3 py-2 text-sm font-semibold text-danger-700">
              {lookupError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={verifying}>
          <Search className="size-4" aria-hidden="true" />
          {verifying ? 'Memeriksa...' : 'Lihat Pesanan'}
        </button>
      </form>
    </section>
  );
}
