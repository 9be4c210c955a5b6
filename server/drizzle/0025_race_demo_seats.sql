ALTER TABLE "race_entries" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Entries the demo's racers made before this column existed (their accounts' fixed addresses, ensureDemoRacers),
-- in groups already paid out or expired: they are shown as demo racers. An entry of a group still running keeps
-- the old way (its racer paid its tickets and principal), so it settles as it was made.
UPDATE "race_entries" SET "demo" = true
WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "address" LIKE '0x4e657861' || repeat('0', 26) || '9a____')
  AND "group_id" IN (SELECT "id" FROM "race_groups" WHERE "paid_at" IS NOT NULL OR "status" = 'expired');
