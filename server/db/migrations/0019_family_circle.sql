CREATE TABLE "family_member_chapters" (
	"member_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	CONSTRAINT "family_member_chapters_member_id_chapter_id_pk" PRIMARY KEY("member_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "family_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"name" text,
	"email" text,
	"language" text DEFAULT 'en' NOT NULL,
	"scope_all" boolean DEFAULT true NOT NULL,
	"notice" text DEFAULT 'each' NOT NULL,
	"invitation_token_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"last_visited_at" timestamp with time zone,
	"reader_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_members_language_check" CHECK ("family_members"."language" in ('en', 'fi')),
	CONSTRAINT "family_members_notice_check" CHECK ("family_members"."notice" in ('each', 'weekly', 'off'))
);
--> statement-breakpoint
CREATE TABLE "family_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "family_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"member_id" integer,
	"asker_name" text NOT NULL,
	"text" text NOT NULL,
	"answered_story_id" integer,
	"answered_at" timestamp with time zone,
	"asker_told_at" timestamp with time zone,
	"last_emailed_at" timestamp with time zone,
	"set_aside_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_sessions" (
	"token_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "family_sessions_token_hash_member_id_pk" PRIMARY KEY("token_hash","member_id")
);
--> statement-breakpoint
CREATE TABLE "family_story_notices" (
	"story_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_story_notices_story_id_member_id_pk" PRIMARY KEY("story_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "record_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"question_text" text NOT NULL,
	"question_id" text,
	"family_question_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"story_id" integer NOT NULL,
	"member_id" integer,
	"author_name" text NOT NULL,
	"by_teller" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_reactions" (
	"story_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_reactions_story_id_member_id_pk" PRIMARY KEY("story_id","member_id"),
	CONSTRAINT "story_reactions_reaction_check" CHECK ("story_reactions"."reaction" in ('heart', 'smile', 'tears', 'hug'))
);
--> statement-breakpoint
CREATE TABLE "weekly_question_sends" (
	"user_id" uuid NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"question_text" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_question_sends_user_id_slot_at_pk" PRIMARY KEY("user_id","slot_at")
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "family_member_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "only_me" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "shared_with_family_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_review_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_question_day" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_question_minute" integer;--> statement-breakpoint
ALTER TABLE "family_member_chapters" ADD CONSTRAINT "family_member_chapters_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_member_chapters" ADD CONSTRAINT "family_member_chapters_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_reader_user_id_users_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_questions" ADD CONSTRAINT "family_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_questions" ADD CONSTRAINT "family_questions_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_questions" ADD CONSTRAINT "family_questions_answered_story_id_stories_id_fk" FOREIGN KEY ("answered_story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_sessions" ADD CONSTRAINT "family_sessions_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_story_notices" ADD CONSTRAINT "family_story_notices_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_story_notices" ADD CONSTRAINT "family_story_notices_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_links" ADD CONSTRAINT "record_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_links" ADD CONSTRAINT "record_links_family_question_id_family_questions_id_fk" FOREIGN KEY ("family_question_id") REFERENCES "public"."family_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_comments" ADD CONSTRAINT "story_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_comments" ADD CONSTRAINT "story_comments_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_comments" ADD CONSTRAINT "story_comments_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_reactions" ADD CONSTRAINT "story_reactions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_reactions" ADD CONSTRAINT "story_reactions_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_question_sends" ADD CONSTRAINT "weekly_question_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_member_chapters_chapter" ON "family_member_chapters" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "family_members_user" ON "family_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "family_members_reader_user" ON "family_members" USING btree ("reader_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_members_invitation" ON "family_members" USING btree ("invitation_token_hash");--> statement-breakpoint
CREATE INDEX "family_questions_user" ON "family_questions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "family_sessions_member" ON "family_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "family_story_notices_waiting" ON "family_story_notices" USING btree ("member_id") WHERE "family_story_notices"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "record_links_user" ON "record_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "story_comments_story" ON "story_comments" USING btree ("story_id","created_at");--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: stories finished before the family circle existed count as shared when they were written (no notice is sent for them).
UPDATE "stories" SET "shared_with_family_at" = coalesce("generated_at", "created_at") WHERE "processing_status" = 'generated';
