CREATE TABLE "order_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"stats_version" bigint,
	"cutoff" timestamp with time zone,
	"stats" jsonb,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_tombstones" (
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account" text NOT NULL,
	"ticket" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tombstones_user_id_platform_account_ticket_pk" PRIMARY KEY("user_id","platform","account","ticket")
);
--> statement-breakpoint
DROP INDEX "orders_user_open";--> statement-breakpoint
ALTER TABLE "order_stats" ADD CONSTRAINT "order_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tombstones" ADD CONSTRAINT "order_tombstones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tombstones_seen" ON "order_tombstones" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "orders_user_close" ON "orders" USING btree ("user_id","close_time","id");--> statement-breakpoint
CREATE INDEX "orders_user_profit" ON "orders" USING btree ("user_id","profit","id");--> statement-breakpoint
CREATE INDEX "orders_user_symbol" ON "orders" USING btree ("user_id","symbol","id");--> statement-breakpoint
CREATE INDEX "orders_user_lots" ON "orders" USING btree ("user_id","lots","id");--> statement-breakpoint
CREATE INDEX "orders_user_ticket" ON "orders" USING btree ("user_id",("ticket"::numeric),"id");--> statement-breakpoint
CREATE INDEX "orders_user_open" ON "orders" USING btree ("user_id","open_time","status","order_type","platform");