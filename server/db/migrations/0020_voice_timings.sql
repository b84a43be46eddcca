ALTER TABLE "published_stories" ADD COLUMN "voice_sources" jsonb;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "transcript_timings" jsonb;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "paragraph_sources" jsonb;