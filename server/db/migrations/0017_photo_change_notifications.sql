-- hand-written:
-- A photo's change is its owner's change (migration 0010, decision 026): a photo added, moved,
-- captioned or deleted changes the cover on the library row and the timeline, whoever made it
-- (the owner, a relative through a co-author link, a worker), so the owner's kept reads go.
CREATE TRIGGER "photos_notify_user_change" AFTER INSERT OR UPDATE OR DELETE ON "photos" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
