CREATE TABLE "user_limit_reaches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"scope" text NOT NULL,
	"scope_id" integer,
	"limit" integer NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "all_projects" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_limit_reaches" ADD CONSTRAINT "user_limit_reaches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_limit_reaches_company_idx" ON "user_limit_reaches" USING btree ("company_id","created_at");