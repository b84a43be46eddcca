ALTER TABLE "autobiographies" ADD COLUMN "point_of_view" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "autobiographies" ADD COLUMN "story_style" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "autobiographies" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "autobiographies" ADD COLUMN "chapters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "autobiographies" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "autobiographies" ADD CONSTRAINT "autobiographies_processing_status_check" CHECK ("autobiographies"."processing_status" in ('processing', 'generated', 'failed'));--> statement-breakpoint
ALTER TABLE "autobiographies" ADD CONSTRAINT "autobiographies_point_of_view_check" CHECK ("autobiographies"."point_of_view" in ('first', 'third'));--> statement-breakpoint
ALTER TABLE "autobiographies" ADD CONSTRAINT "autobiographies_story_style_check" CHECK ("autobiographies"."story_style" in ('auto', 'plain_documentarian', 'clear_narrative', 'intimate_biographical', 'elegant_rhythmic', 'analytical_architect'));