CREATE TABLE "operator_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"operator_id" integer NOT NULL,
	"roles" jsonb NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"single_admin" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "granted_by" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "active_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "failed_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operator_requests_status_idx" ON "operator_requests" USING btree ("status","id");