ALTER TABLE "acs" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "acs" ADD COLUMN "signed_by" integer;--> statement-breakpoint
ALTER TABLE "acs" ADD COLUMN "signed_via" text;--> statement-breakpoint
ALTER TABLE "acs" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "acs" ADD COLUMN "signature_path" text;--> statement-breakpoint
ALTER TABLE "acs" ADD COLUMN "signed_pdf_path" text;--> statement-breakpoint
ALTER TABLE "acs" ADD CONSTRAINT "acs_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;