CREATE TABLE "reception_follow_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reception_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"reception_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"state" text DEFAULT 'abierto' NOT NULL,
	"due_on" date NOT NULL,
	"closed_on" date,
	"closing_note" text,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reception_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reception_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"reception_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"guidance" text,
	"evidence" text NOT NULL,
	"result" text,
	"note" text,
	"due_on" date,
	"answered_by" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reception_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reception_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"work_package" text NOT NULL,
	"checkpoints" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"work_package" text,
	"location" text,
	"contractor" text,
	"template_id" integer,
	"state" text DEFAULT 'programada' NOT NULL,
	"planned_start" date NOT NULL,
	"planned_end" date NOT NULL,
	"started_on" date,
	"signed_on" date,
	"inspector_id" integer,
	"contractor_signer" text,
	"observations" text,
	"cancel_reason" text,
	"inspector_signed_at" timestamp with time zone,
	"contractor_signed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reception_follow_ups" ADD CONSTRAINT "reception_follow_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_follow_ups" ADD CONSTRAINT "reception_follow_ups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_follow_ups" ADD CONSTRAINT "reception_follow_ups_reception_id_receptions_id_fk" FOREIGN KEY ("reception_id") REFERENCES "public"."receptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_follow_ups" ADD CONSTRAINT "reception_follow_ups_item_id_reception_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."reception_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_follow_ups" ADD CONSTRAINT "reception_follow_ups_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_items" ADD CONSTRAINT "reception_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_items" ADD CONSTRAINT "reception_items_reception_id_receptions_id_fk" FOREIGN KEY ("reception_id") REFERENCES "public"."receptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_items" ADD CONSTRAINT "reception_items_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_templates" ADD CONSTRAINT "reception_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receptions" ADD CONSTRAINT "receptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receptions" ADD CONSTRAINT "receptions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receptions" ADD CONSTRAINT "receptions_template_id_reception_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."reception_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receptions" ADD CONSTRAINT "receptions_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receptions" ADD CONSTRAINT "receptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reception_follow_ups_item_uq" ON "reception_follow_ups" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "reception_follow_ups_open_idx" ON "reception_follow_ups" USING btree ("project_id","state","due_on");--> statement-breakpoint
CREATE INDEX "reception_follow_ups_reception_idx" ON "reception_follow_ups" USING btree ("reception_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reception_items_position_uq" ON "reception_items" USING btree ("reception_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reception_templates_name_uq" ON "reception_templates" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "receptions_code_uq" ON "receptions" USING btree ("project_id",lower("code"));--> statement-breakpoint
CREATE INDEX "receptions_list_idx" ON "receptions" USING btree ("company_id","project_id","planned_start");