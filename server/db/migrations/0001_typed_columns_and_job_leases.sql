CREATE TABLE "job_leases" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "published_stories" ADD CONSTRAINT "published_stories_temporal_type_check" CHECK ("published_stories"."temporal_type" in ('specific_date', 'month_year', 'year', 'year_span', 'unknown'));--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_processing_status_check" CHECK ("recordings"."processing_status" in ('uploaded', 'transcribing', 'transcribed', 'failed'));--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_temporal_type_check" CHECK ("recordings"."temporal_type" in ('specific_date', 'month_year', 'year', 'year_span', 'unknown'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_processing_status_check" CHECK ("stories"."processing_status" in ('processing', 'generated', 'draft'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_point_of_view_check" CHECK ("stories"."point_of_view" in ('first', 'third'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_story_style_check" CHECK ("stories"."story_style" in ('auto', 'plain_documentarian', 'clear_narrative', 'intimate_biographical', 'elegant_rhythmic', 'analytical_architect'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_tone_check" CHECK ("stories"."tone" in ('reflective', 'adventurous', 'humorous', 'nostalgic', 'inspirational', 'dramatic'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_creativity_check" CHECK ("stories"."creativity" in ('literal', 'balanced', 'creative', 'storytelling'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_temporal_type_check" CHECK ("stories"."temporal_type" in ('specific_date', 'month_year', 'year', 'year_span', 'unknown'));