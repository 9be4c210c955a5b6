ALTER TABLE "copy_trades" ADD COLUMN "margin_asked" numeric(38, 0);--> statement-breakpoint
ALTER TABLE "copy_trades" ADD COLUMN "margin_opened" numeric(38, 0);--> statement-breakpoint
ALTER TABLE "copy_trades" ADD COLUMN "margin_reason" text;