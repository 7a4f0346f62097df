CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"popular_rank" smallint,
	CONSTRAINT "cities_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "connecting_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"leg_no" smallint NOT NULL,
	"schedule_id" integer NOT NULL,
	"day_offset" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connecting_trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"origin_point_id" integer NOT NULL,
	"destination_point_id" integer NOT NULL,
	CONSTRAINT "connecting_trips_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"token" text,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_unique" UNIQUE("email"),
	CONSTRAINT "customers_phone_unique" UNIQUE("phone"),
	CONSTRAINT "customers_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"type" text NOT NULL,
	"terms" jsonb NOT NULL,
	CONSTRAINT "operators_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "passengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"seat_booking_id" integer,
	"direction" text NOT NULL,
	"leg_no" smallint DEFAULT 1 NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"fee_type" text DEFAULT 'persen' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "points" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" char(10) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_id" integer,
	"booker_name" text NOT NULL,
	"booker_phone" text NOT NULL,
	"booker_email" text NOT NULL,
	"payment_method_code" text,
	"voucher_code" text,
	"sub_total" integer NOT NULL,
	"total" integer NOT NULL,
	"insurance" boolean DEFAULT false NOT NULL,
	"donation" integer DEFAULT 0 NOT NULL,
	"donation_message" text,
	"used_points" integer DEFAULT 0 NOT NULL,
	"is_round_trip" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reservations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"origin_point_id" integer NOT NULL,
	"destination_point_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"route_id" integer NOT NULL,
	"layout_id" integer NOT NULL,
	"service" text NOT NULL,
	"departure_time" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" integer NOT NULL,
	"price2" integer,
	"promo_price" integer,
	"promo_code" text,
	"select_seat" boolean DEFAULT true NOT NULL,
	"refundable" boolean DEFAULT true NOT NULL,
	"facilities" jsonb NOT NULL,
	"stops" jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	CONSTRAINT "schedules_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "seat_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"departure_date" date NOT NULL,
	"seat_no" text NOT NULL,
	"reservation_id" integer,
	"live" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"floors" jsonb NOT NULL,
	"capacity" smallint NOT NULL,
	CONSTRAINT "seat_layouts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"max_discount" integer,
	"min_amount" integer DEFAULT 0 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "connecting_legs" ADD CONSTRAINT "connecting_legs_trip_id_connecting_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."connecting_trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connecting_legs" ADD CONSTRAINT "connecting_legs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connecting_trips" ADD CONSTRAINT "connecting_trips_origin_point_id_points_id_fk" FOREIGN KEY ("origin_point_id") REFERENCES "public"."points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connecting_trips" ADD CONSTRAINT "connecting_trips_destination_point_id_points_id_fk" FOREIGN KEY ("destination_point_id") REFERENCES "public"."points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_seat_booking_id_seat_bookings_id_fk" FOREIGN KEY ("seat_booking_id") REFERENCES "public"."seat_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points" ADD CONSTRAINT "points_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_origin_point_id_points_id_fk" FOREIGN KEY ("origin_point_id") REFERENCES "public"."points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_destination_point_id_points_id_fk" FOREIGN KEY ("destination_point_id") REFERENCES "public"."points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_layout_id_seat_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."seat_layouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_bookings" ADD CONSTRAINT "seat_bookings_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_bookings" ADD CONSTRAINT "seat_bookings_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connecting_legs_trip_leg_uq" ON "connecting_legs" USING btree ("trip_id","leg_no");--> statement-breakpoint
CREATE INDEX "connecting_origin_idx" ON "connecting_trips" USING btree ("origin_point_id");--> statement-breakpoint
CREATE INDEX "connecting_destination_idx" ON "connecting_trips" USING btree ("destination_point_id");--> statement-breakpoint
CREATE INDEX "passengers_reservation_idx" ON "passengers" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "points_city_idx" ON "points" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_city_name_uq" ON "points" USING btree ("city_id","name");--> statement-breakpoint
CREATE INDEX "reservations_customer_idx" ON "reservations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "routes_origin_idx" ON "routes" USING btree ("origin_point_id");--> statement-breakpoint
CREATE INDEX "routes_destination_idx" ON "routes" USING btree ("destination_point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "routes_operator_pair_uq" ON "routes" USING btree ("operator_id","origin_point_id","destination_point_id");--> statement-breakpoint
CREATE INDEX "schedules_route_idx" ON "schedules" USING btree ("route_id","departure_time");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_bookings_live_uq" ON "seat_bookings" USING btree ("schedule_id","departure_date","seat_no") WHERE "seat_bookings"."live";--> statement-breakpoint
CREATE INDEX "seat_bookings_departure_idx" ON "seat_bookings" USING btree ("schedule_id","departure_date") WHERE "seat_bookings"."live";