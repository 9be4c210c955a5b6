CREATE TABLE "neu_spa_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"spa" numeric(38, 0) NOT NULL,
	"neu" numeric(38, 0) NOT NULL,
	"rate" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "node_performance" ADD COLUMN "line" text DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "node_performance" DROP CONSTRAINT "node_performance_day_user_id_pk";--> statement-breakpoint
ALTER TABLE "node_performance" ADD CONSTRAINT "node_performance_line_day_user_id_pk" PRIMARY KEY("line","day","user_id");--> statement-breakpoint
CREATE INDEX "neu_spa_exchanges_user_idx" ON "neu_spa_exchanges" USING btree ("user_id","id");