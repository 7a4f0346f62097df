/**
 * A real SMTP server (the smtp-server package) on a free local port: it speaks SMTP to nodemailer
 * as an operator's mail server would, checks the login, and keeps every message it accepts, parsed.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO as the client sent them. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Who logged in to send it. */
  user: string | undefined;
  mail: ParsedMail;
}

export interface LocalSmtp {
  port: number;
  /** smtp://user:password@127.0.0.1:port with the credentials it accepts, percent-encoded. */
  url: string;
  received: ReceivedMail[];
  /** The first message to this address, waiting up to `ms` for it to arrive. */
  waitFor(to: string, ms?: number): Promise<ReceivedMail>;
  /** While set, RCPT TO is answered 550 (a mailbox the server does not know). */
  rejectRecipients: boolean;
  close(): Promise<void>;
}

export const SMTP_USER = 'berangkat-otp';
/** With an @ and a colon: the URL must carry it percent-encoded and the sender decode it. */
export const SMTP_PASSWORD = 'sandi@rahasia:1';

export async function startSmtpServer(): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  const state = { rejectRecipients: false };
  const server = new SMTPServer({
    // Plain text on the loopback only; a deployment's server offers TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (state.rejectRecipients)
        return callback(
          Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }),
        );
      return callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((to) => to.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            mail,
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    received,
    get rejectRecipients() {
      return state.rejectRecipients;
    },
    set rejectRecipients(value: boolean) {
      state.rejectRecipients = value;
    },
    async waitFor(to, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find((message) => message.envelopeTo.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no message to ${to} within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code as the traveller reads it in the message's text. */
export function codeInMail(message: ReceivedMail): string {
  const code = /Kode OTP Berangkat kamu: (\d{6})\./.exec(message.mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the message: ${message.mail.text ?? '(no text)'}`);
  return code;
}
