ALTER TABLE "module_status" ADD COLUMN "requested_by" integer;--> statement-breakpoint
ALTER TABLE "module_status" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "module_status" ADD CONSTRAINT "module_status_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;