CREATE TABLE "delivery_accessories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_accessories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_delivered" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"mime" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_fichas" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"parkings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reading_light" numeric(12, 2),
	"reading_cold_water" numeric(12, 2),
	"reading_hot_water" numeric(12, 2),
	"reading_gas" numeric(12, 2),
	"reading_heating" numeric(12, 2),
	"details_observations" text,
	"is_passed_to_after_sales" boolean DEFAULT false NOT NULL,
	"after_sales_ticket_id" integer,
	"delivered_by" integer,
	"delivery_recorded_at" timestamp with time zone,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"receiver_comment" text,
	"act_observations" text,
	"owner_signature_path" text,
	"representative_id" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_revision_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_revision_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"place_id" integer,
	"item_id" integer,
	"failure_type_id" integer,
	"place_name" text NOT NULL,
	"item_name" text NOT NULL,
	"failure_name" text,
	"outcome" text NOT NULL,
	"severity" text,
	"observation" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticket_id" integer,
	"ticket_failure_id" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"responsible_id" integer,
	"state" text NOT NULL,
	"owner_decision_at" timestamp with time zone,
	"owner_decision_by" text,
	"owner_decision_reason" text,
	"confirm_token_hash" text,
	"confirm_token_used_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_type_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unit_type_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"unit_type_id" integer NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"mime" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_accessories" ADD CONSTRAINT "delivery_accessories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_accessories" ADD CONSTRAINT "delivery_accessories_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_certificates" ADD CONSTRAINT "delivery_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_certificates" ADD CONSTRAINT "delivery_certificates_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_certificates" ADD CONSTRAINT "delivery_certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_fichas" ADD CONSTRAINT "delivery_fichas_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_fichas" ADD CONSTRAINT "delivery_fichas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_fichas" ADD CONSTRAINT "delivery_fichas_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_fichas" ADD CONSTRAINT "delivery_fichas_after_sales_ticket_id_tickets_id_fk" FOREIGN KEY ("after_sales_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_fichas" ADD CONSTRAINT "delivery_fichas_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_fichas" ADD CONSTRAINT "delivery_fichas_representative_id_users_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_fichas" ADD CONSTRAINT "delivery_fichas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD CONSTRAINT "delivery_revision_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD CONSTRAINT "delivery_revision_results_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD CONSTRAINT "delivery_revision_results_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD CONSTRAINT "delivery_revision_results_place_id_catalogue_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."catalogue_places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD CONSTRAINT "delivery_revision_results_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD CONSTRAINT "delivery_revision_results_failure_type_id_catalogue_failure_types_id_fk" FOREIGN KEY ("failure_type_id") REFERENCES "public"."catalogue_failure_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD CONSTRAINT "delivery_revision_results_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_revision_results" ADD CONSTRAINT "delivery_revision_results_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_schedules" ADD CONSTRAINT "delivery_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_schedules" ADD CONSTRAINT "delivery_schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_schedules" ADD CONSTRAINT "delivery_schedules_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_schedules" ADD CONSTRAINT "delivery_schedules_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_schedules" ADD CONSTRAINT "delivery_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_type_plans" ADD CONSTRAINT "unit_type_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_type_plans" ADD CONSTRAINT "unit_type_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_type_plans" ADD CONSTRAINT "unit_type_plans_unit_type_id_unit_types_id_fk" FOREIGN KEY ("unit_type_id") REFERENCES "public"."unit_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_type_plans" ADD CONSTRAINT "unit_type_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_accessories_unit_idx" ON "delivery_accessories" USING btree ("company_id","unit_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_certificates_path_uq" ON "delivery_certificates" USING btree ("company_id","path");--> statement-breakpoint
CREATE INDEX "delivery_certificates_unit_idx" ON "delivery_certificates" USING btree ("company_id","unit_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_fichas_project_idx" ON "delivery_fichas" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "delivery_fichas_ticket_idx" ON "delivery_fichas" USING btree ("after_sales_ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_revision_unit_item_uq" ON "delivery_revision_results" USING btree ("unit_id","item_id");--> statement-breakpoint
CREATE INDEX "delivery_revision_unit_idx" ON "delivery_revision_results" USING btree ("company_id","unit_id");--> statement-breakpoint
CREATE INDEX "delivery_revision_pending_idx" ON "delivery_revision_results" USING btree ("company_id","project_id","outcome");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_schedules_live_uq" ON "delivery_schedules" USING btree ("unit_id") WHERE "delivery_schedules"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_schedules_token_uq" ON "delivery_schedules" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "delivery_schedules_agenda_idx" ON "delivery_schedules" USING btree ("company_id","start_at","responsible_id");--> statement-breakpoint
CREATE INDEX "delivery_schedules_project_idx" ON "delivery_schedules" USING btree ("company_id","project_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_type_plans_path_uq" ON "unit_type_plans" USING btree ("company_id","path");--> statement-breakpoint
CREATE INDEX "unit_type_plans_idx" ON "unit_type_plans" USING btree ("company_id","project_id","unit_type_id");