CREATE TABLE "catalogue_areas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"unit_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_failure_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_failure_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"severity" text DEFAULT 'leve' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"country" text NOT NULL,
	"category" text NOT NULL,
	"years" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "acs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"state" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"follow_up" text,
	"follow_up_order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"place_id" integer,
	"item_id" integer,
	"failure_type_id" integer,
	"place_name" text NOT NULL,
	"item_name" text NOT NULL,
	"detail_name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"batch" integer DEFAULT 1 NOT NULL,
	"severity" text NOT NULL,
	"state" text NOT NULL,
	"previous_state" text,
	"guarantee_years" integer NOT NULL,
	"guarantee_start" date NOT NULL,
	"guarantee_end" date NOT NULL,
	"marked_to_owner_at" timestamp with time zone,
	"reentered_at" timestamp with time zone,
	"reentered_count" integer DEFAULT 0 NOT NULL,
	"ac_id" integer,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_failures" (
	"order_id" integer NOT NULL,
	"failure_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"result" text,
	"comment" text,
	"managed_at" timestamp with time zone,
	CONSTRAINT "order_failures_order_id_failure_id_pk" PRIMARY KEY("order_id","failure_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"responsible_id" integer,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"duration_minutes" integer,
	"state" text NOT NULL,
	"previous_state" text,
	"description" text DEFAULT '' NOT NULL,
	"owner_decision" text,
	"owner_decision_at" timestamp with time zone,
	"owner_decision_reason" text,
	"confirm_token_hash" text,
	"confirm_token_used_at" timestamp with time zone,
	"managed_at" timestamp with time zone,
	"managed_by" integer,
	"observations" text,
	"ac_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"real_estate_id_number" text,
	"legal_representative" text,
	"legal_representative_id_number" text,
	"tax_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_path" text,
	"response_time_hours" integer DEFAULT 48 NOT NULL,
	"response_action" text DEFAULT 'notificar_supervisor' NOT NULL,
	"notification_message" text,
	"owner_confirmation_limit_hours" integer DEFAULT 24 NOT NULL,
	"iframe" jsonb DEFAULT '{"enabled":false,"allowedOrigins":[]}'::jsonb NOT NULL,
	"delivery" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_id" integer,
	"visibility" text NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_pauses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"tower_id" integer,
	"unit_id" integer NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"subject" text NOT NULL,
	"applicant_owner_id" integer,
	"origin" text NOT NULL,
	"responsible_id" integer,
	"priority" text DEFAULT 'medium' NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text NOT NULL,
	"previous_state" text,
	"merged_into_id" integer,
	"close_justification" text,
	"created_by" integer,
	"first_response_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_counters" (
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "warranty_counters_project_id_kind_pk" PRIMARY KEY("project_id","kind")
);
--> statement-breakpoint
ALTER TABLE "catalogue_areas" ADD CONSTRAINT "catalogue_areas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_areas" ADD CONSTRAINT "catalogue_areas_unit_type_id_unit_types_id_fk" FOREIGN KEY ("unit_type_id") REFERENCES "public"."unit_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_failure_types" ADD CONSTRAINT "catalogue_failure_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_failure_types" ADD CONSTRAINT "catalogue_failure_types_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_place_id_catalogue_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."catalogue_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_places" ADD CONSTRAINT "catalogue_places_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_places" ADD CONSTRAINT "catalogue_places_area_id_catalogue_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."catalogue_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_terms" ADD CONSTRAINT "warranty_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acs" ADD CONSTRAINT "acs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acs" ADD CONSTRAINT "acs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acs" ADD CONSTRAINT "acs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acs" ADD CONSTRAINT "acs_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acs" ADD CONSTRAINT "acs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_place_id_catalogue_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."catalogue_places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_failure_type_id_catalogue_failure_types_id_fk" FOREIGN KEY ("failure_type_id") REFERENCES "public"."catalogue_failure_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_ac_id_acs_id_fk" FOREIGN KEY ("ac_id") REFERENCES "public"."acs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failures" ADD CONSTRAINT "failures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_failures" ADD CONSTRAINT "order_failures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_failures" ADD CONSTRAINT "order_failures_failure_id_failures_id_fk" FOREIGN KEY ("failure_id") REFERENCES "public"."failures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_failures" ADD CONSTRAINT "order_failures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_managed_by_users_id_fk" FOREIGN KEY ("managed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ac_id_acs_id_fk" FOREIGN KEY ("ac_id") REFERENCES "public"."acs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_pauses" ADD CONSTRAINT "ticket_pauses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_pauses" ADD CONSTRAINT "ticket_pauses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tower_id_towers_id_fk" FOREIGN KEY ("tower_id") REFERENCES "public"."towers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_applicant_owner_id_owners_id_fk" FOREIGN KEY ("applicant_owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_counters" ADD CONSTRAINT "warranty_counters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_areas_type_idx" ON "catalogue_areas" USING btree ("company_id","unit_type_id","position");--> statement-breakpoint
CREATE INDEX "catalogue_failure_types_item_idx" ON "catalogue_failure_types" USING btree ("company_id","item_id","position");--> statement-breakpoint
CREATE INDEX "catalogue_items_place_idx" ON "catalogue_items" USING btree ("company_id","place_id","position");--> statement-breakpoint
CREATE INDEX "catalogue_places_area_idx" ON "catalogue_places" USING btree ("company_id","area_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_terms_uq" ON "warranty_terms" USING btree ("company_id","country","category");--> statement-breakpoint
CREATE UNIQUE INDEX "acs_number_uq" ON "acs" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "acs_ticket_idx" ON "acs" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "acs_state_idx" ON "acs" USING btree ("company_id","state");--> statement-breakpoint
CREATE INDEX "failures_ticket_idx" ON "failures" USING btree ("company_id","ticket_id","state");--> statement-breakpoint
CREATE INDEX "failures_project_idx" ON "failures" USING btree ("company_id","project_id","created_at");--> statement-breakpoint
CREATE INDEX "failures_unit_idx" ON "failures" USING btree ("company_id","unit_id");--> statement-breakpoint
CREATE INDEX "failures_item_idx" ON "failures" USING btree ("company_id","item_id");--> statement-breakpoint
CREATE INDEX "failures_place_idx" ON "failures" USING btree ("company_id","place_id");--> statement-breakpoint
CREATE INDEX "failures_ac_idx" ON "failures" USING btree ("ac_id");--> statement-breakpoint
CREATE INDEX "order_failures_failure_idx" ON "order_failures" USING btree ("failure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("project_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token_uq" ON "orders" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "orders_ticket_idx" ON "orders" USING btree ("company_id","ticket_id","kind");--> statement-breakpoint
CREATE INDEX "orders_agenda_idx" ON "orders" USING btree ("company_id","start_at","responsible_id");--> statement-breakpoint
CREATE INDEX "orders_responsible_idx" ON "orders" USING btree ("company_id","responsible_id","start_at");--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("company_id","state");--> statement-breakpoint
CREATE INDEX "project_settings_company_idx" ON "project_settings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_pauses_ticket_idx" ON "ticket_pauses" USING btree ("ticket_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number_uq" ON "tickets" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "tickets_company_state_idx" ON "tickets" USING btree ("company_id","state","created_at");--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_company_updated_idx" ON "tickets" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_project_idx" ON "tickets" USING btree ("company_id","project_id","state");--> statement-breakpoint
CREATE INDEX "tickets_priority_idx" ON "tickets" USING btree ("company_id","priority");--> statement-breakpoint
CREATE INDEX "tickets_origin_idx" ON "tickets" USING btree ("company_id","origin");--> statement-breakpoint
CREATE INDEX "tickets_responsible_idx" ON "tickets" USING btree ("company_id","responsible_id","state");--> statement-breakpoint
CREATE INDEX "tickets_tower_idx" ON "tickets" USING btree ("company_id","tower_id");--> statement-breakpoint
CREATE INDEX "tickets_unit_idx" ON "tickets" USING btree ("company_id","unit_id");--> statement-breakpoint
CREATE INDEX "tickets_applicant_idx" ON "tickets" USING btree ("applicant_owner_id");