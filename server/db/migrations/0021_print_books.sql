CREATE TABLE "listening_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listening_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"autobiography_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "print_books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"autobiography_id" integer NOT NULL,
	"trim" text NOT NULL,
	"cover_photo_id" integer,
	"dedication" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"page_count" integer,
	"spine_inches" real,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interior_key" text,
	"cover_key" text,
	"error" text,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "print_books_state_check" CHECK ("print_books"."state" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "print_books_trim_check" CHECK ("print_books"."trim" in ('6x9', 'a5', '8x10'))
);
--> statement-breakpoint
ALTER TABLE "listening_links" ADD CONSTRAINT "listening_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_links" ADD CONSTRAINT "listening_links_autobiography_id_autobiographies_id_fk" FOREIGN KEY ("autobiography_id") REFERENCES "public"."autobiographies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_links" ADD CONSTRAINT "listening_links_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_books" ADD CONSTRAINT "print_books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_books" ADD CONSTRAINT "print_books_autobiography_id_autobiographies_id_fk" FOREIGN KEY ("autobiography_id") REFERENCES "public"."autobiographies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_books" ADD CONSTRAINT "print_books_cover_photo_id_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listening_links_token_hash" ON "listening_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "listening_links_book" ON "listening_links" USING btree ("autobiography_id","story_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_books_autobiography" ON "print_books" USING btree ("autobiography_id");--> statement-breakpoint
CREATE INDEX "print_books_user" ON "print_books" USING btree ("user_id");