CREATE TABLE "shop_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"region" text NOT NULL,
	"detail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"names" text NOT NULL,
	"icon" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_merchants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"intro" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"fee" numeric(38, 0) NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"turnover" numeric(38, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"merchant_user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"quantity" integer NOT NULL,
	"unit_price" numeric(38, 0) NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) DEFAULT 0 NOT NULL,
	"dividend" numeric(38, 0) DEFAULT 0 NOT NULL,
	"weight" numeric(38, 0) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"address" text NOT NULL,
	"company" text,
	"tracking" text,
	"settle_day" integer,
	"created_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"auto_confirm_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"images" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_vip" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shop_addresses_user_idx" ON "shop_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_merchants_user_key" ON "shop_merchants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shop_moves_user_idx" ON "shop_moves" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "shop_moves_due_idx" ON "shop_moves" USING btree ("due_at") WHERE "shop_moves"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "shop_orders_buyer_idx" ON "shop_orders" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "shop_orders_merchant_idx" ON "shop_orders" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "shop_orders_settle_idx" ON "shop_orders" USING btree ("settle_day") WHERE "shop_orders"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "shop_orders_confirm_idx" ON "shop_orders" USING btree ("auto_confirm_at") WHERE "shop_orders"."status" = 'shipped';--> statement-breakpoint
CREATE INDEX "shop_products_list_idx" ON "shop_products" USING btree ("status","category_id","id");--> statement-breakpoint
CREATE INDEX "shop_products_merchant_idx" ON "shop_products" USING btree ("merchant_id","id");