ALTER TABLE "reservations" ADD COLUMN "price_changed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "seat_bookings" ADD COLUMN "hold_token" text;--> statement-breakpoint
ALTER TABLE "seat_bookings" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_idempotency_uq" ON "reservations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "reservations_pending_expiry_idx" ON "reservations" USING btree ("expires_at") WHERE "reservations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "seat_bookings_hold_idx" ON "seat_bookings" USING btree ("hold_token") WHERE "seat_bookings"."live" AND "seat_bookings"."hold_token" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "seat_bookings_expiry_idx" ON "seat_bookings" USING btree ("expires_at") WHERE "seat_bookings"."live" AND "seat_bookings"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "seat_bookings_reservation_idx" ON "seat_bookings" USING btree ("reservation_id");