ALTER TABLE "swap_orders" ADD COLUMN "tp_price" numeric(38, 0);--> statement-breakpoint
ALTER TABLE "swap_orders" ADD COLUMN "sl_price" numeric(38, 0);