CREATE TABLE "notice_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ref" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_prefs" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "notice_prefs" ADD COLUMN "channels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_deliveries_key" ON "notice_deliveries" USING btree ("user_id","ref","channel");--> statement-breakpoint
CREATE INDEX "notice_deliveries_pending_idx" ON "notice_deliveries" USING btree ("channel","id") WHERE "notice_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));