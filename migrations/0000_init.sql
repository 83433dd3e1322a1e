CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account" text NOT NULL,
	"broker" text DEFAULT '' NOT NULL,
	"ticket" text NOT NULL,
	"symbol" text NOT NULL,
	"order_type" text NOT NULL,
	"lots" double precision NOT NULL,
	"open_price" double precision NOT NULL,
	"close_price" double precision,
	"stop_loss" double precision DEFAULT 0 NOT NULL,
	"take_profit" double precision DEFAULT 0 NOT NULL,
	"profit" double precision DEFAULT 0 NOT NULL,
	"commission" double precision DEFAULT 0 NOT NULL,
	"swap" double precision DEFAULT 0 NOT NULL,
	"magic_number" bigint DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_identity" UNIQUE("user_id","platform","account","ticket")
);
--> statement-breakpoint
CREATE TABLE "signal_deliveries" (
	"signal_id" uuid NOT NULL,
	"terminal_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"result_status" text,
	"result_message" text,
	"retcode" integer,
	"ticket" text,
	"price" double precision,
	"executed_at" timestamp with time zone,
	CONSTRAINT "signal_deliveries_signal_id_terminal_id_pk" PRIMARY KEY("signal_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "signals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"position" text NOT NULL,
	"lot" double precision DEFAULT 0 NOT NULL,
	"price" double precision DEFAULT 0 NOT NULL,
	"slpoint" double precision DEFAULT 0 NOT NULL,
	"tppoint" double precision DEFAULT 0 NOT NULL,
	"trailing_stop" double precision DEFAULT 0 NOT NULL,
	"break_even_pips" double precision DEFAULT 0 NOT NULL,
	"risk_percentage" double precision DEFAULT 0 NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"sender_platform" text,
	"platform" text,
	"status" text NOT NULL,
	"error_message" text,
	"alert_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"ticket" text,
	"executed_price" double precision,
	"retcode" integer
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account" text NOT NULL,
	"broker" text NOT NULL,
	"ea_version" text,
	"terminal_build" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminals_identity" UNIQUE("user_id","platform","account","broker")
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_identities" (
	"provider" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_identities_provider_provider_user_id_pk" PRIMARY KEY("provider","provider_user_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"license_number" text NOT NULL,
	"license_hash" text NOT NULL,
	"product_type" text DEFAULT 'free' NOT NULL,
	"subscription_status" text,
	"subscription_expiration" timestamp with time zone,
	"is_trialing" boolean DEFAULT false NOT NULL,
	"trial_end_date" timestamp with time zone,
	"subscription_cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"stripe_subscription_id" text,
	"stripe_customer_id" text,
	"stripe_snapshot_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_license_hash_unique" UNIQUE("license_hash"),
	CONSTRAINT "users_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_deliveries" ADD CONSTRAINT "signal_deliveries_signal_id_signals_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_deliveries" ADD CONSTRAINT "signal_deliveries_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_identities" ADD CONSTRAINT "oauth_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_open" ON "orders" USING btree ("user_id","open_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signals_user_received" ON "signals" USING btree ("user_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signals_user_expires" ON "signals" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signals_user_alert" ON "signals" USING btree ("user_id","alert_id") WHERE "signals"."alert_id" is not null;--> statement-breakpoint
CREATE INDEX "signals_pending_expires" ON "signals" USING btree ("expires_at") WHERE "signals"."status" = 'pending';