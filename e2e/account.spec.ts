import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_BASE, HEADER, USER_ID_LENGTH, endpoints } from '../contract';
import { freshPhone, signInByApi } from './support/accounts';
import { blockingViolations, dayFromToday, toast } from './support/booking-model';

/*
 * The signed-in customer's screens (issue 9): Profil Saya, Pesanan Saya, Point Saya and Voucher
 * Saya, each asking a guest to sign in first.
 */

/** Seeded demo customer Rina Kartika: a session of its own, so no code is needed. */
const RINA_TOKEN = 'demo-token-berangkat';
/** The day this spec's reservations travel on: no other test books it. */
const DAY = 48;
const XTR = { operator: 'XTR', schedule: 'XTR-BDG-JKT-0800', price: 150000 };

function headers(token: string): Record<string, string> {
  return {
    [HEADER.userId]: 'a'.repeat(USER_ID_LENGTH),
    [HEADER.platform]: 'WEB',
    [HEADER.authorization]: `Bearer ${token}`,
  };
}

async function get<T>(request: APIRequestContext, baseURL: string, path: string, token: string): Promise<T> {
  const reply = await request.get(`${baseURL}${API_BASE}${path}`, { headers: headers(token) });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { results: T }).results;
}

async function signInBrowser(page: Page, baseURL: string, token: string) {
  await page.context().addCookies([{ name: '_atx', value: token, url: baseURL }]);
}

async function post<T>(request: APIRequestContext, baseURL: string, path: string, token: string, data: object) {
  const reply = await request.post(`${baseURL}${API_BASE}${path}`, { headers: headers(token), data });
  const body = (await reply.json()) as { results?: T };
  if (!body.results) throw new Error(`${path} failed: ${JSON.stringify(body)}`);
  return body.results;
}

/** Reserves one ordinary XTR seat through the API as the customer (points redeemed or not); answers the code. */
async function reserve(request: APIRequestContext, baseURL: string, token: string, points: boolean): Promise<string> {
  const date = dayFromToday(DAY);
  const layout = await get<{
    layout_kursi: { kursi: Record<string, { no: string; tipe: string; flag_booking: number; harga_tiket: number }> }[];
  }>(
    request,
    baseURL,
    `${endpoints.kursi.path}?operator_kode=${XTR.operator}&jadwal_kode=${XTR.schedule}&tanggal_berangkat=${date}`,
    token,
  );
  const seat = layout.layout_kursi
    .flatMap((floor) => Object.values(floor.kursi))
    .find((s) => (s.tipe === 'P' || s.tipe === 'PS') && s.flag_booking === 0 && s.harga_tiket === XTR.price);
  if (!seat) throw new Error(`no free XTR seat on ${date}`);
  const results = await post<{ reservasi_kode: string }>(request, baseURL, endpoints.reservasi.path, token, {
    operator_kode_pergi: XTR.operator,
    jadwal_kode_pergi: XTR.schedule,
    tanggal_berangkat_pergi: date,
    kursi_pergi: [{ no: seat.no, penumpang_nama: 'Sari Wulandari' }],
    pemesan_nama: 'Sari Wulandari',
    pemesan_telp: '081234567891',
    pemesan_email: 'sari@contoh.id',
    total_bayar: XTR.price,
    flag_point: points ? 1 : 0,
  });
  return results.reservasi_kode;
}

/**
 * A new customer of its own (other tests spend the seeded customers' points): a paid trip earns
 * cashback, which a second booking then redeems. Answers the token and the second order's code.
 */
async function customerWhoRedeemed(request: APIRequestContext, baseURL: string) {
  const token = await signInByApi(request, baseURL, freshPhone());
  const paid = await reserve(request, baseURL, token, false);
  await post(request, baseURL, endpoints.gantiPembayaran.path, token, {
    reservasi_kode: paid,
    jenis_pembayaran_kode: 'VA_BCA',
  });
  await post(request, baseURL, endpoints.simulasiBayar.path, token, { reservasi_kode: paid });
  const redeemed = await reserve(request, baseURL, token, true);
  return { token, paid, redeemed };
}

test('a guest is asked to sign in on every customer screen, and "Masuk" comes back to it', async ({ page }) => {
  for (const [path, title] of [
    ['/app/list-customer-point', 'Point Saya'],
    ['/app/customer/list-order', 'Pesanan Saya'],
    ['/app/customer/profile', 'Profil Saya'],
    ['/app/referral', 'Ajak Teman'],
    ['/app/customer/feedback', 'Masukan'],
    ['/app/customer/list-voucher', 'Voucher Saya'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toBeVisible();
  }
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('main').getByRole('link', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/app\/login\?redirect=%2Fapp%2Fcustomer%2Flist-voucher/);
});

test('cashback earned and redeemed: Point Saya shows the balance and both rows; Pesanan Saya lists and opens the order', async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const { token, paid, redeemed: code } = await customerWhoRedeemed(request, base);
  const history = await get<{ list: { reservasi_kode: string | null; tipe: string; point: number }[] }>(
    request,
    base,
    `${endpoints.customerHistoryPoint.path}?page=1`,
    token,
  );
  const earned = history.list.find((entry) => entry.reservasi_kode === paid && entry.tipe === 'cashback')?.point;
  const spent = history.list.find((entry) => entry.reservasi_kode === code && entry.tipe === 'potongan')?.point;
  // 1% of Rp 150.000 earned, all of it redeemed on the next order (at most 10% of its price).
  expect([earned, spent]).toEqual([1500, -1500]);
  await signInBrowser(page, base, token);

  await page.goto('/app/list-customer-point');
  await expect(page.getByRole('region', { name: 'Saldo Point' })).toContainText('0 Point');
  const row = page.getByRole('listitem').filter({ hasText: code });
  await expect(row).toContainText(`Tukar point untuk pesanan ${code}`);
  await expect(row).toContainText('-1.500 Point');
  await expect(page.getByRole('listitem').filter({ hasText: paid })).toContainText('+1.500 Point');
  expect(await blockingViolations(page)).toEqual([]);

  await page.goto('/app/customer/list-order');
  await expect(page.getByRole('tab', { name: 'Aktif', selected: true })).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(`^Pesanan ${code}`) });
  await expect(card).toContainText('Menunggu Pembayaran');
  await expect(card).toContainText('Bandung');
  expect(await blockingViolations(page)).toEqual([]);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/app/order/${code}$`));
  await expect(page.getByText(code).first()).toBeVisible();
});

test('Pesanan Saya: the history tab and an empty account say so', async ({ page, request, baseURL }) => {
  const token = await signInByApi(request, baseURL ?? '', freshPhone());
  await signInBrowser(page, baseURL ?? '', token);
  await page.goto('/app/customer/list-order');
  await expect(page.getByText('Belum ada pesanan aktif')).toBeVisible();
  await page.getByRole('tab', { name: 'Riwayat' }).click();
  await expect(page.getByText('Belum ada riwayat pesanan')).toBeVisible();
  await page.goto('/app/list-customer-point');
  await expect(page.getByRole('region', { name: 'Saldo Point' })).toContainText('0 Point');
  await expect(page.getByText('Belum ada riwayat point')).toBeVisible();
});

test('Profil Saya refuses a bad name with the spec message and saves a good profile', async ({
  page,
  request,
  baseURL,
}) => {
  const phone = freshPhone();
  const token = await signInByApi(request, baseURL ?? '', phone);
  await signInBrowser(page, baseURL ?? '', token);
  await page.goto('/app/customer/profile');
  await expect(page.getByText(phone)).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Nama Lengkap' });
  await name.fill('Sari 123');
  await page.getByRole('radio', { name: 'Perempuan' }).check({ force: true });
  await page.getByLabel('Tanggal Lahir').fill('1994-08-17');
  await page.getByRole('combobox', { name: 'Pekerjaan' }).selectOption({ label: 'Wiraswasta' });
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Hanya abjad yang boleh digunakan')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await name.fill('Sari Wulandari');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Profil berhasil disimpan')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nama Lengkap' })).toHaveValue('Sari Wulandari');
  await expect(page.getByRole('combobox', { name: 'Pekerjaan' })).toHaveValue('4');
});

test('Voucher Saya lists the usable vouchers and opens one with its terms', async ({ page, baseURL }) => {
  await signInBrowser(page, baseURL ?? '', RINA_TOKEN);
  await page.goto('/app/customer/list-voucher');
  const hemat = page.getByRole('article', { name: 'Diskon 10% Perjalanan Hemat' });
  await expect(hemat).toContainText('HEMAT10');
  await expect(page.getByRole('article', { name: /sudah berakhir/ })).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await hemat.getByRole('link', { name: 'Detail voucher Diskon 10% Perjalanan Hemat' }).click();
  await expect(page).toHaveURL(/\/app\/customer\/detail-voucher\/HEMAT10$/);
  await expect(page.getByRole('heading', { name: 'Syarat & Ketentuan' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
