CREATE TABLE "swap_funding_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"position_id" bigint NOT NULL,
	"funding_time" bigint NOT NULL,
	"side" text NOT NULL,
	"size" numeric(38, 0) NOT NULL,
	"amount" numeric(38, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_fundings" (
	"inst_id" text NOT NULL,
	"funding_time" bigint NOT NULL,
	"rate" bigint NOT NULL,
	"mark_price" numeric(38, 0) NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swap_fundings_inst_id_funding_time_pk" PRIMARY KEY("inst_id","funding_time")
);
--> statement-breakpoint
CREATE TABLE "swap_levers" (
	"user_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"lever" integer NOT NULL,
	CONSTRAINT "swap_levers_user_id_inst_id_pk" PRIMARY KEY("user_id","inst_id")
);
--> statement-breakpoint
CREATE TABLE "swap_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"tif" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"size" numeric(38, 0) NOT NULL,
	"filled_size" numeric(38, 0) DEFAULT 0 NOT NULL,
	"filled_value" numeric(38, 0) DEFAULT 0 NOT NULL,
	"fee" numeric(38, 0) DEFAULT 0 NOT NULL,
	"pnl" numeric(38, 0) DEFAULT 0 NOT NULL,
	"hold" numeric(38, 0) DEFAULT 0 NOT NULL,
	"lever" integer NOT NULL,
	"reduce_only" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'user' NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"maker_fee_rate" text NOT NULL,
	"taker_fee_rate" text NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swap_orders_hold_check" CHECK ("swap_orders"."hold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "swap_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"status" text NOT NULL,
	"side" text NOT NULL,
	"size" numeric(38, 0) NOT NULL,
	"entry" numeric(38, 0) NOT NULL,
	"margin" numeric(38, 0) NOT NULL,
	"lever" integer NOT NULL,
	"max_size" numeric(38, 0) NOT NULL,
	"open_value" numeric(38, 0) NOT NULL,
	"open_size" numeric(38, 0) NOT NULL,
	"close_value" numeric(38, 0) NOT NULL,
	"close_size" numeric(38, 0) NOT NULL,
	"realized" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"funding" numeric(38, 0) NOT NULL,
	"forfeit" numeric(38, 0) DEFAULT 0 NOT NULL,
	"tp_price" numeric(38, 0),
	"sl_price" numeric(38, 0),
	"close_type" text,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "swap_positions_margin_check" CHECK ("swap_positions"."margin" >= 0)
);
--> statement-breakpoint
CREATE TABLE "swap_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inst_id" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"size" numeric(38, 0) NOT NULL,
	"value" numeric(38, 0) NOT NULL,
	"side" text NOT NULL,
	"maker_order_id" text NOT NULL,
	"taker_order_id" text NOT NULL,
	"maker_user_id" integer NOT NULL,
	"taker_user_id" integer NOT NULL,
	"maker_fee" numeric(38, 0) NOT NULL,
	"taker_fee" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cover_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"position_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"loss" numeric(38, 0) NOT NULL,
	"covered_loss" numeric(38, 0) NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "insurance_covers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"limit" numeric(38, 0) NOT NULL,
	"remaining" numeric(38, 0) NOT NULL,
	"premium" numeric(38, 0) NOT NULL,
	"share" bigint NOT NULL,
	"max_lever" integer NOT NULL,
	"paid" numeric(38, 0) DEFAULT 0 NOT NULL,
	"active_from" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "insurance_covers_remaining_check" CHECK ("insurance_covers"."remaining" >= 0 and "insurance_covers"."remaining" <= "insurance_covers"."limit")
);
--> statement-breakpoint
CREATE INDEX "swap_funding_payments_user_idx" ON "swap_funding_payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_funding_payments_key" ON "swap_funding_payments" USING btree ("position_id","funding_time");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_orders_seq_key" ON "swap_orders" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "swap_orders_user_idx" ON "swap_orders" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "swap_orders_open_idx" ON "swap_orders" USING btree ("inst_id","seq") WHERE "swap_orders"."status" in ('new', 'partial_filled');--> statement-breakpoint
CREATE UNIQUE INDEX "swap_positions_open_key" ON "swap_positions" USING btree ("user_id","inst_id") WHERE "swap_positions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "swap_positions_inst_idx" ON "swap_positions" USING btree ("inst_id") WHERE "swap_positions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "swap_positions_user_idx" ON "swap_positions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "swap_trades_inst_idx" ON "swap_trades" USING btree ("inst_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_position_key" ON "insurance_claims" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_user_idx" ON "insurance_claims" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "insurance_claims_queued_idx" ON "insurance_claims" USING btree ("id") WHERE "insurance_claims"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "insurance_covers_user_idx" ON "insurance_covers" USING btree ("user_id","id");