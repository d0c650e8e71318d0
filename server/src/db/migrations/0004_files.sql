CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"mime" text NOT NULL,
	"category" text NOT NULL,
	"context" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"max_bytes" bigint NOT NULL,
	"size" bigint,
	"batch" text,
	"uploaded_by" integer,
	"thumbnail_path" text,
	"entity_type" text,
	"entity_id" integer,
	"reject_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_path_uq" ON "files" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "files_thumbnail_path_uq" ON "files" USING btree ("thumbnail_path");--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "files_batch_idx" ON "files" USING btree ("company_id","uploaded_by","batch");--> statement-breakpoint
CREATE INDEX "files_entity_idx" ON "files" USING btree ("company_id","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "files_pending_idx" ON "files" USING btree ("status","expires_at");