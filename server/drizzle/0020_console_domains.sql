CREATE TABLE "copy_lead_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"delay_min" integer DEFAULT 0 NOT NULL,
	"closed_positions" integer NOT NULL,
	"equity" numeric(38, 0) NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "copy_leads" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "copy_leads" ADD COLUMN "suspend_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "copy_lead_applications_pending_key" ON "copy_lead_applications" USING btree ("user_id") WHERE "copy_lead_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "copy_lead_applications_user_idx" ON "copy_lead_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "copy_lead_applications_status_idx" ON "copy_lead_applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "swap_trades_created_idx" ON "swap_trades" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shop_merchants_pending_idx" ON "shop_merchants" USING btree ("created_at") WHERE "shop_merchants"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "market_trades_created_idx" ON "market_trades" USING btree ("created_at");