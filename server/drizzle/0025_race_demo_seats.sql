ALTER TABLE "race_entries" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Entries the demo's racers made before this column existed (their accounts' fixed addresses, ensureDemoRacers).
UPDATE "race_entries" SET "demo" = true WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "address" LIKE '0x4e657861' || repeat('0', 26) || '9a____');
