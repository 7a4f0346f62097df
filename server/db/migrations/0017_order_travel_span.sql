DROP INDEX "reservations_customer_idx";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "first_departure" timestamp;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "last_travel_date" date;--> statement-breakpoint
-- Orders made before this migration: their first departure and last travel date from their
-- passengers' seats, as "Pesanan Saya" worked them out on every read until now.
UPDATE "reservations" AS r SET "first_departure" = span.first_departure, "last_travel_date" = span.last_date
FROM (
  SELECT p."reservation_id", min(sb."departure_date" + s."departure_time") AS first_departure,
         max(sb."departure_date") AS last_date
  FROM "passengers" AS p
  JOIN "seat_bookings" AS sb ON sb."id" = p."seat_booking_id"
  JOIN "schedules" AS s ON s."id" = sb."schedule_id"
  GROUP BY p."reservation_id"
) AS span
WHERE span."reservation_id" = r."id";--> statement-breakpoint
CREATE INDEX "reservations_customer_orders_idx" ON "reservations" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","expires_at","last_travel_date","first_departure");