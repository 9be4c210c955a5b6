CREATE TABLE "wallet_faucet_claims" (
	"user_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"ledger_tx_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_faucet_claims_user_id_day_pk" PRIMARY KEY("user_id","day")
);
