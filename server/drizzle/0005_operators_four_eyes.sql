DROP INDEX "wallet_deposits_tx_key";--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "recovery_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_deposits" ADD COLUMN "approvals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_deposits" ADD COLUMN "required_approvals" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposits_claim_key" ON "wallet_deposits" USING btree ("tx_hash","user_id") WHERE "wallet_deposits"."chain" = 'manual' and "wallet_deposits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposits_tx_key" ON "wallet_deposits" USING btree ("chain","tx_hash","log_index") WHERE "wallet_deposits"."chain" <> 'manual' or "wallet_deposits"."status" = 'approved';--> statement-breakpoint
UPDATE "wallet_deposits" SET "approvals" = jsonb_build_array("reviewed_by") WHERE "reviewed_by" IS NOT NULL AND "status" = 'approved' AND "chain" = 'manual';
