ALTER TABLE "co_author_tokens" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
DROP INDEX "co_author_tokens_token";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "sessions_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "co_author_tokens_token_hash" ON "co_author_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_number" ON "sessions" USING btree ("number");--> statement-breakpoint
-- hand-written:
-- Links made before this migration keep working: their token is replaced by its SHA-256 in
-- lowercase hex of its UTF-8 bytes, exactly as server/co-author/links.ts hashes one (like sessions).
UPDATE "co_author_tokens" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex') WHERE "token_hash" !~ '^[0-9a-f]{64}$';
