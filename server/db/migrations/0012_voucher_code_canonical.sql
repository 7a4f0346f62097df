-- Orders used to store the voucher code as the passenger typed it ("duakali", "DUAKALI"), while the
-- quota counted exact matches: every case variant got a fresh quota. From now on an order stores
-- its voucher's own code; this rewrites the orders made before, so their uses count too. The
-- voucher chosen is the one the look-up (services/vouchers.ts findVoucher) picks: an exact match
-- first, else the first voucher whose code equals it without case. Codes no voucher knows stay.
UPDATE "reservations" AS r
SET "voucher_code" = (
	SELECT v."code" FROM "vouchers" AS v
	WHERE upper(v."code") = upper(btrim(r."voucher_code"))
	ORDER BY v."code" = btrim(r."voucher_code") DESC, v."id"
	LIMIT 1
)
WHERE r."voucher_code" IS NOT NULL
	AND NOT EXISTS (SELECT 1 FROM "vouchers" AS v WHERE v."code" = r."voucher_code")
	AND EXISTS (SELECT 1 FROM "vouchers" AS v WHERE upper(v."code") = upper(btrim(r."voucher_code")));
