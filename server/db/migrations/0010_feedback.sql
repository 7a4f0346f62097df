CREATE TABLE "feedback_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "feedback_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"order_code" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"reply_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_category_id_feedback_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."feedback_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedbacks_customer_idx" ON "feedbacks" USING btree ("customer_id","created_at");--> statement-breakpoint
INSERT INTO "feedback_categories" ("name", "position") VALUES
  ('Pemesanan & Pembayaran', 1),
  ('Jadwal & Armada', 2),
  ('Pelayanan Operator', 3),
  ('Aplikasi & Website', 4),
  ('Lainnya', 5)
ON CONFLICT ("name") DO NOTHING;
