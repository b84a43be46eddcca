ALTER TABLE "people" ADD COLUMN "enrichment_refreshing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "enrichment_error" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "enrichment_refreshing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "enrichment_error" text;