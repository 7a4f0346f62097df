ALTER TABLE "reservations" ADD COLUMN "ads_code" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "referrer_url" text;--> statement-breakpoint
CREATE INDEX "reservations_ads_code_idx" ON "reservations" USING btree ("ads_code") WHERE "reservations"."ads_code" IS NOT NULL;