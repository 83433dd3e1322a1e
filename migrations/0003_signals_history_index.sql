DROP INDEX "signals_user_received";--> statement-breakpoint
CREATE INDEX "signals_user_received" ON "signals" USING btree ("user_id","received_at","id");