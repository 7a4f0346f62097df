import { test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_BASIC_CREDENTIALS, HEADER, USER_ID_LENGTH } from '../../contract';

/** Seeded customer with 8000 points and no session: only a one-time code signs her in. */
export const DEWI = { name: 'Dewi Lestari', phone: '085711223344', email: 'dewi.lestari@contoh.id', points: 8000 };

/** A phone number no other test uses, so per-number code limits never meet. */
export function freshPhone(): string {
  return `0813${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

function guestHeaders(): Record<string, string> {
  const { user, password } = DEFAULT_BASIC_CREDENTIALS.WEB;
  return {
    [HEADER.userId]: 'e'.repeat(USER_ID_LENGTH),
    [HEADER.platform]: 'WEB',
    [HEADER.authorization]: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  };
}

/** The newest code the development outbox holds for a phone or email (demo mode). */
export async function latestOtp(request: APIRequestContext, baseURL: string, address: string): Promise<string> {
  const reply = await request.get(`${baseURL}/api/berangkat/demo/otp-outbox`, {
    params: { tujuan: address },
    headers: guestHeaders(),
  });
  const body = (await reply.json()) as { results?: { list: { kode: string }[] } };
  const code = body.results?.list[0]?.kode;
  if (!code) throw new Error(`no code in the outbox for ${address}`);
  return code;
}

/** Signs a phone in through the API (code request, outbox, login) and answers the bearer token. */
export async function signInByApi(request: APIRequestContext, baseURL: string, phone: string): Promise<string> {
  const sent = await request.post(`${baseURL}/api/berangkat/request-customer-login-alternative`, {
    data: { tipe: 'telp', telp: phone },
    headers: guestHeaders(),
  });
  if (!sent.ok()) throw new Error(`code request failed: ${sent.status()} ${await sent.text()}`);
  const otp = await latestOtp(request, baseURL, phone);
  const login = await request.post(`${baseURL}/api/berangkat/customer-login`, {
    data: { tipe: 'telp', auth: 'otp', telp: phone, otp },
    headers: guestHeaders(),
  });
  const body = (await login.json()) as { results?: { token: string } };
  if (!body.results?.token) throw new Error(`login failed: ${login.status()} ${JSON.stringify(body)}`);
  return body.results.token;
}

/**
 * Signs the browser in with a token as a sign-in in the app leaves it: the `_atx` cookie. (On the
 * web an `auth` query no longer signs a tab in, issue 21; only the app's webview honours it.)
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('the project sets a base URL');
  await page.context().addCookies([{ name: '_atx', value: encodeURIComponent(token), url: baseURL }]);
}
