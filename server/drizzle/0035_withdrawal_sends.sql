CREATE TABLE "wallet_hot_nonces" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"next" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_hot_nonces_chain_address_pk" PRIMARY KEY("chain","address")
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawal_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"chain" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" integer NOT NULL,
	"raw" text NOT NULL,
	"tx_hash" text NOT NULL,
	"max_fee_per_gas" numeric(38, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(38, 0) NOT NULL,
	"sent_block" integer,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawal_sends_hash_key" ON "wallet_withdrawal_sends" USING btree ("chain","tx_hash");--> statement-breakpoint
CREATE INDEX "wallet_withdrawal_sends_withdrawal_idx" ON "wallet_withdrawal_sends" USING btree ("withdrawal_id","id");