ALTER TABLE "payment_charges" ALTER COLUMN "reservation_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD COLUMN "flash_sale_transaction_id" integer;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_flash_sale_transaction_id_flash_sale_transactions_id_fk" FOREIGN KEY ("flash_sale_transaction_id") REFERENCES "public"."flash_sale_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_charges_flash_sale_idx" ON "payment_charges" USING btree ("flash_sale_transaction_id","id");--> statement-breakpoint
-- Charges made before this migration may hold several pending charges of one order, method and
-- amount (concurrent payment pages): the newest stays open, the older ones are kept (a notification
-- for them still finds the order) but are no longer shown or swept.
UPDATE "payment_charges" AS c SET "status" = 'superseded'
WHERE c."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "payment_charges" AS d
  WHERE d."reservation_id" = c."reservation_id" AND d."method_code" = c."method_code"
    AND d."amount" = c."amount" AND d."status" = 'pending' AND d."id" > c."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_open_uq" ON "payment_charges" USING btree ("reservation_id","method_code","amount") WHERE status IN ('charging', 'pending') AND reservation_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_flash_sale_open_uq" ON "payment_charges" USING btree ("flash_sale_transaction_id","method_code","amount") WHERE status IN ('charging', 'pending') AND flash_sale_transaction_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_target" CHECK ((reservation_id IS NULL) <> (flash_sale_transaction_id IS NULL));