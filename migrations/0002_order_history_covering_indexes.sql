DROP INDEX "orders_user_open";--> statement-breakpoint
DROP INDEX "orders_user_close";--> statement-breakpoint
DROP INDEX "orders_user_profit";--> statement-breakpoint
DROP INDEX "orders_user_symbol";--> statement-breakpoint
DROP INDEX "orders_user_lots";--> statement-breakpoint
DROP INDEX "orders_user_ticket";--> statement-breakpoint
CREATE INDEX "orders_user_open" ON "orders" USING btree ("user_id","open_time","id","status","order_type","platform");--> statement-breakpoint
CREATE INDEX "orders_user_close" ON "orders" USING btree ("user_id","close_time","id","open_time","status","order_type","platform");--> statement-breakpoint
CREATE INDEX "orders_user_profit" ON "orders" USING btree ("user_id","profit","id","open_time","status","order_type","platform");--> statement-breakpoint
CREATE INDEX "orders_user_symbol" ON "orders" USING btree ("user_id","symbol","id","open_time","status","order_type","platform");--> statement-breakpoint
CREATE INDEX "orders_user_lots" ON "orders" USING btree ("user_id","lots","id","open_time","status","order_type","platform");--> statement-breakpoint
CREATE INDEX "orders_user_ticket" ON "orders" USING btree ("user_id",("ticket"::numeric),"id","open_time","status","order_type","platform");