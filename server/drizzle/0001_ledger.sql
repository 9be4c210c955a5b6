CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"scope" text NOT NULL,
	"body_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"system_name" text,
	"asset" text NOT NULL,
	"kind" text NOT NULL,
	"available" numeric(38, 0) DEFAULT 0 NOT NULL,
	"frozen" numeric(38, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('spot', 'futures', 'shop', 'card', 'system')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'system' and "ledger_accounts"."system_name" is not null and "ledger_accounts"."user_id" is null) or ("ledger_accounts"."kind" <> 'system' and "ledger_accounts"."user_id" is not null and "ledger_accounts"."system_name" is null)),
	CONSTRAINT "ledger_accounts_user_nonnegative_check" CHECK ("ledger_accounts"."kind" = 'system' or ("ledger_accounts"."available" >= 0 and "ledger_accounts"."frozen" >= 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"bucket" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"balance_after" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_bucket_check" CHECK ("ledger_postings"."bucket" in ('available', 'frozen')),
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-moved: the (id, asset) key must exist before the postings reference it.
CREATE UNIQUE INDEX "ledger_accounts_id_asset_key" ON "ledger_accounts" USING btree ("id","asset");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_asset_assets_symbol_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_fk" FOREIGN KEY ("account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_key" ON "ledger_accounts" USING btree ("user_id","asset","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_key" ON "ledger_accounts" USING btree ("system_name","asset");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_ref_idx" ON "ledger_transactions" USING btree ("cause","ref");--> statement-breakpoint
-- Hand-added: the journal is append-only. Corrections are new transactions, never edits.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
