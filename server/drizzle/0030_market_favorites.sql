CREATE TABLE "market_favorites" (
	"user_id" integer NOT NULL,
	"inst_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_favorites_user_id_inst_id_pk" PRIMARY KEY("user_id","inst_id")
);
