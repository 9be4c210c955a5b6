CREATE TABLE "copy_demo_past" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"side" text NOT NULL,
	"contracts" numeric(38, 0) NOT NULL,
	"lever" integer NOT NULL,
	"open_price" numeric(38, 0) NOT NULL,
	"close_price" numeric(38, 0) NOT NULL,
	"realized" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_products" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "copy_demo_past_key" ON "copy_demo_past" USING btree ("lead_id","inst_id","opened_at");