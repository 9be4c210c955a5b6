CREATE TABLE "team_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"volume" numeric(38, 0) NOT NULL,
	"performance" numeric(38, 0) NOT NULL,
	"node" numeric(38, 0) NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_figures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"headcount" integer DEFAULT 0 NOT NULL,
	"direct" integer DEFAULT 0 NOT NULL,
	"valid_direct" integer DEFAULT 0 NOT NULL,
	"personal_volume" numeric(38, 0) DEFAULT 0 NOT NULL,
	"team_volume" numeric(38, 0) DEFAULT 0 NOT NULL,
	"personal_performance" numeric(38, 0) DEFAULT 0 NOT NULL,
	"team_performance" numeric(38, 0) DEFAULT 0 NOT NULL,
	"team_node" numeric(38, 0) DEFAULT 0 NOT NULL,
	"node_today" numeric(38, 0) DEFAULT 0 NOT NULL,
	"node_day" integer DEFAULT 0 NOT NULL,
	"best_below" smallint DEFAULT 0 NOT NULL,
	"legs_1" integer DEFAULT 0 NOT NULL,
	"legs_2" integer DEFAULT 0 NOT NULL,
	"legs_3" integer DEFAULT 0 NOT NULL,
	"legs_4" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "team_events_user_idx" ON "team_events" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "team_figures" ("user_id", "headcount", "direct")
SELECT "ancestor_id", count(*), count(*) FILTER (WHERE "distance" = 1) FROM "user_ancestors" GROUP BY "ancestor_id"
ON CONFLICT ("user_id") DO NOTHING;
