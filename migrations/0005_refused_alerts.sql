ALTER TABLE "signals" ALTER COLUMN "position" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "raw_body" text;