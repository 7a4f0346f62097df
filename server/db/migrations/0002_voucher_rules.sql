ALTER TABLE "vouchers" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "quota" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "payment_method_code" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_payment_method_code_payment_methods_code_fk" FOREIGN KEY ("payment_method_code") REFERENCES "public"."payment_methods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_voucher_idx" ON "reservations" USING btree ("voucher_code") WHERE "reservations"."voucher_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_quota_nonnegative" CHECK ("vouchers"."quota" IS NULL OR "vouchers"."quota" >= 0);