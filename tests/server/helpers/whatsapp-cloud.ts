/**
 * A local stand-in of the WhatsApp Cloud API's send-message endpoint, as Meta documents it:
 * POST /{version}/{phone-number-id}/messages with `Authorization: Bearer <token>` and a JSON
 * template message. It checks both and answers as the Graph API does: 200 with the message id,
 * or an error object (`{ error: { message, type, code, fbtrace_id } }`) with 400 or 401.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GRAPH_VERSION = 'v23.0';
export const PHONE_NUMBER_ID = '106540352242922';
export const ACCESS_TOKEN = 'EAAJBtokenuji1234567890';
export const TEMPLATE = 'kode_masuk_berangkat';

export interface SentTemplate {
  to: string;
  code: string;
  template: string;
  language: string;
}

/** What the stand-in does with the next requests. */
export type StandInMode = 'accept' | 'not-allowed' | 'hang';

export interface WhatsappStandIn {
  /** The API base with its version, for WHATSAPP_API_URL. */
  apiUrl: string;
  sent: SentTemplate[];
  /** Requests it refused, with the reason it gave. */
  refused: string[];
  mode: StandInMode;
  close(): Promise<void>;
}

const fbtrace = () => `A${Math.random().toString(36).slice(2, 12)}`;

function graphError(res: ServerResponse, status: number, error: { message: string; type: string; code: number }) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { ...error, fbtrace_id: fbtrace() } }));
}

/** The documented shape of an authentication template with a copy-code button; null when it is not. */
function readTemplate(body: unknown): SentTemplate | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = body as Record<string, unknown>;
  if (message.messaging_product !== 'whatsapp' || message.type !== 'template') return null;
  if (message.recipient_type !== undefined && message.recipient_type !== 'individual') return null;
  if (typeof message.to !== 'string' || !/^\d{8,15}$/.test(message.to)) return null;
  const template = message.template as
    { name?: unknown; language?: { code?: unknown }; components?: Record<string, unknown>[] } | undefined;
  if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string') return null;
  const components = template.components ?? [];
  const bodyPart = components.find((part) => part.type === 'body');
  const button = components.find((part) => part.type === 'button');
  const textOf = (part: Record<string, unknown> | undefined) => {
    const parameters = part?.parameters as { type?: unknown; text?: unknown }[] | undefined;
    return parameters?.length === 1 && parameters[0]?.type === 'text' ? parameters[0].text : undefined;
  };
  const code = textOf(bodyPart);
  // The copy-code button is a URL button at index 0 whose one parameter is the same code.
  if (typeof code !== 'string' || button?.sub_type !== 'url' || button.index !== '0' || textOf(button) !== code)
    return null;
  return { to: message.to, code, template: template.name, language: template.language.code };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

export async function startWhatsappStandIn(): Promise<WhatsappStandIn> {
  const sent: SentTemplate[] = [];
  const refused: string[] = [];
  const state = { mode: 'accept' as StandInMode };
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      if (req.method !== 'POST' || req.url !== `/${GRAPH_VERSION}/${PHONE_NUMBER_ID}/messages`) {
        refused.push(`path ${req.method} ${req.url}`);
        return graphError(res, 400, {
          message: 'Unsupported post request.',
          type: 'GraphMethodException',
          code: 100,
        });
      }
      if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
        refused.push('token');
        return graphError(res, 401, {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
        });
      }
      let parsed: unknown = null;
      try {
        parsed = req.headers['content-type']?.startsWith('application/json') ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      const template = readTemplate(parsed);
      if (!template) {
        refused.push('body');
        return graphError(res, 400, { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 });
      }
      if (state.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (state.mode === 'not-allowed') {
        refused.push('recipient');
        return graphError(res, 400, {
          message: '(#131030) Recipient phone number not in allowed list',
          type: 'OAuthException',
          code: 131030,
        });
      }
      sent.push(template);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: template.to, wa_id: template.to }],
          messages: [{ id: `wamid.HBgL${sent.length}${fbtrace()}` }],
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    apiUrl: `http://127.0.0.1:${port}/${GRAPH_VERSION}`,
    sent,
    refused,
    get mode() {
      return state.mode;
    },
    set mode(value: StandInMode) {
      state.mode = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
