ALTER TABLE "copy_trades" ADD COLUMN "mark_price" numeric(38, 0);--> statement-breakpoint
ALTER TABLE "copy_trades" ADD COLUMN "mark_slippage" bigint;--> statement-breakpoint
ALTER TABLE "copy_trades" ADD COLUMN "limit_price" numeric(38, 0);