CREATE TABLE "cm_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cm_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cm_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cm_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"mentions" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cm_counters" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cm_custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cm_custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cm_issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cm_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"state" text DEFAULT 'abierta' NOT NULL,
	"assignee_id" integer,
	"due_date" date,
	"pin_plan_id" integer,
	"pin_page" integer,
	"pin_x" double precision,
	"pin_y" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cm_task_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cm_task_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"type" text DEFAULT 'fs' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cm_task_links_not_self" CHECK ("cm_task_links"."source_id" <> "cm_task_links"."target_id")
);
--> statement-breakpoint
CREATE TABLE "cm_task_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cm_task_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"start_offset_days" integer DEFAULT 0 NOT NULL,
	"duration_days" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cm_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cm_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pendiente' NOT NULL,
	"assignee_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"due_soon_notified_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cm_tasks_dates" CHECK ("cm_tasks"."end_date" >= "cm_tasks"."start_date"),
	CONSTRAINT "cm_tasks_progress" CHECK ("cm_tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "cm_ticket_people" (
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "cm_ticket_people_ticket_id_user_id_role_pk" PRIMARY KEY("ticket_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "cm_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cm_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"state" text DEFAULT 'abierto' NOT NULL,
	"priority" text DEFAULT 'media' NOT NULL,
	"start_date" date,
	"due_date" date,
	"blocked_reason" text,
	"custom_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cm_categories" ADD CONSTRAINT "cm_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_comments" ADD CONSTRAINT "cm_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_comments" ADD CONSTRAINT "cm_comments_ticket_id_cm_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."cm_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_comments" ADD CONSTRAINT "cm_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_counters" ADD CONSTRAINT "cm_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_custom_fields" ADD CONSTRAINT "cm_custom_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_custom_fields" ADD CONSTRAINT "cm_custom_fields_category_id_cm_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."cm_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_issues" ADD CONSTRAINT "cm_issues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_issues" ADD CONSTRAINT "cm_issues_ticket_id_cm_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."cm_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_issues" ADD CONSTRAINT "cm_issues_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_issues" ADD CONSTRAINT "cm_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_task_links" ADD CONSTRAINT "cm_task_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_task_links" ADD CONSTRAINT "cm_task_links_source_id_cm_tasks_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."cm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_task_links" ADD CONSTRAINT "cm_task_links_target_id_cm_tasks_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."cm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_task_templates" ADD CONSTRAINT "cm_task_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_task_templates" ADD CONSTRAINT "cm_task_templates_category_id_cm_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."cm_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_task_templates" ADD CONSTRAINT "cm_task_templates_parent_id_cm_task_templates_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."cm_task_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_tasks" ADD CONSTRAINT "cm_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_tasks" ADD CONSTRAINT "cm_tasks_ticket_id_cm_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."cm_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_tasks" ADD CONSTRAINT "cm_tasks_parent_id_cm_tasks_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."cm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_tasks" ADD CONSTRAINT "cm_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_ticket_people" ADD CONSTRAINT "cm_ticket_people_ticket_id_cm_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."cm_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_ticket_people" ADD CONSTRAINT "cm_ticket_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_tickets" ADD CONSTRAINT "cm_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_tickets" ADD CONSTRAINT "cm_tickets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_tickets" ADD CONSTRAINT "cm_tickets_category_id_cm_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."cm_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cm_tickets" ADD CONSTRAINT "cm_tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cm_categories_name_uq" ON "cm_categories" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cm_comments_ticket_idx" ON "cm_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "cm_custom_fields_category_idx" ON "cm_custom_fields" USING btree ("company_id","category_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "cm_custom_fields_name_uq" ON "cm_custom_fields" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cm_issues_number_uq" ON "cm_issues" USING btree ("ticket_id","number");--> statement-breakpoint
CREATE INDEX "cm_issues_ticket_idx" ON "cm_issues" USING btree ("company_id","ticket_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "cm_task_links_uq" ON "cm_task_links" USING btree ("source_id","target_id");--> statement-breakpoint
CREATE INDEX "cm_task_links_target_idx" ON "cm_task_links" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "cm_task_templates_category_idx" ON "cm_task_templates" USING btree ("company_id","category_id","position");--> statement-breakpoint
CREATE INDEX "cm_tasks_ticket_idx" ON "cm_tasks" USING btree ("company_id","ticket_id","position");--> statement-breakpoint
CREATE INDEX "cm_tasks_end_idx" ON "cm_tasks" USING btree ("company_id","end_date");--> statement-breakpoint
CREATE INDEX "cm_ticket_people_user_idx" ON "cm_ticket_people" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cm_tickets_number_uq" ON "cm_tickets" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "cm_tickets_project_state_idx" ON "cm_tickets" USING btree ("company_id","project_id","state");--> statement-breakpoint
CREATE INDEX "cm_tickets_updated_idx" ON "cm_tickets" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "cm_tickets_due_idx" ON "cm_tickets" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE INDEX "cm_tickets_values_idx" ON "cm_tickets" USING gin ("custom_values" jsonb_path_ops);