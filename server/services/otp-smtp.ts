/**
 * Sign-in codes by email through the operator's mail server (SMTP, nodemailer's pooled transport).
 * The code is in the message only: a failure is logged with the server's reply code and the masked
 * address, never the code or the server's text (which often repeats the recipient).
 */
import { createTransport } from 'nodemailer';
import { OTP } from '../../contract';
import type { Logger } from '../logger';
import { providerFailed } from './errors';
import { maskAddress, otpText, type OtpSender } from './otp-delivery';
import { isLoopbackHost, type SmtpSettings } from './otp-settings';

export const EMAIL_NOT_SENT =
  'Kode OTP gagal dikirim ke email kamu. Periksa alamat email, atau coba lagi beberapa saat lagi.';

export const EMAIL_SUBJECT = 'Kode OTP Berangkat kamu';

/** The message a traveller reads: Indonesian plain text, and the same in a plain HTML part. */
export function otpEmail(code: string): { subject: string; text: string; html: string } {
  const minutes = OTP.ttlSeconds / 60;
  const ignore = 'Kalau kamu tidak sedang masuk ke Berangkat, abaikan email ini.';
  return {
    subject: EMAIL_SUBJECT,
    text: `${otpText(code)}\n\n${ignore}\n\nBerangkat`,
    html: [
      '<!doctype html><html lang="id"><body style="font-family:sans-serif;color:#1f2933">',
      '<p>Kode OTP Berangkat kamu:</p>',
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>`,
      `<p>Berlaku ${minutes} menit. Jangan berikan kode ini kepada siapa pun.</p>`,
      `<p style="color:#52606d">${ignore}</p>`,
      '</body></html>',
    ].join(''),
  };
}

export interface SmtpSenderOptions {
  logger: Logger;
  /** Production: a plain smtp:// server must offer STARTTLS unless it is on this machine. */
  requireTls: boolean;
  /** Connect, greeting and idle-socket limit (ms); the whole send waits at most about twice this. */
  timeoutMs?: number;
}

export function smtpSender(settings: SmtpSettings, options: SmtpSenderOptions): OtpSender & { close(): void } {
  const url = new URL(settings.url);
  const secure = url.protocol === 'smtps:';
  const timeout = options.timeoutMs ?? 10_000;
  const transport = createTransport({
    pool: true,
    // A few connections at most: codes are rare, and mail servers limit connections per client.
    maxConnections: 3,
    maxMessages: 100,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && options.requireTls && !isLoopbackHost(url.hostname),
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // The message is ours alone; never read a file or URL named in it.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    configured: true,
    async send(message) {
      const to = maskAddress(message.channel, message.address);
      try {
        const info = await transport.sendMail({ from: settings.from, to: message.address, ...otpEmail(message.code) });
        options.logger.info({ channel: 'email', to, messageId: info.messageId }, 'otp sent');
      } catch (error) {
        const failure = error as { code?: unknown; responseCode?: unknown; command?: unknown };
        options.logger.warn(
          { channel: 'email', to, error: failure.code, responseCode: failure.responseCode, command: failure.command },
          'otp email not sent',
        );
        throw providerFailed(EMAIL_NOT_SENT);
      }
    },
    close() {
      transport.close();
    },
  };
}
