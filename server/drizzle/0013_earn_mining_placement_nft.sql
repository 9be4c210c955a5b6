CREATE TABLE "emission_days" (
	"program" text NOT NULL,
	"day" integer NOT NULL,
	"asset" text NOT NULL,
	"emission" numeric(38, 0) NOT NULL,
	"total" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emission_shares" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program" text NOT NULL,
	"day" integer NOT NULL,
	"user_id" integer NOT NULL,
	"weight" numeric(38, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_performance" (
	"day" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	CONSTRAINT "node_performance_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "mining_machines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line" text NOT NULL,
	"name" text NOT NULL,
	"pay_asset" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"power" numeric(38, 0) NOT NULL,
	"bonus_power" numeric(38, 0) DEFAULT 0 NOT NULL,
	"term_days" integer NOT NULL,
	"stock" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mining_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line" text NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"pay_asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"power" numeric(38, 0) NOT NULL,
	"bonus_power" numeric(38, 0) NOT NULL,
	"term_days" integer NOT NULL,
	"first_day" integer NOT NULL,
	"end_day" integer NOT NULL,
	"output" numeric(38, 0) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mining_power" (
	"line" text NOT NULL,
	"user_id" integer NOT NULL,
	"base" numeric(38, 0) DEFAULT 0 NOT NULL,
	"bonus" numeric(38, 0) DEFAULT 0 NOT NULL,
	"cumulative" numeric(38, 0) DEFAULT 0 NOT NULL,
	"direct_sum" numeric(38, 0) DEFAULT 0 NOT NULL,
	"team" numeric(38, 0) DEFAULT 0 NOT NULL,
	CONSTRAINT "mining_power_line_user_id_pk" PRIMARY KEY("line","user_id")
);
--> statement-breakpoint
CREATE TABLE "mining_power_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"change" numeric(38, 0) NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lp_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"usdt" numeric(38, 0) NOT NULL,
	"base" numeric(38, 0) NOT NULL,
	"value" numeric(38, 0) NOT NULL,
	"start_day" integer NOT NULL,
	"end_day" integer,
	"earned" numeric(38, 0) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nft_collections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"fee_asset" text NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"cap" integer,
	"minted" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"nft_id" integer NOT NULL,
	"fee_asset" text NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"name" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_pools" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"name" text NOT NULL,
	"asset" text NOT NULL,
	"daily_budget" numeric(38, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_quota" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bought" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_stakes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nft_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"weight" integer NOT NULL,
	"asset" text NOT NULL,
	"start_day" integer NOT NULL,
	"end_day" integer,
	"earned" numeric(38, 0) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nfts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"rarity" text NOT NULL,
	"weight" integer NOT NULL,
	"status" text NOT NULL,
	"minted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"asset" text NOT NULL,
	"pay_asset" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"hard_cap" numeric(38, 0) NOT NULL,
	"per_user_cap" numeric(38, 0) NOT NULL,
	"min_amount" numeric(38, 0) NOT NULL,
	"sold" numeric(38, 0) DEFAULT 0 NOT NULL,
	"vesting_months" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"pay_asset" text NOT NULL,
	"cost" numeric(38, 0) NOT NULL,
	"parts" integer NOT NULL,
	"parts_released" integer DEFAULT 0 NOT NULL,
	"released" numeric(38, 0) DEFAULT 0 NOT NULL,
	"first_day" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "emission_days_key" ON "emission_days" USING btree ("program","day");--> statement-breakpoint
CREATE UNIQUE INDEX "emission_shares_key" ON "emission_shares" USING btree ("program","day","user_id");--> statement-breakpoint
CREATE INDEX "emission_shares_day_idx" ON "emission_shares" USING btree ("program","day","id");--> statement-breakpoint
CREATE INDEX "emission_shares_user_idx" ON "emission_shares" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "mining_machines_line_idx" ON "mining_machines" USING btree ("line","sort","id");--> statement-breakpoint
CREATE INDEX "mining_orders_user_idx" ON "mining_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "mining_orders_running_idx" ON "mining_orders" USING btree ("line","end_day") WHERE "mining_orders"."status" = 'running';--> statement-breakpoint
CREATE INDEX "mining_power_log_user_idx" ON "mining_power_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "lp_positions_user_idx" ON "lp_positions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "nft_orders_user_idx" ON "nft_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "nft_stakes_user_idx" ON "nft_stakes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "nft_stakes_pool_idx" ON "nft_stakes" USING btree ("pool_id","start_day");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_stakes_open_key" ON "nft_stakes" USING btree ("nft_id") WHERE "nft_stakes"."status" = 'staking';--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_serial_key" ON "nfts" USING btree ("collection_id","serial");--> statement-breakpoint
CREATE INDEX "nfts_owner_idx" ON "nfts" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "placement_subscriptions_user_idx" ON "placement_subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "placement_subscriptions_round_idx" ON "placement_subscriptions" USING btree ("round_id","user_id");--> statement-breakpoint
CREATE INDEX "placement_subscriptions_vesting_idx" ON "placement_subscriptions" USING btree ("first_day") WHERE "placement_subscriptions"."status" = 'vesting';