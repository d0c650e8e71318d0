CREATE TABLE "concrete_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"concrete_type_id" integer NOT NULL,
	"state" text DEFAULT 'abierto' NOT NULL,
	"opened_on" date NOT NULL,
	"m3_max" double precision NOT NULL,
	"days_max" integer NOT NULL,
	"verdict" jsonb,
	"closed_at" timestamp with time zone,
	"evaluated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_dispatch_guides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_dispatch_guides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"placement_id" integer NOT NULL,
	"number" text NOT NULL,
	"truck" text NOT NULL,
	"m3" double precision NOT NULL,
	"arrived_at" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_id" integer NOT NULL,
	"placement_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_models" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_placement_elements" (
	"placement_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"global_id" text NOT NULL,
	"released" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_placements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'programado' NOT NULL,
	"element_id" integer NOT NULL,
	"m3" double precision NOT NULL,
	"location" text NOT NULL,
	"unit" text NOT NULL,
	"zone_cycle" text,
	"axis_1" text,
	"axis_2" text,
	"axis_3" text,
	"axis_4" text,
	"concrete_company_id" integer NOT NULL,
	"concrete_type_id" integer NOT NULL,
	"scheduled_on" date NOT NULL,
	"poured_on" date,
	"batch_id" integer,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concrete_placements_m3" CHECK ("concrete_placements"."m3" > 0)
);
--> statement-breakpoint
CREATE TABLE "concrete_samples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"placement_id" integer NOT NULL,
	"code" text,
	"guide_id" integer,
	"taken_on" date NOT NULL,
	"specimens" integer NOT NULL,
	"laboratory_id" integer NOT NULL,
	"early_mpa" double precision,
	"acceptance_mpa" double precision,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "concrete_batches" ADD CONSTRAINT "concrete_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_batches" ADD CONSTRAINT "concrete_batches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_batches" ADD CONSTRAINT "concrete_batches_concrete_type_id_concrete_types_id_fk" FOREIGN KEY ("concrete_type_id") REFERENCES "public"."concrete_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_dispatch_guides" ADD CONSTRAINT "concrete_dispatch_guides_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_dispatch_guides" ADD CONSTRAINT "concrete_dispatch_guides_placement_id_concrete_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."concrete_placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_documents" ADD CONSTRAINT "concrete_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_documents" ADD CONSTRAINT "concrete_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_documents" ADD CONSTRAINT "concrete_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_documents" ADD CONSTRAINT "concrete_documents_placement_id_concrete_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."concrete_placements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_documents" ADD CONSTRAINT "concrete_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_models" ADD CONSTRAINT "concrete_models_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_models" ADD CONSTRAINT "concrete_models_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_models" ADD CONSTRAINT "concrete_models_model_id_bim_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."bim_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_models" ADD CONSTRAINT "concrete_models_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placement_elements" ADD CONSTRAINT "concrete_placement_elements_placement_id_concrete_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."concrete_placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placement_elements" ADD CONSTRAINT "concrete_placement_elements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placements" ADD CONSTRAINT "concrete_placements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placements" ADD CONSTRAINT "concrete_placements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placements" ADD CONSTRAINT "concrete_placements_element_id_concrete_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."concrete_elements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placements" ADD CONSTRAINT "concrete_placements_concrete_company_id_concrete_companies_id_fk" FOREIGN KEY ("concrete_company_id") REFERENCES "public"."concrete_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placements" ADD CONSTRAINT "concrete_placements_concrete_type_id_concrete_types_id_fk" FOREIGN KEY ("concrete_type_id") REFERENCES "public"."concrete_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placements" ADD CONSTRAINT "concrete_placements_batch_id_concrete_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."concrete_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_placements" ADD CONSTRAINT "concrete_placements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_samples" ADD CONSTRAINT "concrete_samples_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_samples" ADD CONSTRAINT "concrete_samples_placement_id_concrete_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."concrete_placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_samples" ADD CONSTRAINT "concrete_samples_guide_id_concrete_dispatch_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."concrete_dispatch_guides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_samples" ADD CONSTRAINT "concrete_samples_laboratory_id_concrete_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."concrete_laboratories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "concrete_batches_number_uq" ON "concrete_batches" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "concrete_batches_open_idx" ON "concrete_batches" USING btree ("project_id","concrete_type_id","state");--> statement-breakpoint
CREATE INDEX "concrete_dispatch_guides_placement_idx" ON "concrete_dispatch_guides" USING btree ("placement_id");--> statement-breakpoint
CREATE INDEX "concrete_documents_project_idx" ON "concrete_documents" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "concrete_placement_elements_uq" ON "concrete_placement_elements" USING btree ("placement_id","global_id");--> statement-breakpoint
CREATE UNIQUE INDEX "concrete_placement_elements_live_uq" ON "concrete_placement_elements" USING btree ("project_id","global_id") WHERE not "concrete_placement_elements"."released";--> statement-breakpoint
CREATE UNIQUE INDEX "concrete_placements_number_uq" ON "concrete_placements" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "concrete_placements_list_idx" ON "concrete_placements" USING btree ("company_id","project_id","scheduled_on");--> statement-breakpoint
CREATE INDEX "concrete_placements_batch_idx" ON "concrete_placements" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "concrete_samples_placement_idx" ON "concrete_samples" USING btree ("placement_id");