CREATE TABLE "payment_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"gateway_order_id" text NOT NULL,
	"provider" text NOT NULL,
	"method_code" text NOT NULL,
	"amount" integer NOT NULL,
	"transaction_id" text,
	"nomor_bayar" text,
	"kode_biller" text,
	"qris" text,
	"url_bayar" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "payment_charges_gateway_order_id_unique" UNIQUE("gateway_order_id")
);
--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_charges_reservation_idx" ON "payment_charges" USING btree ("reservation_id","id");--> statement-breakpoint
CREATE INDEX "payment_charges_pending_idx" ON "payment_charges" USING btree ("expires_at") WHERE status = 'pending';