CREATE TABLE "cluster_leases" (
	"key" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"epoch" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
