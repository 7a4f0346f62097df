import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { LoaderCircle, Mail, MessageSquareText, Smartphone } from 'lucide-react';
import { OTP, type LoginChannel } from '../../../contract/account';
import {
  formatResend,
  isResendReady,
  isResending,
  isVerifying,
  loginView,
  type LoginSnapshot,
} from '../../../machines/login.machine';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { useLoginActor, type LoginActor } from '../../flow/login-flow';
import { cx } from '../../lib/cx';
import { shake } from '../../lib/shake';
import { TextField } from '../../components/form-field';

export const LOGIN_TEXT = {
  title: 'Masuk',
  intro: 'Masuk untuk melihat pesanan, memakai point, dan mengisi data pemesan otomatis.',
  channelLabel: 'Masuk dengan',
  channel: { telp: 'Nomor Handphone', email: 'Email' } satisfies Record<LoginChannel, string>,
  placeholder: { telp: 'Contoh: 081234567890', email: 'Contoh: nama@email.com' } satisfies Record<LoginChannel, string>,
  send: 'Kirim Kode OTP',
  sending: 'Mengirim kode…',
  codeTitle: 'Masukkan Kode OTP',
  sentTo: (to: string) => `Kode dikirim ke ${to}`,
  codeLabel: 'Kode OTP',
  verify: 'Masuk',
  verifying: 'Memeriksa kode…',
  resendIn: (seconds: number) => `Kirim ulang kode dalam ${formatResend(seconds)}`,
  resend: 'Kirim Ulang Kode',
  resending: 'Mengirim ulang…',
  edit: { telp: 'Ubah nomor', email: 'Ubah email' } satisfies Record<LoginChannel, string>,
} as const;

/**
 * /app/login: a phone number or an email, then the 6-digit code it received. The login machine
 * (machines/login.machine.ts) checks the fields, keeps the resend timer and signs in.
 */
export function LoginScreen({ redirect }: { redirect: string }) {
  const actor = useLoginActor(redirect);
  const view = useSelector(actor, loginView);
  return (
    <>
      <Navbar title={LOGIN_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-6 desktop:py-12">
        <div className="hairline rounded-card border-grey-200 bg-white p-5 desktop:p-8">
          {view === 'code' ? <CodeStep actor={actor} /> : <ContactStep actor={actor} />}
        </div>
      </main>
    </>
  );
}

function ContactStep({ actor }: { actor: LoginActor }) {
  const channel = useSelector(actor, (snapshot) => snapshot.context.channel);
  const value = useSelector(actor, (snapshot) => snapshot.context.contact[snapshot.context.channel]);
  const error = useSelector(actor, (snapshot) => snapshot.context.contactError);
  const sending = useSelector(actor, (snapshot) => loginView(snapshot) === 'sending');
  const done = useSelector(actor, (snapshot) => loginView(snapshot) === 'done');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Back from "Ubah nomor": the customer lands on the field to change.
    if (actor.getSnapshot().context.sentContact !== null) field.current?.focus();
  }, [actor]);
  return (
    <form
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'contact.submit' });
        // The message is read out where the customer types it.
        queueMicrotask(() => {
          if (actor.getSnapshot().context.contactError) field.current?.focus();
        });
      }}
    >
      <p className="text-sm text-grey-700">{LOGIN_TEXT.intro}</p>
      <RadioGroup
        className="mt-5"
        orientation="horizontal"
        value={channel}
        onChange={(next) => actor.send({ type: 'channel.choose', channel: next as LoginChannel })}
      >
        <Label className="sr-only">{LOGIN_TEXT.channelLabel}</Label>
        <div className="grid grid-cols-2 gap-1 rounded-card bg-grey-100 p-1">
          {(['telp', 'email'] as const).map((option) => (
            <Radio
              key={option}
              value={option}
              className={({ isSelected, isFocusVisible }) =>
                cx(
                  'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-[10px] px-3 text-sm font-semibold transition-colors',
                  isSelected ? 'bg-white text-primary-700 shadow-sm' : 'text-grey-700 hover:text-grey-900',
                  isFocusVisible && 'outline-2 outline-offset-2 outline-primary-600',
                )
              }
            >
              {option === 'telp' ? (
                <Smartphone className="size-4" aria-hidden="true" />
              ) : (
                <Mail className="size-4" aria-hidden="true" />
              )}
              {LOGIN_TEXT.channel[option]}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <TextField
        announceError
        key={channel}
        ref={field}
        className="mt-4"
        label={LOGIN_TEXT.channel[channel]}
        value={value}
        error={error}
        onValueChange={(next) => actor.send({ type: 'contact.type', value: next })}
        type={channel === 'telp' ? 'tel' : 'email'}
        inputMode={channel === 'telp' ? 'tel' : 'email'}
        autoComplete={channel === 'telp' ? 'tel' : 'email'}
        placeholder={LOGIN_TEXT.placeholder[channel]}
        disabled={sending || done}
      />
      <SubmitButton busy={sending} busyLabel={LOGIN_TEXT.sending} disabled={done}>
        {LOGIN_TEXT.send}
      </SubmitButton>
    </form>
  );
}

const resendSeconds = (snapshot: LoginSnapshot) => snapshot.context.resendLeft;

function CodeStep({ actor }: { actor: LoginActor }) {
  const channel = useSelector(actor, (snapshot) => snapshot.context.channel);
  const sentTo = useSelector(actor, (snapshot) => snapshot.context.sentTo);
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const error = useSelector(actor, (snapshot) => snapshot.context.codeError);
  const verifying = useSelector(actor, isVerifying);
  const done = useSelector(actor, (snapshot) => loginView(snapshot) === 'done');
  const field = useRef<HTMLInputElement>(null);
  const headingId = useId();
  useEffect(() => {
    field.current?.focus();
  }, []);
  // A refused code shakes the field once (spec section 9, 500 ms).
  useEffect(() => {
    if (error) shake(field.current);
  }, [error]);
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      aria-busy={verifying}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'code.submit' });
      }}
    >
      <MessageSquareText className="size-10 text-primary-600" aria-hidden="true" />
      <h2 id={headingId} className="mt-3 text-xl font-bold">
        {LOGIN_TEXT.codeTitle}
      </h2>
      <p className="mt-1 text-sm text-grey-700">{LOGIN_TEXT.sentTo(sentTo)}</p>
      <TextField
        announceError
        ref={field}
        className="mt-5"
        label={LOGIN_TEXT.codeLabel}
        value={code}
        error={error}
        onValueChange={(next) => actor.send({ type: 'code.type', value: next })}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP.length}
        inputClassName="text-center text-2xl font-bold tracking-[0.5em] tabular-nums"
        disabled={done}
      />
      <SubmitButton busy={verifying} busyLabel={LOGIN_TEXT.verifying} disabled={done}>
        {LOGIN_TEXT.verify}
      </SubmitButton>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <Resend actor={actor} />
        <button
          type="button"
          className={buttonStyles.ghost}
          onClick={() => actor.send({ type: 'contact.edit' })}
          disabled={verifying || done}
        >
          {LOGIN_TEXT.edit[channel]}
        </button>
      </div>
    </form>
  );
}

function Resend({ actor }: { actor: LoginActor }) {
  const seconds = useSelector(actor, resendSeconds);
  const ready = useSelector(actor, isResendReady);
  const resending = useSelector(actor, isResending);
  if (ready || resending) {
    return (
      <button
        type="button"
        className={buttonStyles.ghost}
        onClick={() => actor.send({ type: 'code.resend' })}
        disabled={resending}
        aria-busy={resending}
      >
        {resending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        {resending ? LOGIN_TEXT.resending : LOGIN_TEXT.resend}
      </button>
    );
  }
  // Ticks every second: kept out of the screen reader's live regions (it would talk nonstop).
  return <p className="px-4 text-sm text-grey-700 tabular-nums">{LOGIN_TEXT.resendIn(seconds)}</p>;
}

function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={`${buttonStyles.primary} mt-5 w-full`} disabled={busy || disabled}>
      {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
      {busy ? busyLabel : children}
    </button>
  );
}
