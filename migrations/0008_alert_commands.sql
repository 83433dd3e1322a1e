ALTER TABLE "signals" ADD COLUMN "expiry" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "close_percent" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "close_opposite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "slpips" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "tppips" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "slprice" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "tpprice" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "tps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "risk_amount" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "max_spread" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "deviation" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "magic" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "min_protocol" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "protocol" smallint DEFAULT 1 NOT NULL;