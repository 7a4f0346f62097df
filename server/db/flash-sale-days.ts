/** The flash sale's days: laid out by the seed and kept ahead by the server as days pass. */
import type { Database } from './client';
import { flashSaleCards, flashSaleSessions, flashSaleSlots, operators } from './schema';
import {
  FLASH_SALE_DAYS,
  FLASH_SALE_SLOT_HOURS,
  FLASH_SALE_SLOT_STARTS,
  FLASH_SALE_TERMS,
  FLASH_SALE_VALID_DAYS,
  cardsOfSlot,
} from './seed-data/flash-sale';
import { addDays, daysBetween } from '../lib/dates';

/** An instant from a WIB date and `HH:mm`. */
const wib = (date: string, time: string) => new Date(`${date}T${time}:00+07:00`);

/**
 * Makes sure `today` and the following days have their flash sale: a day already laid out is left
 * alone (the unique date makes a second process's insert a no-op), so it runs at every start.
 */
export async function layOutFlashSaleDays(db: Database, today: string): Promise<number> {
  const operatorRows = await db.select({ id: operators.id, code: operators.code }).from(operators);
  const operatorIds = new Map(operatorRows.map((row) => [row.code, row.id]));
  if (operatorIds.size === 0) return 0;
  let added = 0;
  for (let day = 0; day < FLASH_SALE_DAYS; day += 1) {
    const date = addDays(today, day);
    await db.transaction(async (tx) => {
      const [session] = await tx
        .insert(flashSaleSessions)
        .values({ date, name: 'Flash Sale Berangkat' })
        .onConflictDoNothing()
        .returning({ id: flashSaleSessions.id });
      if (!session) return;
      added += 1;
      const slots = await tx
        .insert(flashSaleSlots)
        .values(
          FLASH_SALE_SLOT_STARTS.map((start) => {
            const startsAt = wib(date, start);
            return {
              sessionId: session.id,
              name: `Sesi ${start.replace(':', '.')}`,
              startsAt,
              endsAt: new Date(startsAt.getTime() + FLASH_SALE_SLOT_HOURS * 3_600_000),
            };
          }),
        )
        .returning({ id: flashSaleSlots.id, startsAt: flashSaleSlots.startsAt });
      // Rotating by the date keeps every day's cards different from the day before.
      const dayNumber = daysBetween('2026-01-01', date);
      const cards = slots.flatMap((slot, index) =>
        cardsOfSlot(dayNumber * FLASH_SALE_SLOT_STARTS.length + index).flatMap((card) => {
          const operatorId = operatorIds.get(card.operator);
          if (operatorId === undefined) return [];
          return [
            {
              slotId: slot.id,
              operatorId,
              title: `${card.origin} - ${card.destination} cuma ${rupiah(card.salePrice)}`,
              origin: card.origin,
              destination: card.destination,
              normalPrice: card.normalPrice,
              salePrice: card.salePrice,
              stock: card.stock,
              validFrom: date,
              validUntil: addDays(date, FLASH_SALE_VALID_DAYS),
              description: `Satu kursi ${card.origin} ke ${card.destination} dengan harga flash sale. Jawab soal dengan benar untuk membeli.`,
              terms: [...FLASH_SALE_TERMS],
              question: card.question,
              options: card.options,
              answer: card.answer,
            },
          ];
        }),
      );
      if (cards.length > 0) await tx.insert(flashSaleCards).values(cards);
    });
  }
  return added;
}

const rupiah = (value: number) => `Rp ${value.toLocaleString('id-ID').replace(/,/g, '.')}`;
