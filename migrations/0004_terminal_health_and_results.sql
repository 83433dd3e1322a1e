ALTER TABLE "signal_deliveries" ADD COLUMN "volume" double precision;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "executed_volume" double precision;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "result_message" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "health" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "health_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "refusal" jsonb;