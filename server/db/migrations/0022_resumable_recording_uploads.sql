CREATE TABLE "recording_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"take_id" uuid NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"size_bytes" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"mime_type" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recording_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_uploads_state_check" CHECK ("recording_uploads"."state" in ('uploading', 'done'))
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "take_id" uuid;--> statement-breakpoint
ALTER TABLE "recording_uploads" ADD CONSTRAINT "recording_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_uploads" ADD CONSTRAINT "recording_uploads_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recording_uploads_user_take" ON "recording_uploads" USING btree ("user_id","take_id");--> statement-breakpoint
CREATE INDEX "recording_uploads_state_updated" ON "recording_uploads" USING btree ("state","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_user_take" ON "recordings" USING btree ("user_id","take_id");