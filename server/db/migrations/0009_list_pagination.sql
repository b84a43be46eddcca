-- Keyset pagination of the lists (docs/decisions/023-list-pagination-and-indexes.md).
-- The one rule of the timeline: a story stands at its own time when it has one, else at its creation day.
CREATE FUNCTION "story_placed_by_own_time"("temporal_type" text, "year" integer) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "temporal_type" IS NOT NULL AND "temporal_type" <> 'unknown' AND coalesce("year", 0) <> 0
$$;
--> statement-breakpoint
DROP INDEX "recordings_user_created";--> statement-breakpoint
DROP INDEX "stories_user_created";--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "transcription_word_count" integer GENERATED ALWAYS AS (regexp_count(regexp_replace(coalesce(transcription, ''), '<[^>]*>', ' ', 'g'), '[^\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "word_count" integer GENERATED ALWAYS AS (regexp_count(regexp_replace(coalesce(content, ''), '<[^>]*>', ' ', 'g'), '[^\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "timeline_year" integer GENERATED ALWAYS AS (case when story_placed_by_own_time(temporal_type, year) then year else extract(year from (created_at at time zone 'UTC'))::integer end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "timeline_date" date GENERATED ALWAYS AS (case when story_placed_by_own_time(temporal_type, year) then coalesce(specific_date, make_date(year, case when month between 1 and 12 then month else 1 end, 1)) else (created_at at time zone 'UTC')::date end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "recordings_user_created_id" ON "recordings" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "recordings_unassigned_created_id" ON "recordings" USING btree ("user_id","created_at","id") WHERE "recordings"."story_id" is null;--> statement-breakpoint
CREATE INDEX "stories_user_created_id" ON "stories" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stories_unassigned_created_id" ON "stories" USING btree ("user_id","created_at","id") WHERE "stories"."chapter_id" is null;--> statement-breakpoint
CREATE INDEX "stories_user_timeline" ON "stories" USING btree ("user_id","timeline_year","timeline_date","created_at","id");