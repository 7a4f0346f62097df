/** The code senders' settings as env.ts reads them (otp-senders.ts uses them). */
export interface SmtpSettings {
  /** smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465. */
  url: string;
  /** The From header, e.g. `Berangkat <no-reply@berangkat.id>`. */
  from: string;
}

export interface WhatsappSettings {
  /** The Graph API base with its version, e.g. https://graph.facebook.com/v23.0. */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  /** An approved authentication template with a copy-code button. */
  template: string;
  language: string;
}

export const WHATSAPP_API_DEFAULT = 'https://graph.facebook.com/v23.0';

/** Plain text only to this machine (a local MTA, a test stand-in); anything further goes encrypted. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}
