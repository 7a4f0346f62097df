import type { CardSetup } from '../../contract/payment';

/**
 * The card's browser step through Midtrans's own script (MidtransNew3ds, as its card integration
 * guide describes): the card data goes from this page to Midtrans with the client key, and only the
 * one-time token it answers goes to our server. The script is loaded on demand, once per page, when
 * a traveller pays by card; the server's CSP allows its origins only when the card is offered.
 */

export interface CardData {
  /** Digits only. */
  number: string;
  /** 1-12. */
  month: number;
  /** Four digits. */
  year: number;
  cvv: string;
}

interface TokenReply {
  status_code?: string;
  status_message?: string;
  token_id?: string;
  validation_messages?: string[];
}

interface MidtransNew3ds {
  getCardToken(
    card: { card_number: string; card_exp_month: string; card_exp_year: string; card_cvv: string },
    options: { onSuccess(reply: TokenReply): void; onFailure(reply: TokenReply): void },
  ): void;
  redirect(url: string, options: { callbackUrl: string }): void;
}

declare global {
  interface Window {
    MidtransNew3ds?: MidtransNew3ds;
  }
}

export const CARD_GATEWAY_MESSAGE = {
  scriptFailed: 'Layanan pembayaran kartu tidak dapat dimuat. Periksa koneksi internet lalu coba lagi.',
  refused: 'Data kartu tidak diterima. Periksa nomor kartu, masa berlaku dan CVV.',
  noAnswer: 'Layanan pembayaran kartu tidak menjawab. Coba lagi sebentar lagi.',
} as const;

/** The script's id and data attributes are what MidtransNew3ds reads its settings from. */
const SCRIPT_ID = 'midtrans-script';
const TOKEN_TIMEOUT_MS = 20_000;

let loaded: { url: string; script: Promise<MidtransNew3ds> } | null = null;

function loadScript(setup: CardSetup): Promise<MidtransNew3ds> {
  if (loaded?.url === setup.script_url) return loaded.script;
  document.getElementById(SCRIPT_ID)?.remove();
  const script = new Promise<MidtransNew3ds>((resolve, reject) => {
    const tag = document.createElement('script');
    tag.id = SCRIPT_ID;
    tag.type = 'text/javascript';
    tag.src = setup.script_url;
    tag.dataset.environment = setup.lingkungan;
    tag.dataset.clientKey = setup.client_key;
    tag.onload = () =>
      window.MidtransNew3ds ? resolve(window.MidtransNew3ds) : reject(new Error('no MidtransNew3ds'));
    tag.onerror = () => reject(new Error('script failed'));
    document.head.append(tag);
  });
  loaded = { url: setup.script_url, script };
  // A failed load is tried again on the next press.
  script.catch(() => {
    if (loaded?.script === script) loaded = null;
  });
  return script;
}

/** The one-time token for this card, or a rejection with the traveller's words. */
export async function cardToken(setup: CardSetup, card: CardData): Promise<string> {
  let gateway: MidtransNew3ds;
  try {
    gateway = await loadScript(setup);
  } catch {
    throw new Error(CARD_GATEWAY_MESSAGE.scriptFailed);
  }
  return new Promise<string>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(CARD_GATEWAY_MESSAGE.noAnswer)), TOKEN_TIMEOUT_MS);
    gateway.getCardToken(
      {
        card_number: card.number,
        card_exp_month: String(card.month).padStart(2, '0'),
        card_exp_year: String(card.year),
        card_cvv: card.cvv,
      },
      {
        onSuccess(reply) {
          window.clearTimeout(timer);
          if (reply.token_id) resolve(reply.token_id);
          else reject(new Error(CARD_GATEWAY_MESSAGE.refused));
        },
        onFailure() {
          window.clearTimeout(timer);
          reject(new Error(CARD_GATEWAY_MESSAGE.refused));
        },
      },
    );
  });
}

/**
 * Leaves for the bank's 3DS page through the gateway's script, which brings the traveller back to
 * `callbackUrl`; without the script (never loaded on this page), a plain redirect.
 */
export function openBankPage(url: string, callbackUrl: string): void {
  if (window.MidtransNew3ds) window.MidtransNew3ds.redirect(url, { callbackUrl });
  else window.location.assign(url);
}
