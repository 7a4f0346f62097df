import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Tab, TabList, Tabs } from 'react-aria-components';
import { Zap } from 'lucide-react';
import { formatCountdown } from '../../../machines/countdown';
import {
  chosenSlot,
  slotClock,
  type FlashSaleCardSummary,
  type FlashSaleSlot,
} from '../../../machines/flash-sale.machine';
import {
  flashSaleCardsQueryOptions,
  flashSaleHomeQueryOptions,
  flashSaleSessionsQueryOptions,
} from '../../api/flash-sale-queries';
import { Navbar } from '../../components/navbar';
import { OperatorLogo } from '../../components/operator-logo';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah } from '../../lib/format';
import { EmptyState, ListSkeleton, LoadFailed } from '../../components/list-states';
import { Skeleton } from '../../components/form-field';
import { useFlashSaleActor, useFlashSaleSelector } from '../../flow/flash-sale-actor';

export const FLASH_SALE_TEXT = {
  title: 'Flash Sale',
  days: 'Tanggal flash sale',
  slots: 'Sesi flash sale',
  startsIn: 'Dimulai dalam',
  endsIn: 'Berakhir dalam',
  over: 'Sesi sudah berakhir',
  noSlots: 'Belum ada sesi flash sale di tanggal ini',
  noSlotsHint: 'Pilih tanggal lain untuk melihat sesi berikutnya.',
  sold: (sold: number, stock: number) => `Terjual ${sold}/${stock}`,
  soldOut: 'Habis',
  see: 'Lihat',
  history: 'Riwayat Pembelian',
} as const;

const STATUS_TEXT: Record<FlashSaleSlot['status'], string> = {
  berlangsung: 'Berlangsung',
  'akan-datang': 'Akan datang',
  selesai: 'Selesai',
};

/** /app/flash-sale: the day tabs, the slot tabs of the day with their clock, and the slot's cards. */
export function FlashSaleScreen() {
  const home = useQuery(flashSaleHomeQueryOptions());
  return (
    <>
      <Navbar title={FLASH_SALE_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 space-y-4 px-4 py-4">
        <section className="rounded-card bg-gradient-to-br from-primary-600 to-primary-800 p-5 text-white">
          <h2 className="flex items-center gap-2 text-xl font-extrabold">
            <Zap className="size-6" aria-hidden="true" />
            {home.data?.title ?? FLASH_SALE_TEXT.title}
          </h2>
          {home.data ? (
            <p className="mt-1 text-sm">{home.data.description}</p>
          ) : (
            <Skeleton className="mt-2 h-4 w-3/4 opacity-60" />
          )}
          <Link
            to="/app/flash-sale/riwayat"
            className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold underline"
          >
            {FLASH_SALE_TEXT.history}
          </Link>
        </section>
        {home.isError ? (
          <LoadFailed onRetry={() => void home.refetch()} />
        ) : home.data ? (
          <Days days={home.data.dates} />
        ) : (
          <ListSkeleton rows={2} label="Memuat flash sale" />
        )}
      </main>
    </>
  );
}

function Days({ days }: { days: string[] }) {
  const actor = useFlashSaleActor();
  const chosen = useFlashSaleSelector((snapshot) => snapshot.context.date);
  const date = chosen && days.includes(chosen) ? chosen : (days[0] ?? null);
  const sessions = useQuery({ ...flashSaleSessionsQueryOptions(date ?? ''), enabled: date !== null });
  useEffect(() => {
    if (date && date !== chosen) actor.send({ type: 'date.choose', date });
  }, [actor, chosen, date]);
  useEffect(() => {
    if (!sessions.data) return;
    actor.send({
      type: 'sessions.loaded',
      date: sessions.data.date,
      list: sessions.data.slots,
      serverNowMs: sessions.data.serverNowMs,
    });
  }, [actor, sessions.data]);
  return (
    <>
      <Tabs
        selectedKey={date ?? undefined}
        onSelectionChange={(key) => actor.send({ type: 'date.choose', date: String(key) })}
      >
        <TabList aria-label={FLASH_SALE_TEXT.days} className="flex gap-2 overflow-x-auto pb-1">
          {days.map((day) => (
            <Tab
              key={day}
              id={day}
              className={cx(
                'hairline min-h-11 shrink-0 cursor-pointer rounded-card border-grey-200 bg-white px-3 py-2 text-sm font-semibold outline-none',
                'data-[selected]:border-primary-600 data-[selected]:bg-primary-50 data-[selected]:text-primary-800',
                'data-[focus-visible]:ring-2 data-[focus-visible]:ring-primary-600',
              )}
            >
              {formatDateShort(day).replace(/ \d{4}$/, '')}
            </Tab>
          ))}
        </TabList>
      </Tabs>
      {sessions.isError ? <LoadFailed onRetry={() => void sessions.refetch()} /> : <Slots />}
    </>
  );
}

function Slots() {
  const actor = useFlashSaleActor();
  const view = useFlashSaleSelector((snapshot) =>
    snapshot.matches({ sessions: 'empty' }) ? 'empty' : snapshot.matches({ sessions: 'shown' }) ? 'shown' : 'loading',
  );
  const slots = useFlashSaleSelector((snapshot) => snapshot.context.slots);
  const slotId = useFlashSaleSelector((snapshot) => snapshot.context.slotId);
  if (view === 'loading') return <ListSkeleton rows={3} label="Memuat sesi flash sale" />;
  if (view === 'empty') {
    return (
      <EmptyState icon={<Zap className="size-10" aria-hidden="true" />} title={FLASH_SALE_TEXT.noSlots}>
        <p className="mt-1 text-sm text-grey-700">{FLASH_SALE_TEXT.noSlotsHint}</p>
      </EmptyState>
    );
  }
  return (
    <Tabs
      selectedKey={slotId ?? undefined}
      onSelectionChange={(key) => actor.send({ type: 'session.choose', slotId: Number(key) })}
    >
      <TabList aria-label={FLASH_SALE_TEXT.slots} className="grid grid-cols-4 gap-2">
        {slots.map((slot) => (
          <Tab
            key={slot.id}
            id={slot.id}
            className={cx(
              'hairline min-h-11 cursor-pointer rounded-card border-grey-200 bg-white px-2 py-2 text-center outline-none',
              'data-[selected]:border-primary-600 data-[selected]:bg-primary-600 data-[selected]:text-white',
              'data-[focus-visible]:ring-2 data-[focus-visible]:ring-primary-600',
            )}
          >
            <span className="block text-sm font-bold">{slot.name.replace('Sesi ', '')}</span>
            <span className="block text-xs">{STATUS_TEXT[slot.status]}</span>
          </Tab>
        ))}
      </TabList>
      <SlotClock />
      {slotId !== null ? <Cards slotId={slotId} /> : null}
    </Tabs>
  );
}

/** The chosen slot's count down, on the server's clock as the machine keeps it. */
function SlotClock() {
  const slot = useFlashSaleSelector((snapshot) => chosenSlot(snapshot.context));
  const left = useFlashSaleSelector((snapshot) =>
    slotClock(chosenSlot(snapshot.context), snapshot.context.serverNowMs),
  );
  if (!slot) return null;
  const upcoming = slot.status === 'akan-datang';
  return (
    <p className="mt-3 flex items-center gap-2 text-sm font-semibold">
      {left > 0 ? (
        <>
          <span>{upcoming ? FLASH_SALE_TEXT.startsIn : FLASH_SALE_TEXT.endsIn}</span>
          <span className="rounded bg-danger-600 px-2 py-0.5 font-mono text-white tabular-nums">
            {formatCountdown(left)}
          </span>
        </>
      ) : (
        FLASH_SALE_TEXT.over
      )}
    </p>
  );
}

function Cards({ slotId }: { slotId: number }) {
  const running = useFlashSaleSelector((snapshot) => chosenSlot(snapshot.context)?.status === 'berlangsung');
  const cards = useQuery(flashSaleCardsQueryOptions(slotId, running));
  if (cards.isError) return <LoadFailed onRetry={() => void cards.refetch()} />;
  if (!cards.data) return <ListSkeleton rows={3} label="Memuat kartu flash sale" />;
  return (
    <ul className="mt-3 grid gap-3 desktop:grid-cols-3" aria-label="Kartu flash sale">
      {cards.data.cards.map((card) => (
        <li key={card.id}>
          <CardTile card={card} />
        </li>
      ))}
    </ul>
  );
}

function CardTile({ card }: { card: FlashSaleCardSummary }) {
  const actor = useFlashSaleActor();
  const soldOut = card.left === 0;
  const percent = card.stock === 0 ? 100 : Math.round((card.sold / card.stock) * 100);
  return (
    <article
      aria-labelledby={`fs-card-${card.id}`}
      className="hairline flex h-full flex-col rounded-card border-grey-200 bg-white p-4"
    >
      <div className="flex items-center gap-2">
        <OperatorLogo src={card.operatorLogo} name={card.operatorName} />
        <span className="text-sm text-grey-700">{card.operatorName}</span>
      </div>
      <h2 id={`fs-card-${card.id}`} className="mt-2 font-bold">
        {card.origin} → {card.destination}
      </h2>
      <p className="mt-1">
        <span className="text-lg font-extrabold text-danger-700">{formatRupiah(card.flashPrice)}</span>{' '}
        <s className="text-sm text-grey-700">{formatRupiah(card.normalPrice)}</s>
      </p>
      <div className="mt-2">
        <div
          role="meter"
          aria-label="Terjual"
          aria-valuemin={0}
          aria-valuemax={card.stock}
          aria-valuenow={card.sold}
          aria-valuetext={FLASH_SALE_TEXT.sold(card.sold, card.stock)}
          className="h-2 overflow-hidden rounded-full bg-grey-200"
        >
          <div className="h-full rounded-full bg-danger-600" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-1 text-xs text-grey-700" aria-live="polite">
          {soldOut ? FLASH_SALE_TEXT.soldOut : FLASH_SALE_TEXT.sold(card.sold, card.stock)}
        </p>
      </div>
      <button
        type="button"
        className={cx(
          'mt-3 min-h-11 rounded-card px-4 text-sm font-semibold',
          soldOut ? 'bg-grey-200 text-grey-700' : 'bg-primary-600 text-white hover:bg-primary-700',
        )}
        aria-label={`${FLASH_SALE_TEXT.see} ${card.origin} ke ${card.destination}`}
        onClick={() => actor.send({ type: 'card.open', cardId: card.id })}
      >
        {FLASH_SALE_TEXT.see}
      </button>
    </article>
  );
}
