CREATE TABLE "support_traces" (
	"code" text PRIMARY KEY NOT NULL,
	"trace" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"client_key" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_traces_bytes" CHECK ("support_traces"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_traces" ADD CONSTRAINT "support_traces_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_traces_expires_at" ON "support_traces" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_role" CHECK ("customers"."role" IN ('customer', 'support'));