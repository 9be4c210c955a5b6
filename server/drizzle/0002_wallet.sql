CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"chain" text NOT NULL,
	"height" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_blocks_chain_height_pk" PRIMARY KEY("chain","height")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"scanned_height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"user_id" integer NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_user_id_chain_pk" PRIMARY KEY("user_id","chain")
);
--> statement-breakpoint
CREATE TABLE "exchange_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"from_amount" numeric(38, 0) NOT NULL,
	"to_amount" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"rate" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer DEFAULT 0 NOT NULL,
	"address" text,
	"block_number" integer,
	"block_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"ledger_tx_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"from_amount" numeric(38, 0) NOT NULL,
	"to_amount" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"rate" text NOT NULL,
	"quote_id" text,
	"ledger_tx_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"ledger_tx_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stage" text DEFAULT 'requested' NOT NULL,
	"approvals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required_approvals" integer DEFAULT 1 NOT NULL,
	"tx_hash" text,
	"reason" text,
	"ledger_tx_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_key" ON "deposit_addresses" USING btree ("chain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_key" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_name_key" ON "operators" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposits_tx_key" ON "wallet_deposits" USING btree ("chain","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "wallet_deposits_user_idx" ON "wallet_deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_deposits_status_idx" ON "wallet_deposits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "wallet_exchanges_user_idx" ON "wallet_exchanges" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_exchanges_quote_key" ON "wallet_exchanges" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "wallet_transfers_from_idx" ON "wallet_transfers" USING btree ("from_user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_transfers_to_idx" ON "wallet_transfers" USING btree ("to_user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_user_idx" ON "wallet_withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_status_idx" ON "wallet_withdrawals" USING btree ("status","id");