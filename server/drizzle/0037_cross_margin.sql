ALTER TABLE "swap_levers" ADD COLUMN "mgn_mode" text DEFAULT 'isolated' NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_positions" ADD COLUMN "mgn_mode" text DEFAULT 'isolated' NOT NULL;