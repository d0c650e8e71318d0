ALTER TABLE "acs" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_failures" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;