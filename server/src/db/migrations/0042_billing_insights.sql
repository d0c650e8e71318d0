CREATE TABLE "billing_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"period" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"usage" jsonb NOT NULL,
	"paid_on" date,
	"reference" text,
	"issued_by" integer,
	"paid_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"modules" jsonb NOT NULL,
	"currency" text DEFAULT 'CLP' NOT NULL,
	"base_price" integer NOT NULL,
	"price_per_user" integer NOT NULL,
	"storage_quota_mb" integer,
	"storage_overage_price" integer DEFAULT 0 NOT NULL,
	"due_days" integer DEFAULT 30 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"requested_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"downloaded_at" timestamp with time zone,
	"tables" integer,
	"rows" integer,
	"bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_stats" (
	"company_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"requests" integer NOT NULL,
	"server_errors" integer NOT NULL,
	"client_errors" integer NOT NULL,
	"slow" integer NOT NULL,
	"total_ms" bigint NOT NULL,
	"max_ms" integer NOT NULL,
	CONSTRAINT "request_stats_company_id_hour_pk" PRIMARY KEY("company_id","hour")
);
--> statement-breakpoint
CREATE TABLE "usage_counts" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer DEFAULT 0 NOT NULL,
	"module" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "usage_counts_company_id_day_user_id_project_id_module_kind_name_pk" PRIMARY KEY("company_id","day","user_id","project_id","module","kind","name")
);
--> statement-breakpoint
CREATE TABLE "usage_user_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "usage_user_days_company_id_day_user_id_pk" PRIMARY KEY("company_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_stats" ADD CONSTRAINT "request_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counts" ADD CONSTRAINT "usage_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_user_days" ADD CONSTRAINT "usage_user_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_company_period_uq" ON "billing_invoices" USING btree ("company_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_uq" ON "billing_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "data_exports_created_idx" ON "data_exports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "request_stats_hour_idx" ON "request_stats" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "usage_counts_company_module_idx" ON "usage_counts" USING btree ("company_id","module","day");--> statement-breakpoint
CREATE INDEX "usage_user_days_user_idx" ON "usage_user_days" USING btree ("company_id","user_id");