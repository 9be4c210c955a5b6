CREATE TABLE "copy_follows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"follower_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"mode" text NOT NULL,
	"amount" numeric(38, 0),
	"ratio" bigint,
	"budget" numeric(38, 0) NOT NULL,
	"sl_ratio" bigint,
	"tp_ratio" bigint,
	"venue" text NOT NULL,
	"status" text NOT NULL,
	"end_reason" text,
	"realized" numeric(38, 0) DEFAULT 0 NOT NULL,
	"shared" numeric(38, 0) DEFAULT 0 NOT NULL,
	"hwm" numeric(38, 0) DEFAULT 0 NOT NULL,
	"settled_period" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "copy_leads" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"delay_min" integer DEFAULT 0 NOT NULL,
	"tier_day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copy_positions" (
	"follow_id" bigint NOT NULL,
	"inst_id" text NOT NULL,
	"num" bigint NOT NULL,
	"den" bigint NOT NULL,
	"contracts" bigint NOT NULL,
	"margin" numeric(38, 0) NOT NULL,
	"detached" boolean DEFAULT false NOT NULL,
	CONSTRAINT "copy_positions_follow_id_inst_id_pk" PRIMARY KEY("follow_id","inst_id")
);
--> statement-breakpoint
CREATE TABLE "copy_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"follow_id" bigint NOT NULL,
	"follower_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"period" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"profit" numeric(38, 0) NOT NULL,
	"hwm" numeric(38, 0) NOT NULL,
	"rate" bigint NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copy_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"follow_id" bigint NOT NULL,
	"follower_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"side" text NOT NULL,
	"size" bigint NOT NULL,
	"filled" bigint NOT NULL,
	"lead_price" numeric(38, 0) NOT NULL,
	"price" numeric(38, 0),
	"slippage" bigint,
	"pnl" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"lever" integer NOT NULL,
	"venue" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"order_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "okx_copy_orders" (
	"cl_ord_id" text PRIMARY KEY NOT NULL,
	"copy_trade_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"side" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text NOT NULL,
	"okx_order_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "okx_links" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"key_tail" text NOT NULL,
	"api_key" text NOT NULL,
	"secret" text NOT NULL,
	"passphrase" text NOT NULL,
	"perm" text NOT NULL,
	"okx_uid" text,
	"key_version" integer NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "copy_follows_follower_idx" ON "copy_follows" USING btree ("follower_id","id");--> statement-breakpoint
CREATE INDEX "copy_follows_lead_idx" ON "copy_follows" USING btree ("lead_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_follows_active_key" ON "copy_follows" USING btree ("follower_id") WHERE "copy_follows"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "copy_settlements_period_key" ON "copy_settlements" USING btree ("follow_id","period");--> statement-breakpoint
CREATE INDEX "copy_settlements_follower_idx" ON "copy_settlements" USING btree ("follower_id","id");--> statement-breakpoint
CREATE INDEX "copy_settlements_lead_idx" ON "copy_settlements" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "copy_trades_follow_idx" ON "copy_trades" USING btree ("follow_id","id");--> statement-breakpoint
CREATE INDEX "copy_trades_follower_idx" ON "copy_trades" USING btree ("follower_id","id");--> statement-breakpoint
CREATE INDEX "copy_trades_lead_idx" ON "copy_trades" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "okx_copy_orders_user_idx" ON "okx_copy_orders" USING btree ("user_id");