ALTER TABLE "tickets" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_client_key_uq" ON "tickets" USING btree ("company_id","created_by","client_key");