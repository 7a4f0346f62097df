/**
 * Sign-in codes to phones through the WhatsApp Cloud API of Meta: POST {api}/{phone-number-id}/messages
 * with a bearer token, sending the operator's approved authentication template (its copy-code button
 * carries the code). WhatsApp writes the text itself in the template's language; we send the code.
 * A 2xx with a message id means Meta accepted the message; delivery is reported later by webhook.
 */
import type { Logger } from '../logger';
import { providerFailed } from './errors';
import { maskAddress, type OtpSender } from './otp-delivery';
import type { WhatsappSettings } from './otp-settings';

export const WHATSAPP_NOT_SENT =
  'Kode OTP gagal dikirim lewat WhatsApp. Pastikan nomor ini memakai WhatsApp, lalu coba lagi beberapa saat lagi.';

/** 0812… as WhatsApp wants it: the country code (62) and no leading zero or plus. */
export function whatsappNumber(phone: string): string {
  return phone.startsWith('0') ? `62${phone.slice(1)}` : phone;
}

/** The documented request body of an authentication template with a copy-code button. */
export function authenticationTemplateBody(settings: WhatsappSettings, phone: string, code: string) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: whatsappNumber(phone),
    type: 'template',
    template: {
      name: settings.template,
      language: { code: settings.language },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ],
    },
  };
}

interface GraphReply {
  messages?: { id?: unknown }[];
  error?: { code?: unknown; error_subcode?: unknown; type?: unknown; fbtrace_id?: unknown };
}

export function whatsappSender(settings: WhatsappSettings, options: { logger: Logger; timeoutMs?: number }): OtpSender {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/${settings.phoneNumberId}/messages`;
  const timeout = options.timeoutMs ?? 10_000;
  return {
    configured: true,
    async send(message) {
      const to = maskAddress(message.channel, message.address);
      let status = 0;
      let reply: GraphReply = {};
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(authenticationTemplateBody(settings, message.address, message.code)),
          signal: AbortSignal.timeout(timeout),
        });
        status = response.status;
        reply = ((await response.json().catch(() => ({}))) ?? {}) as GraphReply;
      } catch (error) {
        options.logger.warn(
          { channel: 'telp', to, error: error instanceof Error ? error.name : String(error) },
          'otp whatsapp not sent',
        );
        throw providerFailed(WHATSAPP_NOT_SENT);
      }
      const id = reply.messages?.[0]?.id;
      if (status >= 200 && status < 300 && typeof id === 'string') {
        options.logger.info({ channel: 'telp', to, messageId: id }, 'otp sent');
        return;
      }
      // Meta's error object names the cause (131026 not on WhatsApp, 190 bad token, 132001 no such
      // template): enough for the operator, and it carries neither the code nor the number.
      const failure = reply.error ?? {};
      options.logger.warn(
        {
          channel: 'telp',
          to,
          status,
          error: failure.code,
          subcode: failure.error_subcode,
          type: failure.type,
          fbtraceId: failure.fbtrace_id,
        },
        'otp whatsapp not sent',
      );
      throw providerFailed(WHATSAPP_NOT_SENT);
    },
  };
}
