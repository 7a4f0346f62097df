import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FlaskConical, RefreshCw } from 'lucide-react';
import type { PaymentInstruction } from '../../../contract/payment';
import { isInstructionBusy, paymentView } from '../../../machines/payment.machine';
import { toPayingPlace } from '../../api/mappers';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { cx } from '../../lib/cx';
import { formatRupiah } from '../../lib/format';
import { CardForm } from './card-form';
import { NUMBER_LABEL, PayingPlace } from './paying-place';
import { PaymentCountdown } from './payment-countdown';
import { isStatusView, PaymentSkeleton, PaymentStatus } from './payment-parts';
import { PAYMENT_TEXT } from './payment-texts';
import { usePaymentActor } from '../../flow/payment-flow';

function HowToPay({ instruction, code }: { instruction: PaymentInstruction; code: string }) {
  return (
    <section
      aria-labelledby="how-to-pay"
      className="hairline flex flex-col gap-4 rounded-card border-grey-200 bg-white p-4"
    >
      <div>
        <p className="text-xs text-grey-700">Metode pembayaran</p>
        <h2 id="how-to-pay" className="text-lg font-bold">
          {instruction.jenis_pembayaran_nama}
        </h2>
      </div>
      <PayingPlace
        place={toPayingPlace(instruction)}
        numberLabel={NUMBER_LABEL[instruction.jenis]}
        qrLabel={`QRIS untuk membayar pesanan ${code}`}
      />
      <dl className="flex flex-col gap-1 border-t border-grey-200 pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-grey-700">{PAYMENT_TEXT.ticketPrice}</dt>
          <dd>{formatRupiah(instruction.total_bayar - instruction.biaya_admin)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-grey-700">{PAYMENT_TEXT.adminFee}</dt>
          <dd>{instruction.biaya_admin > 0 ? formatRupiah(instruction.biaya_admin) : 'Tanpa biaya admin'}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-bold">
          <dt>{PAYMENT_TEXT.total}</dt>
          <dd>{formatRupiah(instruction.total_bayar)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * payment-url: how to pay the chosen method (the VA number with a copy button, or the QRIS as a QR
 * image), the amount and the deadline, "Cek Status Pembayaran", and in demo mode "Simulasikan
 * pembayaran". Once paid the machine opens the order page.
 */
export function InstructionScreen({ code, afterCard = false }: { code: string; afterCard?: boolean }) {
  const actor = usePaymentActor(code, 'instruction', afterCard);
  const view = useSelector(actor, paymentView);
  const instruction = useSelector(actor, (snapshot) => snapshot.context.instruction);
  const remainingMs = useSelector(actor, (snapshot) => snapshot.context.remainingMs);
  const busy = useSelector(actor, isInstructionBusy);
  const canSimulate = useSelector(actor, (snapshot) => snapshot.can({ type: 'payment.simulate' }));
  const canCheck = useSelector(actor, (snapshot) => snapshot.can({ type: 'payment.check' }));
  const simulating = useSelector(actor, (snapshot) => snapshot.matches({ instruction: { action: 'simulating' } }));
  const checking = useSelector(actor, (snapshot) => snapshot.matches({ instruction: { action: 'checking' } }));

  let body;
  if (view === 'loading') body = <PaymentSkeleton label="Memuat instruksi pembayaran" />;
  else if (isStatusView(view)) body = <PaymentStatus actor={actor} view={view} code={code} />;
  else if (instruction) {
    body = (
      <div className="flex flex-col gap-4 desktop:mx-auto desktop:max-w-xl">
        <PaymentCountdown remainingMs={remainingMs} deadline={instruction.batas_bayar} />
        <HowToPay instruction={instruction} code={code} />
        {instruction.kartu ? (
          <section className="hairline rounded-card border-grey-200 bg-white p-4">
            <CardForm actor={actor} setup={instruction.kartu} total={instruction.total_bayar} />
          </section>
        ) : null}
        <div className="flex flex-col gap-3" aria-busy={busy || undefined}>
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={!canCheck}
            onClick={() => actor.send({ type: 'payment.check' })}
          >
            <RefreshCw className={cx('size-4', checking && 'animate-spin')} aria-hidden="true" />
            {checking ? 'Memeriksa…' : PAYMENT_TEXT.check}
          </button>
          <p className="text-center text-xs text-grey-700">{PAYMENT_TEXT.autoCheck}</p>
          {instruction.simulasi ? (
            <div className="hairline rounded-card border-warning-300 bg-warning-50 p-3">
              <button
                type="button"
                className={cx(buttonStyles.secondary, 'w-full')}
                disabled={!canSimulate}
                onClick={() => actor.send({ type: 'payment.simulate' })}
              >
                <FlaskConical className="size-4" aria-hidden="true" />
                {simulating ? 'Memproses…' : PAYMENT_TEXT.simulate}
              </button>
              <p className="mt-2 text-center text-xs text-warning-800">{PAYMENT_TEXT.simulateNote}</p>
            </div>
          ) : null}
          <Link
            to="/app/confirmation-order/$code"
            params={{ code }}
            className={cx(buttonStyles.ghost, busy && 'pointer-events-none opacity-60')}
          >
            {PAYMENT_TEXT.changeMethod}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <>
      <Navbar title="Pembayaran" subtitle={`Kode pesanan ${code}`} />
      <main id="main" className="mx-auto w-full max-w-5xl px-4 py-4 pb-10">
        {body}
      </main>
    </>
  );
}

/** payment-url without a valid reservasi_kode: nothing to show but a way home. */
export function InstructionMissing() {
  return (
    <>
      <Navbar title="Pembayaran" />
      <main id="main" className="mx-auto w-full max-w-md px-4 py-16 text-center">
        <h2 className="text-xl font-bold">Kode pesanan tidak valid</h2>
        <p className="mt-2 text-sm text-grey-700">Buka halaman ini dari pesanan kamu.</p>
        <Link to="/" className={cx(buttonStyles.secondary, 'mt-6')}>
          {PAYMENT_TEXT.home}
        </Link>
      </main>
    </>
  );
}
