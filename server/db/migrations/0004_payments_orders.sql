CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"method_code" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_reservation_id_unique" UNIQUE("reservation_id")
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "kind" text DEFAULT 'va' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_fee" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cashback_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Databases seeded before this migration: each method's kind, and the groups the payment page shows.
UPDATE "payment_methods" SET "kind" = 'qris' WHERE "group" IN ('QRIS', 'E-Wallet');--> statement-breakpoint
UPDATE "payment_methods" SET "kind" = 'retail' WHERE "group" = 'Gerai Retail';--> statement-breakpoint
UPDATE "payment_methods" SET "group" = 'E-Wallet & QRIS' WHERE "group" IN ('QRIS', 'E-Wallet');
