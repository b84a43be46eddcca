UPDATE "published_stories" SET "audio_status" = CASE WHEN "audio_key" IS NULL THEN 'none' ELSE 'ready' END WHERE "audio_status" IS NULL OR "audio_status" NOT IN ('none', 'waiting', 'generating', 'finalizing', 'ready', 'failed');--> statement-breakpoint
ALTER TABLE "published_stories" ALTER COLUMN "audio_status" SET DEFAULT 'none';--> statement-breakpoint
ALTER TABLE "published_stories" ALTER COLUMN "audio_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "published_stories" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "published_stories" ADD COLUMN "narration_error" text;--> statement-breakpoint
ALTER TABLE "published_stories" ADD COLUMN "narration_id" text;--> statement-breakpoint
ALTER TABLE "published_stories" ADD COLUMN "narration_voice" text;--> statement-breakpoint
ALTER TABLE "published_stories" ADD COLUMN "narration_speed" real;--> statement-breakpoint
ALTER TABLE "published_stories" ADD CONSTRAINT "published_stories_audio_status_check" CHECK ("published_stories"."audio_status" in ('none', 'waiting', 'generating', 'finalizing', 'ready', 'failed'));