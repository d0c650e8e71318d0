ALTER TABLE "failures" ADD COLUMN "plan_pin" jsonb;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD COLUMN "plan_pin" jsonb;