-- A flash-sale key now belongs to the buyer who answered its question, and the per-card purchase
-- cap counts transactions by that buyer. Rows made before have no known owner: they get one no
-- request can have ("tanpa-pemilik"; a buyer is always "customer:<id>" or "address:<client>"), so
-- an old unspent key buys nothing (it would expire within 15 minutes anyway). A signed-in buyer's
-- old transactions are theirs and count against their cap.
ALTER TABLE "flash_sale_keys" ADD COLUMN "owner" text NOT NULL DEFAULT 'tanpa-pemilik';--> statement-breakpoint
ALTER TABLE "flash_sale_keys" ALTER COLUMN "owner" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "flash_sale_transactions" ADD COLUMN "owner" text NOT NULL DEFAULT 'tanpa-pemilik';--> statement-breakpoint
UPDATE "flash_sale_transactions" SET "owner" = 'customer:' || "customer_id" WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sale_transactions" ALTER COLUMN "owner" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "flash_sale_transactions_owner_idx" ON "flash_sale_transactions" USING btree ("card_id","owner");
