import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  API_BASE,
  DEFAULT_BASIC_CREDENTIALS,
  ErrorEnvelopeSchema,
  HEADER,
  PlatformSchema,
  endpoints,
  okEnvelope,
  type EndpointName,
} from '../../contract';
import { createApp, type App } from '../../server/app';
import { MAX_BODY_BYTES } from '../../server/http/validate';
import { basic, userId } from './api-support';
import { signIn } from './helpers/accounts';
import {
  LEAK_PATTERN,
  changedTables,
  databaseDigest,
  encodeLoose,
  fieldsOf,
  headerSafe,
  hostileString,
  hostileValue,
  plausibleValue,
} from './helpers/hostile';

/** Values at the edges of the ranges a query value meets: int4, safe integers, the calendar. */
const edgeValue = fc.constantFrom('2147483648', '9007199254740993', '-1', '0', '1e309', '9999-12-31', '62');
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

/**
 * Generated bad input against every call of the contract's `endpoints` table: wrong types, huge
 * strings, SQL and HTML, unicode, odd numbers, missing and repeated fields, bad headers and
 * tokens, oversized bodies, wrong content types. Every answer is the error envelope with a 4xx
 * (or, for input that happens to be valid, the call's OK envelope), never a 5xx, never a stack
 * or a path; and refused requests leave every table as it was.
 */

/** Generated requests per call: 83 calls, so about 3,200 requests per database (25-60 s on 2 cores). */
const RUNS_PER_CALL = 40;

const names = Object.keys(endpoints) as EndpointName[];

type Auth = 'basic' | 'bearer' | 'bad';

interface HostileRequest {
  auth: Auth;
  headers: Record<string, string>;
  /** GET: the raw query string; POST: the raw body with its content type. */
  query: string;
  body: { text: string; type: string | null } | null;
  /** True when the request is certain to be refused before any handler runs. */
  refusedUpFront: boolean;
}

const unknownPlatform = (value: string) => (value === '' || PlatformSchema.safeParse(value).success ? 'X' : value);

const badHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constant({ authorization: basic() }),
  hostileString.map((value) => ({ [HEADER.userId]: headerSafe(value), authorization: basic() })),
  fc.constant({ [HEADER.userId]: 'é'.repeat(100), authorization: basic() }),
  hostileString.map((value) => ({
    [HEADER.userId]: userId(),
    // Headers arrive trimmed, and an empty platform means WEB: keep the value a wrong one.
    [HEADER.platform]: unknownPlatform(headerSafe(value).trim()),
    authorization: basic(),
  })),
  hostileString.map((value) => ({
    [HEADER.userId]: userId(),
    authorization: `Basic ${Buffer.from(value).toString('base64')}`,
  })),
  hostileString.map((value) => ({ [HEADER.userId]: userId(), authorization: `Basic ${headerSafe(value)}` })),
  hostileString.map((value) => ({ [HEADER.userId]: userId(), authorization: `Bearer ${headerSafe(value) || 'x'}` })),
  fc.constantFrom('Bearer', 'Basic', 'Bearer ', 'Digest abc', 'basic Og==', '', ' '.repeat(10)).map((value) => ({
    [HEADER.userId]: userId(),
    authorization: value,
  })),
  // Android credentials presented as the web's: each platform has its own.
  fc.constant({
    [HEADER.userId]: userId(),
    [HEADER.platform]: 'APP-ANDROID',
    authorization: basic('WEB', {
      user: DEFAULT_BASIC_CREDENTIALS.WEB.user,
      password: `${DEFAULT_BASIC_CREDENTIALS.WEB.password}x`,
    }),
  }),
);

/** Headers beside authentication that handlers read: none of them may turn a refusal into a 5xx. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      [HEADER.versionCode]: hostileString.map(headerSafe),
      'idempotency-key': hostileString.map(headerSafe),
      'x-order-key': hostileString.map(headerSafe),
      'x-hold-token': hostileString.map(headerSafe),
      'x-forwarded-for': hostileString.map(headerSafe),
      cookie: hostileString.map((value) => `_atx=${headerSafe(value)}`),
    },
    { requiredKeys: [] },
  )
  .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')));

const asQueryValue = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(asQueryValue).join(',')
      : (JSON.stringify(value) ?? '');

function queryOf(fields: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fields.length > 0 ? fc.constantFrom(...fields) : hostileString, weight: 4 },
    { arbitrary: hostileString, weight: 1 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', '__proto__[x]', 'a[]', 'page[0]'), weight: 1 },
  );
  const encodePairs = (pairs: [string, unknown][]) =>
    pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(asQueryValue(v))}`).join('&');
  return fc.oneof(
    fc.array(fc.tuple(key, hostileValue), { maxLength: 8 }).map(encodePairs),
    // Every field plausible but one or two hostile: the hostile value reaches the code behind the
    // schema. Weighted up, with range edges favoured: that is where schemas and columns disagree.
    ...(fields.length > 0
      ? [
          {
            arbitrary: fc
              .array(fc.tuple(fc.constantFrom(...fields), fc.oneof(edgeValue, edgeValue, hostileValue)), {
                minLength: 1,
                maxLength: 2,
              })
              .map((bad) => {
                const pairs = new Map<string, unknown>(fields.map((field) => [field, plausibleValue(field)]));
                for (const [field, value] of bad) pairs.set(field, value);
                return encodePairs([...pairs]);
              }),
            weight: 4,
          },
        ]
      : []),
    // The same field twice, and raw malformed encodings.
    fc
      .tuple(key, hostileString, hostileString)
      .map(([k, a, b]) => `${encodeLoose(k)}=${encodeLoose(a)}&${encodeLoose(k)}=${encodeLoose(b)}`),
    fc.constantFrom('%', '%%', '%ED%A0%80=1', 'a=%FF%FE', '&&&', '=', 'page=1&page=2', 'x'.repeat(9_000)),
  );
}

function bodyOf(
  fields: string[],
  form: boolean,
  maxBytes: number,
): fc.Arbitrary<{ text: string; type: string | null }> {
  const json = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const key = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), hostileString) : hostileString;
  const object = fc
    .array(fc.tuple(key, hostileValue), { maxLength: 8 })
    .map((pairs) => Object.fromEntries(pairs) as Record<string, unknown>);
  const encoded = form
    ? fc
        .array(fc.tuple(key, hostileValue), { maxLength: 8 })
        .map((pairs) => pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(asQueryValue(v))}`).join('&'))
    : object.map((value) => JSON.stringify(value));
  return fc.oneof(
    { arbitrary: encoded.map((text) => ({ text, type: json })), weight: 6 },
    // A field sent twice: JSON keeps the last, a form refuses it.
    {
      arbitrary: fc
        .tuple(key, hostileString, hostileString)
        .map(([k, a, b]) =>
          form
            ? `${encodeLoose(k)}=${encodeLoose(a)}&${encodeLoose(k)}=${encodeLoose(b)}`
            : `{${JSON.stringify(k)}:${JSON.stringify(a)},${JSON.stringify(k)}:${JSON.stringify(b)}}`,
        )
        .map((text) => ({ text, type: json })),
      weight: 2,
    },
    // Not an object at all, or not JSON.
    {
      arbitrary: fc
        .oneof(
          hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
          hostileString,
        )
        .map((text) => ({ text, type: json })),
      weight: 2,
    },
    // Over the size limit, in ASCII or in multibyte characters.
    {
      arbitrary: fc.constantFrom('a', 'é', '😀').map((ch) => ({
        text: `{"x":"${ch.repeat(Math.ceil((maxBytes + 10) / Buffer.byteLength(ch)))}"}`,
        type: json,
      })),
      weight: 1,
    },
    // A wrong or missing content type, or nothing at all.
    {
      arbitrary: fc
        .tuple(
          encoded,
          fc.constantFrom(
            null,
            'text/plain',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/jsonx',
            // The other body kind of the API: JSON to the form call, a form to the JSON ones.
            form ? 'application/json' : 'application/x-www-form-urlencoded',
          ),
        )
        .map(([text, type]) => ({ text, type })),
      weight: 1,
    },
    { arbitrary: fc.constantFrom({ text: '', type: json }, { text: '   ', type: json }), weight: 1 },
  );
}

function requestOf(name: EndpointName, bearer: string): fc.Arbitrary<HostileRequest> {
  const endpoint = endpoints[name];
  const fields = fieldsOf(endpoint.input);
  const auth = fc.constantFrom<Auth>('basic', 'basic', 'bearer', 'bearer', 'bad');
  const isPost = endpoint.method === 'POST';
  const form = 'body' in endpoint && endpoint.body === 'form';
  const maxBytes = 'maxBodyBytes' in endpoint ? endpoint.maxBodyBytes : MAX_BODY_BYTES;
  return fc
    .tuple(
      auth,
      badHeaders,
      extraHeaders,
      isPost ? fc.constant('') : queryOf(fields),
      isPost ? bodyOf(fields, form, maxBytes) : fc.constant(null),
    )
    .map(([mode, bad, extra, query, body]) => {
      const good = { [HEADER.userId]: userId() };
      const headers =
        mode === 'bad'
          ? { ...extra, ...bad }
          : { ...extra, ...good, authorization: mode === 'bearer' ? `Bearer ${bearer}` : basic() };
      return { auth: mode, headers, query, body, refusedUpFront: mode === 'bad' };
    });
}

async function send(app: App, name: EndpointName, request: HostileRequest): Promise<{ status: number; text: string }> {
  const endpoint = endpoints[name];
  const url = `${API_BASE}${endpoint.path}${request.query ? `?${request.query}` : ''}`;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body?.type) headers['content-type'] = request.body.type;
  const response = await app.request(url, {
    method: endpoint.method,
    headers,
    ...(request.body ? { body: request.body.text } : {}),
  });
  return { status: response.status, text: await response.text() };
}

/** Calls that may write on a request that passed its schema (none of them ever on a refusal). */
function mayHaveWritten(name: EndpointName, request: HostileRequest, status: number): boolean {
  return (
    !request.refusedUpFront && status < 300 && (endpoints[name].method === 'POST' || name === 'flashsaleCekSoalCard')
  );
}

describeEachDatabase('generated bad input on every call, on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let bearer: string;
  let logoutBearer: string;
  let started = 0;
  let requests = 0;
  let digestsCompared = 0;
  const statuses = new Map<number, number>();
  const sentTo = new Map<EndpointName, number>();

  beforeAll(async () => {
    started = performance.now();
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
    bearer = await signIn(app);
    // Signing out revokes the token it is sent with: that call gets a session of its own.
    logoutBearer = await signIn(app);
  }, 120_000);
  afterAll(async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
    console.log(
      `property-api on ${kind}: ${names.length} calls, ${RUNS_PER_CALL} runs each, ${requests} requests in ${seconds} s, ` +
        `${digestsCompared} table digests compared; statuses ${byStatus.join(' ')}`,
    );
    await handle.destroy();
  });

  it.each(names)('%s: 4xx envelopes only, no leaks, nothing written on refusal', async (name) => {
    const endpoint = endpoints[name];
    const okSchema = okEnvelope(endpoint.results as z.ZodType);
    const before = await databaseDigest(handle.db);
    let wrote = false;
    await fc.assert(
      fc.asyncProperty(requestOf(name, name === 'customerLogout' ? logoutBearer : bearer), async (request) => {
        const { status, text } = await send(app, name, request);
        requests += 1;
        sentTo.set(name, (sentTo.get(name) ?? 0) + 1);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, text.slice(0, 300)).toBeLessThan(500);
        expect(text).not.toMatch(LEAK_PATTERN);
        const body = JSON.parse(text) as unknown;
        if (status === 200) {
          expect(request.refusedUpFront).toBe(false);
          expect(okSchema.safeParse(body).success).toBe(true);
        } else {
          expect(status).toBeGreaterThanOrEqual(400);
          expect(ErrorEnvelopeSchema.safeParse(body).success, text.slice(0, 300)).toBe(true);
        }
        if (mayHaveWritten(name, request, status)) wrote = true;
      }),
      { numRuns: RUNS_PER_CALL },
    );
    if (!wrote) {
      expect(changedTables(before, await databaseDigest(handle.db))).toEqual([]);
      digestsCompared += 1;
    }
  });

  it('sent every call of the endpoints table its runs, and compared the tables around most', () => {
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      expect(sentTo.get(name), name).toBeGreaterThanOrEqual(RUNS_PER_CALL);
    }
    expect(digestsCompared).toBeGreaterThan(names.length / 2);
  });
});
