CREATE TABLE "confirm_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_second_factors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret_sealed" text,
	"pending_sealed" text,
	"enabled_at" timestamp with time zone,
	"last_step" integer,
	"recovery_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_address_book" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"usable_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_withdraw_prefs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"whitelist" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "confirm_nonces_expires" ON "confirm_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_address_book_user_address" ON "wallet_address_book" USING btree ("user_id","chain","address");