CREATE TABLE "notice_prefs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"anti_phishing" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
