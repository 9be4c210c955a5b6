CREATE TABLE "reward_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program" text NOT NULL,
	"period" integer NOT NULL,
	"position_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reward_runs" (
	"program" text NOT NULL,
	"period" integer NOT NULL,
	"status" text NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"leased_until" timestamp with time zone NOT NULL,
	"paid" numeric(38, 0) DEFAULT 0 NOT NULL,
	"queued" numeric(38, 0) DEFAULT 0 NOT NULL,
	"positions" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "burn_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"multiple" bigint NOT NULL,
	"max_release" numeric(38, 0) NOT NULL,
	"daily" numeric(38, 0) NOT NULL,
	"released" numeric(38, 0) DEFAULT 0 NOT NULL,
	"first_day" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pledge_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"days" integer NOT NULL,
	"apr" bigint NOT NULL,
	"max_profit" numeric(38, 0) NOT NULL,
	"accumulated" numeric(38, 0) DEFAULT 0 NOT NULL,
	"received" numeric(38, 0) DEFAULT 0 NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"first_day" integer NOT NULL,
	"end_day" integer NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"renewed_to" bigint,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reward_payouts_key" ON "reward_payouts" USING btree ("program","position_id","period");--> statement-breakpoint
CREATE INDEX "reward_payouts_user_idx" ON "reward_payouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "reward_payouts_queued_idx" ON "reward_payouts" USING btree ("program","id") WHERE "reward_payouts"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "reward_runs_key" ON "reward_runs" USING btree ("program","period");--> statement-breakpoint
CREATE INDEX "burn_orders_user_idx" ON "burn_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "burn_orders_open_idx" ON "burn_orders" USING btree ("id") WHERE "burn_orders"."status" = 'releasing';--> statement-breakpoint
CREATE INDEX "pledge_orders_user_idx" ON "pledge_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "pledge_orders_open_idx" ON "pledge_orders" USING btree ("id") WHERE "pledge_orders"."status" = 'in_progress';