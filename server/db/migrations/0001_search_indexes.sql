DROP INDEX "routes_origin_idx";--> statement-breakpoint
CREATE INDEX "connecting_legs_schedule_idx" ON "connecting_legs" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "routes_origin_destination_idx" ON "routes" USING btree ("origin_point_id","destination_point_id");