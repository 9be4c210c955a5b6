CREATE TABLE "earn_loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pledge_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"daily_rate" bigint NOT NULL,
	"interest" numeric(38, 0) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "earn_loans_user_idx" ON "earn_loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "earn_loans_open_key" ON "earn_loans" USING btree ("pledge_id") WHERE "earn_loans"."status" = 'open';