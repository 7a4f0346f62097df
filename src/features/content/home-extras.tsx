import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { ArrowRight, Bus, CircleHelp, Gift, HandHeart, MessageCircle } from 'lucide-react';
import {
  bannerCategoriesQueryOptions,
  bannersQueryOptions,
  configQueryOptions,
  popularPathsQueryOptions,
} from '../../api/content-queries';
import { formatRupiah, tomorrowInJakarta } from '../../lib/format';
import { externalClick } from '../../platform/native-bridge';

export const HOME_TEXT = {
  banners: 'Promo dan info',
  popular: 'Rute Populer',
  from: (price: string) => `Mulai ${price}`,
  more: 'Layanan lainnya',
  links: {
    souvenirs: 'Oleh-oleh',
    faq: 'Pusat Bantuan',
    operators: 'Operator Mitra',
    berkah: 'Donasi Berkah',
  },
  callCentre: 'Call center',
  chat: 'Chat WhatsApp',
  follow: 'Ikuti kami',
} as const;

/** Below the search form: banners, popular routes, other services. Loaded after the form paints. */
export default function HomeExtras() {
  return (
    <>
      <HomeBanners />
      <PopularPaths />
      <MoreServices />
    </>
  );
}

function HomeBanners() {
  const router = useRouter();
  const categories = useQuery(bannerCategoriesQueryOptions());
  const home = categories.data?.list.find((category) => category.nama === 'Beranda');
  const banners = useQuery({ ...bannersQueryOptions(home?.kategori_id ?? 0), enabled: home !== undefined });
  const list = banners.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label={HOME_TEXT.banners} className="mt-6">
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-1">
        {list.map((banner) => (
          <li key={banner.banner_id} className="w-[85%] shrink-0 snap-start desktop:w-[32%]">
            {banner.tautan?.startsWith('/app') ? (
              <a
                href={banner.tautan}
                onClick={(event) => {
                  event.preventDefault();
                  void router.navigate({ href: event.currentTarget.getAttribute('href') ?? '/' });
                }}
                className="block overflow-hidden rounded-card"
              >
                <BannerImage banner={banner} />
              </a>
            ) : (
              <BannerImage banner={banner} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BannerImage({
  banner,
}: {
  banner: { judul: string; gambar: { url: string; lebar: number; tinggi: number } };
}) {
  return (
    <img
      src={banner.gambar.url}
      alt={banner.judul}
      width={banner.gambar.lebar}
      height={banner.gambar.tinggi}
      loading="lazy"
      decoding="async"
      className="h-auto w-full rounded-card"
    />
  );
}

function PopularPaths() {
  const query = useQuery(popularPathsQueryOptions());
  const list = query.data?.list ?? [];
  if (list.length === 0) return null;
  const date = tomorrowInJakarta();
  return (
    <section aria-labelledby="rute-populer" className="mt-8">
      <h2 id="rute-populer" className="text-base font-bold">
        {HOME_TEXT.popular}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-2 desktop:grid-cols-4">
        {list.map((path) => (
          <li key={`${path.asal_id}-${path.tujuan_id}`}>
            <Link
              to="/app/schedule/{-$return}"
              params={{ return: undefined }}
              search={{
                asal_id: path.asal_id,
                asal_tipe: path.asal_tipe,
                tujuan_id: path.tujuan_id,
                tujuan_tipe: path.tujuan_tipe,
                tanggal: date,
                pp: false,
              }}
              className="hairline flex min-h-11 items-center justify-between gap-2 rounded-card border-grey-200 bg-white p-3 hover:border-primary-600"
            >
              <span>
                <span className="flex items-center gap-1 text-sm font-semibold">
                  {path.asal_nama} <ArrowRight className="size-3.5" aria-label="ke" /> {path.tujuan_nama}
                </span>
                <span className="block text-xs text-grey-700">{HOME_TEXT.from(formatRupiah(path.harga_mulai))}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MoreServices() {
  const config = useQuery(configQueryOptions());
  const links = [
    { to: '/app/oleh-oleh', label: HOME_TEXT.links.souvenirs, icon: Gift },
    { to: '/app/faq', label: HOME_TEXT.links.faq, icon: CircleHelp },
    { to: '/app/operator', label: HOME_TEXT.links.operators, icon: Bus },
    ...(config.data?.fitur.berkah === false
      ? []
      : [{ to: '/app/berkah-info', label: HOME_TEXT.links.berkah, icon: HandHeart }]),
  ] as const;
  return (
    <section aria-labelledby="layanan-lain" className="mt-8">
      <h2 id="layanan-lain" className="text-base font-bold">
        {HOME_TEXT.more}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 desktop:grid-cols-4">
        {links.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="hairline flex min-h-11 items-center gap-2 rounded-card border-grey-200 bg-white p-3 text-sm font-semibold hover:border-primary-600"
            >
              <Icon className="size-5 text-primary-600" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The footer's contact: the configured call centre and social links. */
export function HomeContact() {
  const config = useQuery(configQueryOptions());
  if (!config.data) return null;
  const { call_center: cc, sosial } = config.data;
  return (
    <div className="mx-auto grid max-w-5xl gap-4 px-4 pt-4 text-sm desktop:grid-cols-2">
      <div>
        <p className="font-bold">{HOME_TEXT.callCentre}</p>
        <p className="text-grey-700">
          {cc.telepon} · {cc.email}
        </p>
        <p className="text-grey-700">{cc.jam_layanan}</p>
        <a
          href={`https://wa.me/${cc.whatsapp}`}
          target="_blank"
          rel="noopener noreferrer"
          onClick={externalClick('whatsapp')}
          className="mt-1 inline-flex min-h-11 items-center gap-2 font-semibold text-primary-700 hover:underline"
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          {HOME_TEXT.chat}
        </a>
      </div>
      <div>
        <p className="font-bold">{HOME_TEXT.follow}</p>
        <ul className="mt-1 flex flex-wrap gap-x-4">
          {sosial.map((link) => (
            <li key={link.url}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={externalClick('other')}
                className="inline-flex min-h-11 items-center font-semibold text-primary-700 hover:underline"
              >
                {link.nama}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
