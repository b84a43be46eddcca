CREATE TABLE "autobiographies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autobiographies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"processing_status" text DEFAULT 'processing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autobiography_stories" (
	"autobiography_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "autobiography_stories_autobiography_id_story_id_pk" PRIMARY KEY("autobiography_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"order_index" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co_author_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "co_author_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"story_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_up_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"story_id" integer NOT NULL,
	"question" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"is_answered" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"answer_story_id" integer,
	"answer_recording_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"relationship" text,
	"characterization" text,
	"language" text DEFAULT 'en' NOT NULL,
	"enriched_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_labels" (
	"person_id" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "person_labels_person_id_label_pk" PRIMARY KEY("person_id","label")
);
--> statement-breakpoint
CREATE TABLE "place_labels" (
	"place_id" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "place_labels_place_id_label_pk" PRIMARY KEY("place_id","label")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"description" text,
	"significance" text,
	"language" text DEFAULT 'en' NOT NULL,
	"enriched_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published_stories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "published_stories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"story_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"author_name" text,
	"audio_key" text,
	"audio_status" text,
	"temporal_type" text,
	"specific_date" date,
	"month" integer,
	"year" integer,
	"end_year" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_people" (
	"recording_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	CONSTRAINT "recording_people_recording_id_person_id_pk" PRIMARY KEY("recording_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "recording_places" (
	"recording_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	CONSTRAINT "recording_places_recording_id_place_id_pk" PRIMARY KEY("recording_id","place_id")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recordings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"story_id" integer,
	"order_index" integer DEFAULT 0 NOT NULL,
	"audio_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"filename" text,
	"duration" real,
	"transcription" text,
	"transcription_segments" jsonb,
	"detected_language" text,
	"processing_status" text DEFAULT 'uploaded' NOT NULL,
	"transcription_error" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prompt_question" text,
	"question_id" text,
	"temporal_type" text,
	"specific_date" date,
	"month" integer,
	"year" integer,
	"end_year" integer,
	"contributor_name" text,
	"contributor_key_hash" text,
	"co_author_token_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"processing_status" text DEFAULT 'processing' NOT NULL,
	"point_of_view" text DEFAULT 'first' NOT NULL,
	"story_style" text DEFAULT 'auto' NOT NULL,
	"tone" text,
	"creativity" text,
	"prompt_question" text,
	"question_id" text,
	"chapter_id" integer,
	"chapter_order" integer,
	"metadata" jsonb DEFAULT '{"people":[],"locations":[],"dates":[],"storyType":"other"}'::jsonb NOT NULL,
	"temporal_type" text,
	"specific_date" date,
	"month" integer,
	"year" integer,
	"end_year" integer,
	"has_new_recordings" boolean DEFAULT false NOT NULL,
	"generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"author_name" text,
	"language_preference" text,
	"profile_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_language_check" CHECK ("users"."language_preference" in ('en', 'fi'))
);
--> statement-breakpoint
ALTER TABLE "autobiographies" ADD CONSTRAINT "autobiographies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobiography_stories" ADD CONSTRAINT "autobiography_stories_autobiography_id_autobiographies_id_fk" FOREIGN KEY ("autobiography_id") REFERENCES "public"."autobiographies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobiography_stories" ADD CONSTRAINT "autobiography_stories_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_author_tokens" ADD CONSTRAINT "co_author_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_author_tokens" ADD CONSTRAINT "co_author_tokens_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_answer_story_id_stories_id_fk" FOREIGN KEY ("answer_story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_answer_recording_id_recordings_id_fk" FOREIGN KEY ("answer_recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_labels" ADD CONSTRAINT "person_labels_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_labels" ADD CONSTRAINT "place_labels_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_stories" ADD CONSTRAINT "published_stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_stories" ADD CONSTRAINT "published_stories_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_people" ADD CONSTRAINT "recording_people_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_people" ADD CONSTRAINT "recording_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_places" ADD CONSTRAINT "recording_places_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_places" ADD CONSTRAINT "recording_places_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_co_author_token_id_co_author_tokens_id_fk" FOREIGN KEY ("co_author_token_id") REFERENCES "public"."co_author_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autobiographies_user" ON "autobiographies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chapters_user" ON "chapters" USING btree ("user_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "co_author_tokens_token" ON "co_author_tokens" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "co_author_tokens_story" ON "co_author_tokens" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "follow_up_questions_story" ON "follow_up_questions" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "follow_up_questions_user" ON "follow_up_questions" USING btree ("user_id","is_answered");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_provider_subject" ON "identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "identities_user" ON "identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "people_user" ON "people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "places_user" ON "places" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "published_stories_slug" ON "published_stories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "published_stories_story" ON "published_stories" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "recording_people_person" ON "recording_people" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "recording_places_place" ON "recording_places" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "recordings_user_created" ON "recordings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recordings_story" ON "recordings" USING btree ("story_id","order_index");--> statement-breakpoint
CREATE INDEX "recordings_status" ON "recordings" USING btree ("processing_status");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "stories_user_created" ON "stories" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stories_user_chapter" ON "stories" USING btree ("user_id","chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));