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
CREATE INDEX "placement_subscriptions_user_idx" ON "placement_subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "placement_subscriptions_round_idx" ON "placement_subscriptions" USING btree ("round_id","user_id");--> statement-breakpoint
CREATE INDEX "placement_subscriptions_vesting_idx" ON "placement_subscriptions" USING btree ("first_day") WHERE "placement_subscriptions"."status" = 'vesting';