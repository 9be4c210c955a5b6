CREATE TABLE "market_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"tif" text NOT NULL,
	"price" numeric(38, 0),
	"size" numeric(38, 0),
	"quote_size" numeric(38, 0),
	"filled_size" numeric(38, 0) DEFAULT 0 NOT NULL,
	"filled_quote" numeric(38, 0) DEFAULT 0 NOT NULL,
	"fee" numeric(38, 0) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"frozen_asset" text NOT NULL,
	"frozen_amount" numeric(38, 0) NOT NULL,
	"maker_fee_rate" text NOT NULL,
	"taker_fee_rate" text NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_orders_frozen_check" CHECK ("market_orders"."frozen_amount" >= 0),
	CONSTRAINT "market_orders_filled_check" CHECK ("market_orders"."filled_size" >= 0 and "market_orders"."filled_quote" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inst_id" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"size" numeric(38, 0) NOT NULL,
	"quote" numeric(38, 0) NOT NULL,
	"side" text NOT NULL,
	"maker_order_id" text NOT NULL,
	"taker_order_id" text NOT NULL,
	"maker_user_id" integer NOT NULL,
	"taker_user_id" integer NOT NULL,
	"maker_fee" numeric(38, 0) NOT NULL,
	"taker_fee" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "p2p_listings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"remaining" numeric(38, 0) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"fee_rate" text NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "p2p_listings_remaining_check" CHECK ("p2p_listings"."remaining" >= 0 and "p2p_listings"."remaining" <= "p2p_listings"."amount")
);
--> statement-breakpoint
CREATE TABLE "p2p_sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"asset" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"total" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"ledger_tx_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "market_orders_seq_key" ON "market_orders" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "market_orders_user_idx" ON "market_orders" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "market_orders_open_idx" ON "market_orders" USING btree ("inst_id","seq") WHERE "market_orders"."status" in ('new', 'partial_filled');--> statement-breakpoint
CREATE INDEX "market_trades_inst_idx" ON "market_trades" USING btree ("inst_id","id");--> statement-breakpoint
CREATE INDEX "market_trades_maker_idx" ON "market_trades" USING btree ("maker_order_id");--> statement-breakpoint
CREATE INDEX "market_trades_taker_idx" ON "market_trades" USING btree ("taker_order_id");--> statement-breakpoint
CREATE INDEX "p2p_listings_open_idx" ON "p2p_listings" USING btree ("asset","price","id") WHERE "p2p_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "p2p_listings_user_idx" ON "p2p_listings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "p2p_sales_listing_idx" ON "p2p_sales" USING btree ("listing_id","id");--> statement-breakpoint
CREATE INDEX "p2p_sales_seller_idx" ON "p2p_sales" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "p2p_sales_buyer_idx" ON "p2p_sales" USING btree ("buyer_id","id");