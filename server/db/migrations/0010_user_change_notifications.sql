-- Every change to a person's own rows is announced on the channel saaga_user_changes with their
-- user id once its transaction commits (NOTIFY sends nothing on a rollback, and one message per id
-- per transaction). Servers keep recent owner reads in memory and drop a person's the moment they
-- hear of a change, whoever made it: this server, a worker, another server (decision 026).
-- Session, sign-in and search tables are left out: nothing kept in memory is read from them.
CREATE FUNCTION "notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owners text[];
  owner text;
BEGIN
  -- No arguments: the table has a user_id. Else TG_ARGV names the owning table and this table's column holding its id.
  IF TG_NARGS = 0 THEN
    owners := ARRAY[to_jsonb(NEW) ->> 'user_id', to_jsonb(OLD) ->> 'user_id'];
  ELSE
    EXECUTE format('SELECT array_agg(user_id::text) FROM %I WHERE id = ANY($1)', TG_ARGV[0])
      INTO owners USING ARRAY[(to_jsonb(NEW) ->> TG_ARGV[1])::integer, (to_jsonb(OLD) ->> TG_ARGV[1])::integer];
  END IF;
  FOREACH owner IN ARRAY coalesce(owners, '{}') LOOP
    IF owner IS NOT NULL THEN
      PERFORM pg_notify('saaga_user_changes', owner);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chapters_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "chapters" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "stories_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "stories" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "co_author_tokens_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "co_author_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "recordings_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "recordings" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "people_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "people" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "places_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "places" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "follow_up_questions_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "follow_up_questions" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "interview_gap_questions_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "interview_gap_questions" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "autobiographies_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "autobiographies" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "published_stories_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "published_stories" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "recording_people_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "recording_people" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('recordings', 'recording_id');
--> statement-breakpoint
CREATE TRIGGER "recording_places_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "recording_places" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('recordings', 'recording_id');
--> statement-breakpoint
CREATE TRIGGER "person_labels_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "person_labels" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('people', 'person_id');
--> statement-breakpoint
CREATE TRIGGER "place_labels_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "place_labels" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('places', 'place_id');
--> statement-breakpoint
CREATE TRIGGER "autobiography_stories_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "autobiography_stories" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('autobiographies', 'autobiography_id');
