ALTER TABLE "users" ADD COLUMN "license_copied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "setup_completed_at" timestamp with time zone;