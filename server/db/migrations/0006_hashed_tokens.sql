-- Sessions of tokens kept in clear until now go on, stored as their SHA-256 only.
INSERT INTO "customer_sessions" ("customer_id", "token_hash", "expires_at")
SELECT "id", encode(sha256(convert_to("token", 'UTF8')), 'hex'), now() + interval '365 days'
FROM "customers" WHERE "token" IS NOT NULL
ON CONFLICT ("token_hash") DO NOTHING;--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_token_unique";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "token";