CREATE TABLE "archive_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"blob_key" text,
	"size_bytes" bigint,
	"error" text,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "archive_exports_state_check" CHECK ("archive_exports"."state" in ('queued', 'running', 'ready', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "archive_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"file_name" text,
	"size_bytes" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"error" text,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "archive_imports_state_check" CHECK ("archive_imports"."state" in ('uploading', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "retired_slugs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "archive_exports" ADD CONSTRAINT "archive_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_imports" ADD CONSTRAINT "archive_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_exports_user" ON "archive_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "archive_imports_user" ON "archive_imports" USING btree ("user_id","created_at");