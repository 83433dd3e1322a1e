ALTER TABLE "users" ADD COLUMN "license_copied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "setup_completed_at" timestamp with time zone;--> statement-breakpoint
-- Traders who already run an EA and receive live alerts have set up: they never see the checklist.
UPDATE "users" SET "setup_completed_at" = now()
WHERE EXISTS (SELECT 1 FROM "terminals" t WHERE t."user_id" = "users"."id")
  AND EXISTS (SELECT 1 FROM "signals" s WHERE s."user_id" = "users"."id" AND NOT s."is_test" AND s."raw_body" IS NULL);
