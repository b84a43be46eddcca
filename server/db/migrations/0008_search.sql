CREATE TABLE "story_search_documents" (
	"story_id" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "story_search_documents" ADD CONSTRAINT "story_search_documents_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_search_documents" ADD CONSTRAINT "story_search_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_search_documents_document" ON "story_search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "story_search_documents_user" ON "story_search_documents" USING btree ("user_id");--> statement-breakpoint
-- The text search configuration of a story's language: Finnish or English snowball stemming (docs/decisions/020-search.md).
CREATE FUNCTION "story_search_config"("language" text) RETURNS regconfig LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE "language" WHEN 'fi' THEN 'finnish'::regconfig ELSE 'english'::regconfig END
$$;
--> statement-breakpoint
-- A story's document: title (weight A), content (B), its recordings' transcripts in order (C).
CREATE FUNCTION "refresh_story_search_document"("target" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "target" IS NULL THEN RETURN; END IF;
  INSERT INTO "story_search_documents" ("story_id", "user_id", "document")
  SELECT s."id", s."user_id",
    setweight(to_tsvector(story_search_config(s."language"), s."title"), 'A') ||
    setweight(to_tsvector(story_search_config(s."language"), s."content"), 'B') ||
    setweight(to_tsvector(story_search_config(s."language"), coalesce(
      (SELECT string_agg(r."transcription", ' ' ORDER BY r."order_index", r."id") FROM "recordings" r WHERE r."story_id" = s."id"), '')), 'C')
  FROM "stories" s WHERE s."id" = "target"
  ON CONFLICT ("story_id") DO UPDATE SET "document" = excluded."document", "user_id" = excluded."user_id";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "stories_search_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_story_search_document(NEW."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "recordings_search_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_story_search_document(OLD."story_id"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."story_id" IS DISTINCT FROM OLD."story_id") THEN
    PERFORM refresh_story_search_document(NEW."story_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stories_search_insert" AFTER INSERT ON "stories" FOR EACH ROW EXECUTE FUNCTION "stories_search_trigger"();
--> statement-breakpoint
CREATE TRIGGER "stories_search_update" AFTER UPDATE OF "title", "content", "language" ON "stories" FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."content" IS DISTINCT FROM NEW."content" OR OLD."language" IS DISTINCT FROM NEW."language")
  EXECUTE FUNCTION "stories_search_trigger"();
--> statement-breakpoint
CREATE TRIGGER "recordings_search_insert" AFTER INSERT ON "recordings" FOR EACH ROW WHEN (NEW."story_id" IS NOT NULL AND NEW."transcription" IS NOT NULL)
  EXECUTE FUNCTION "recordings_search_trigger"();
--> statement-breakpoint
CREATE TRIGGER "recordings_search_update" AFTER UPDATE OF "transcription", "story_id" ON "recordings" FOR EACH ROW
  WHEN (OLD."transcription" IS DISTINCT FROM NEW."transcription" OR OLD."story_id" IS DISTINCT FROM NEW."story_id")
  EXECUTE FUNCTION "recordings_search_trigger"();
--> statement-breakpoint
CREATE TRIGGER "recordings_search_delete" AFTER DELETE ON "recordings" FOR EACH ROW WHEN (OLD."story_id" IS NOT NULL AND OLD."transcription" IS NOT NULL)
  EXECUTE FUNCTION "recordings_search_trigger"();
--> statement-breakpoint
-- Stories written before this migration.
INSERT INTO "story_search_documents" ("story_id", "user_id", "document")
SELECT s."id", s."user_id",
  setweight(to_tsvector(story_search_config(s."language"), s."title"), 'A') ||
  setweight(to_tsvector(story_search_config(s."language"), s."content"), 'B') ||
  setweight(to_tsvector(story_search_config(s."language"), coalesce(
    (SELECT string_agg(r."transcription", ' ' ORDER BY r."order_index", r."id") FROM "recordings" r WHERE r."story_id" = s."id"), '')), 'C')
FROM "stories" s;
