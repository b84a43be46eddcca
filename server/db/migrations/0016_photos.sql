CREATE TABLE "photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"story_id" integer,
	"recording_id" integer,
	"person_id" integer,
	"place_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"original_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_bytes" bigint NOT NULL,
	"stored_bytes" bigint NOT NULL,
	"taken_on" date,
	"has_location" boolean DEFAULT false NOT NULL,
	"contributor_name" text,
	"contributor_key_hash" text,
	"co_author_token_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_one_home" CHECK (num_nonnulls("photos"."story_id", "photos"."recording_id", "photos"."person_id", "photos"."place_id") <= 1)
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "portrait_photo_id" integer;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "about_photo_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "cover_photo_id" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_co_author_token_id_co_author_tokens_id_fk" FOREIGN KEY ("co_author_token_id") REFERENCES "public"."co_author_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_user_created" ON "photos" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "photos_story" ON "photos" USING btree ("story_id","position");--> statement-breakpoint
CREATE INDEX "photos_recording" ON "photos" USING btree ("recording_id","position");--> statement-breakpoint
CREATE INDEX "photos_person" ON "photos" USING btree ("person_id","position");--> statement-breakpoint
CREATE INDEX "photos_place" ON "photos" USING btree ("place_id","position");--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_portrait_photo_id_photos_id_fk" FOREIGN KEY ("portrait_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_about_photo_id_photos_id_fk" FOREIGN KEY ("about_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_cover_photo_id_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;