CREATE TABLE "retired_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- hand-written:
-- A public copy's slug, when it goes (unpublish, a new slug on republish, the story or the
-- account deleted, cascades included), is kept for the account that held it (decision 031):
-- publishing answers another account 409 slug_taken and made slugs skip it for a while.
CREATE FUNCTION "retire_published_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.slug = OLD.slug THEN
    RETURN NULL;
  END IF;
  INSERT INTO "retired_slugs" ("slug", "user_id", "retired_at") VALUES (OLD.slug, OLD.user_id, now())
    ON CONFLICT ("slug") DO UPDATE SET "user_id" = EXCLUDED.user_id, "retired_at" = EXCLUDED.retired_at;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "published_stories_retire_slug" AFTER UPDATE OF "slug" OR DELETE ON "published_stories" FOR EACH ROW EXECUTE FUNCTION "retire_published_slug"();
