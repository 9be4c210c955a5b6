CREATE TABLE "card_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text NOT NULL,
	"postcode" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"auth_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_issuer_sim" (
	"token" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"number_sealed" text NOT NULL,
	"cvv_sealed" text NOT NULL,
	"expiry" text NOT NULL,
	"activation_sealed" text,
	"status" text NOT NULL,
	"pin_set" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_issuer_sim_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "card_recharges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_spends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"auth_id" text NOT NULL,
	"merchant" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"held" numeric(38, 0) DEFAULT 0 NOT NULL,
	"settled" numeric(38, 0) DEFAULT 0 NOT NULL,
	"refunded" numeric(38, 0) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"bin" text NOT NULL,
	"brand" text NOT NULL,
	"issuer_token" text,
	"last4" text DEFAULT '' NOT NULL,
	"expiry" text DEFAULT '' NOT NULL,
	"holder" text NOT NULL,
	"status" text NOT NULL,
	"pin_set" boolean DEFAULT false NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"address_id" integer,
	"tracking" text,
	"replaces" integer,
	"replaced_by" integer,
	"activation_fails" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_number_sealed" text NOT NULL,
	"doc_last4" text NOT NULL,
	"surname" text NOT NULL,
	"given_name" text NOT NULL,
	"birth_date" text NOT NULL,
	"front_upload" text NOT NULL,
	"back_upload" text NOT NULL,
	"selfie_upload" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"max_bytes" integer NOT NULL,
	"status" text NOT NULL,
	"size" integer,
	"used_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "card_addresses_user_idx" ON "card_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "card_recharges_user_idx" ON "card_recharges" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_spends_auth_key" ON "card_spends" USING btree ("auth_id");--> statement-breakpoint
CREATE INDEX "card_spends_user_idx" ON "card_spends" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "cards_user_idx" ON "cards" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_token_key" ON "cards" USING btree ("issuer_token");--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_approved_key" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_pending_key" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");