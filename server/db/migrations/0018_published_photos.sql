CREATE TABLE "published_photos" (
	"published_story_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"position" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	CONSTRAINT "published_photos_published_story_id_photo_id_pk" PRIMARY KEY("published_story_id","photo_id")
);
--> statement-breakpoint
ALTER TABLE "published_photos" ADD CONSTRAINT "published_photos_published_story_id_published_stories_id_fk" FOREIGN KEY ("published_story_id") REFERENCES "public"."published_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_photos" ADD CONSTRAINT "published_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "published_photos_photo" ON "published_photos" USING btree ("photo_id");