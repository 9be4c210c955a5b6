CREATE TABLE "user_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
CREATE INDEX "user_notes_user_idx" ON "user_notes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_deposits_status_updated_idx" ON "wallet_deposits" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "wallet_deposits_address_idx" ON "wallet_deposits" USING btree ("address");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_stage_updated_idx" ON "wallet_withdrawals" USING btree ("stage","updated_at");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_address_idx" ON "wallet_withdrawals" USING btree ("address");