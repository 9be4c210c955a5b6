CREATE TABLE "quiz_attempts" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"choice" integer,
	"correct" boolean,
	"reward" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_attempts_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"texts" jsonb NOT NULL,
	"answer" integer NOT NULL,
	"reward_tickets" integer NOT NULL,
	"time_limit_s" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tickets" integer NOT NULL,
	"principal" numeric(38, 0) NOT NULL,
	"pay" text NOT NULL,
	"pay_tx" text,
	"client_seed" text NOT NULL,
	"join_order" integer NOT NULL,
	"status" text NOT NULL,
	"rank" integer,
	"reward" numeric(38, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "race_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"size" integer NOT NULL,
	"ticket_price" numeric(38, 0) NOT NULL,
	"prize_share" numeric(38, 0) NOT NULL,
	"rewards" jsonb NOT NULL,
	"seed_hash" text NOT NULL,
	"seed_sealed" text NOT NULL,
	"seed" text,
	"entrants" integer DEFAULT 0 NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"formed_at" timestamp with time zone,
	"race_ends_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "race_locks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"action" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"balance" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"pay_asset" text,
	"pay_amount" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "race_entries_group_user_idx" ON "race_entries" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "race_entries_group_order_idx" ON "race_entries" USING btree ("group_id","join_order");--> statement-breakpoint
CREATE UNIQUE INDEX "race_entries_pay_tx_idx" ON "race_entries" USING btree ("pay_tx");--> statement-breakpoint
CREATE INDEX "race_entries_user_idx" ON "race_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "race_groups_status_idx" ON "race_groups" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "race_locks_user_idx" ON "race_locks" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "race_locks_entry_action_idx" ON "race_locks" USING btree ("entry_id","action");--> statement-breakpoint
CREATE INDEX "ticket_moves_user_idx" ON "ticket_moves" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ticket_orders_user_idx" ON "ticket_orders" USING btree ("user_id","id");