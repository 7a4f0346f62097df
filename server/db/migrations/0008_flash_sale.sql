CREATE TABLE "flash_sale_blocks" (
	"card_id" integer NOT NULL,
	"client" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flash_sale_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"title" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"normal_price" integer NOT NULL,
	"sale_price" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"description" text NOT NULL,
	"terms" jsonb NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer" char(1) NOT NULL,
	CONSTRAINT "flash_sale_cards_stock" CHECK ("flash_sale_cards"."sold" >= 0 AND "flash_sale_cards"."sold" <= "flash_sale_cards"."stock")
);
--> statement-breakpoint
CREATE TABLE "flash_sale_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "flash_sale_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "flash_sale_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flash_sale_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flash_sale_slots_order" CHECK ("flash_sale_slots"."ends_at" > "flash_sale_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "flash_sale_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" char(10) NOT NULL,
	"card_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"customer_id" integer,
	"status" text DEFAULT 'menunggu-pembayaran' NOT NULL,
	"booker_name" text NOT NULL,
	"booker_email" text NOT NULL,
	"booker_phone" text NOT NULL,
	"payment_method_code" text NOT NULL,
	"price" integer NOT NULL,
	"fee" integer NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_by" timestamp with time zone NOT NULL,
	CONSTRAINT "flash_sale_transactions_code_unique" UNIQUE("code"),
	CONSTRAINT "flash_sale_transactions_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
ALTER TABLE "flash_sale_blocks" ADD CONSTRAINT "flash_sale_blocks_card_id_flash_sale_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."flash_sale_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_cards" ADD CONSTRAINT "flash_sale_cards_slot_id_flash_sale_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."flash_sale_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_cards" ADD CONSTRAINT "flash_sale_cards_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_keys" ADD CONSTRAINT "flash_sale_keys_card_id_flash_sale_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."flash_sale_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_slots" ADD CONSTRAINT "flash_sale_slots_session_id_flash_sale_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."flash_sale_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_transactions" ADD CONSTRAINT "flash_sale_transactions_card_id_flash_sale_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."flash_sale_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_transactions" ADD CONSTRAINT "flash_sale_transactions_key_id_flash_sale_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."flash_sale_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_transactions" ADD CONSTRAINT "flash_sale_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_transactions" ADD CONSTRAINT "flash_sale_transactions_payment_method_code_payment_methods_code_fk" FOREIGN KEY ("payment_method_code") REFERENCES "public"."payment_methods"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flash_sale_blocks_uq" ON "flash_sale_blocks" USING btree ("card_id","client");--> statement-breakpoint
CREATE INDEX "flash_sale_cards_slot_idx" ON "flash_sale_cards" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "flash_sale_keys_expiry_idx" ON "flash_sale_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flash_sale_sessions_date_uq" ON "flash_sale_sessions" USING btree ("date");--> statement-breakpoint
CREATE INDEX "flash_sale_slots_session_idx" ON "flash_sale_slots" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "flash_sale_slots_starts_idx" ON "flash_sale_slots" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "flash_sale_transactions_customer_idx" ON "flash_sale_transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "flash_sale_transactions_card_idx" ON "flash_sale_transactions" USING btree ("card_id");