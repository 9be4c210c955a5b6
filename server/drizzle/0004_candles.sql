CREATE TABLE "market_candle_marks" (
	"inst_id" text PRIMARY KEY NOT NULL,
	"last_trade_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_candles" (
	"inst_id" text NOT NULL,
	"bar" text NOT NULL,
	"ts" bigint NOT NULL,
	"open" text NOT NULL,
	"high" text NOT NULL,
	"low" text NOT NULL,
	"close" text NOT NULL,
	"vol" text NOT NULL,
	"vol_quote" text NOT NULL,
	"trades" integer NOT NULL,
	"first_ts" bigint NOT NULL,
	"last_ts" bigint NOT NULL,
	CONSTRAINT "market_candles_inst_id_bar_ts_pk" PRIMARY KEY("inst_id","bar","ts")
);
