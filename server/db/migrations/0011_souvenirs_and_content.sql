CREATE TABLE "banner_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "banner_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "banner_popups" (
	"id" serial PRIMARY KEY NOT NULL,
	"ads_code" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image" jsonb NOT NULL,
	"link" text,
	"button_label" text NOT NULL,
	CONSTRAINT "banner_popups_ads_code_unique" UNIQUE("ads_code")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" jsonb NOT NULL,
	"link" text,
	"souvenir_category_id" integer,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"author" text NOT NULL,
	"published_on" date NOT NULL,
	"image" jsonb NOT NULL,
	CONSTRAINT "blog_posts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "event_vouchers" (
	"event_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "events_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "faqs_question_unique" UNIQUE("question")
);
--> statement-breakpoint
CREATE TABLE "souvenir_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "souvenir_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "souvenir_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"price" integer NOT NULL,
	"origin" text NOT NULL,
	"seller" text NOT NULL,
	"description" text NOT NULL,
	"keeps_days" smallint NOT NULL,
	"image" jsonb NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "souvenir_products_name_unique" UNIQUE("name"),
	CONSTRAINT "souvenir_products_price" CHECK ("souvenir_products"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_category_id_banner_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."banner_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_souvenir_category_id_souvenir_categories_id_fk" FOREIGN KEY ("souvenir_category_id") REFERENCES "public"."souvenir_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_vouchers" ADD CONSTRAINT "event_vouchers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_vouchers" ADD CONSTRAINT "event_vouchers_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "souvenir_products" ADD CONSTRAINT "souvenir_products_category_id_souvenir_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."souvenir_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_category_idx" ON "banners" USING btree ("category_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "event_vouchers_uq" ON "event_vouchers" USING btree ("event_id","voucher_id");--> statement-breakpoint
CREATE INDEX "souvenir_products_category_idx" ON "souvenir_products" USING btree ("category_id","position");