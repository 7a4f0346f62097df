/**
 * The deployment's product configuration (spec sections 1 and 3: the global feature flags
 * refundable, berkah and point; a call-centre WhatsApp contact and social links).
 */
import {
  CALL_CENTER_WHATSAPP,
  FEATURE_OFF_MESSAGES,
  type CekHargaResults,
  type KonfigurasiResults,
} from '../../contract';
import { ApiError } from './errors';
import type { PriceOptions } from './trip';

export interface ProductConfig {
  /** Demo mode (seeded demo data, simulated payment, development outbox) or the real service. */
  mode: 'demo' | 'produksi';
  features: { refundable: boolean; berkah: boolean; point: boolean };
  callCenter: { whatsapp: string; phone: string; email: string; hours: string };
  social: { name: string; url: string }[];
}

export type Feature = keyof ProductConfig['features'];

export const DEFAULT_CONFIG: ProductConfig = {
  mode: 'demo',
  features: { refundable: true, berkah: true, point: true },
  callCenter: {
    whatsapp: CALL_CENTER_WHATSAPP,
    phone: '021-5000-1234',
    email: 'halo@berangkat.id',
    hours: 'Setiap hari, 06.00-22.00 WIB',
  },
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/berangkat.id' },
    { name: 'Facebook', url: 'https://www.facebook.com/berangkat.id' },
    { name: 'X', url: 'https://x.com/berangkat_id' },
    { name: 'TikTok', url: 'https://www.tiktok.com/@berangkat.id' },
    { name: 'YouTube', url: 'https://www.youtube.com/@berangkat.id' },
  ],
};

export function konfigurasi(config: ProductConfig): KonfigurasiResults {
  return {
    mode: config.mode,
    fitur: { ...config.features },
    call_center: {
      whatsapp: config.callCenter.whatsapp,
      telepon: config.callCenter.phone,
      email: config.callCenter.email,
      jam_layanan: config.callCenter.hours,
    },
    sosial: config.social.map((link) => ({ nama: link.name, url: link.url })),
  };
}

/** The options a price check or a reservation asks for. */
export type RequestedOptions = Pick<PriceOptions, 'insurance' | 'donation' | 'usePoints'>;

/** An option whose flag is off is refused (422 FTR-1), never silently dropped from the price. */
export function assertFeatures(config: ProductConfig, options: RequestedOptions): void {
  const asked: [Feature, boolean][] = [
    ['refundable', options.insurance],
    ['berkah', options.donation > 0],
    ['point', options.usePoints],
  ];
  for (const [feature, wanted] of asked) {
    if (wanted && !config.features[feature]) throw new ApiError(422, 'FTR-1', FEATURE_OFF_MESSAGES[feature]);
  }
}

/** A price check offers only what is switched on. */
export function offeredOnly(config: ProductConfig, results: CekHargaResults): CekHargaResults {
  const { refundable, point } = config.features;
  return {
    ...results,
    ...(refundable ? {} : { biaya_asuransi: 0, flag_status_asuransi: 0 }),
    ...(point ? {} : { max_point: 0, total_point: 0, flag_status_point: 0 }),
    list_harga: point ? results.list_harga : results.list_harga.filter((line) => line.type !== 'cashback-point'),
  };
}
