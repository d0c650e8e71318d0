CREATE TABLE "bim_elements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bim_elements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"model_file_id" integer NOT NULL,
	"express_id" integer NOT NULL,
	"global_id" text NOT NULL,
	"ifc_class" text NOT NULL,
	"name" text,
	"storey" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bim_model_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bim_model_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"stage" text NOT NULL,
	"state" text DEFAULT 'en_cola' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"fragments_path" text,
	"fragments_bytes" bigint,
	"element_count" integer,
	"processing_ms" integer,
	"attempt" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bim_model_files_progress" CHECK ("bim_model_files"."progress" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "bim_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bim_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"parent_id" integer,
	"code" text,
	"level" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"estimated_start" date,
	"estimated_end" date,
	"actual_start" date,
	"actual_end" date,
	"progress" double precision DEFAULT 0 NOT NULL,
	"estimated_cost" double precision,
	"actual_cost" double precision,
	"currency" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_activities_progress" CHECK ("quality_activities"."progress" between 0 and 100),
	CONSTRAINT "quality_activities_estimated" CHECK ("quality_activities"."estimated_end" is null or "quality_activities"."estimated_start" is null or "quality_activities"."estimated_end" >= "quality_activities"."estimated_start"),
	CONSTRAINT "quality_activities_actual" CHECK ("quality_activities"."actual_end" is null or "quality_activities"."actual_start" is null or "quality_activities"."actual_end" >= "quality_activities"."actual_start")
);
--> statement-breakpoint
CREATE TABLE "quality_activity_elements" (
	"activity_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"global_id" text NOT NULL,
	CONSTRAINT "quality_activity_elements_activity_id_model_id_global_id_pk" PRIMARY KEY("activity_id","model_id","global_id")
);
--> statement-breakpoint
CREATE TABLE "quality_activity_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_activity_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_activity_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_activity_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"type" text DEFAULT 'fs' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_activity_links_not_self" CHECK ("quality_activity_links"."source_id" <> "quality_activity_links"."target_id")
);
--> statement-breakpoint
CREATE TABLE "quality_activity_values" (
	"activity_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "quality_activity_values_activity_id_attribute_id_pk" PRIMARY KEY("activity_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "quality_attribute_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_attribute_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_attributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bim_elements" ADD CONSTRAINT "bim_elements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_elements" ADD CONSTRAINT "bim_elements_model_id_bim_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."bim_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_elements" ADD CONSTRAINT "bim_elements_model_file_id_bim_model_files_id_fk" FOREIGN KEY ("model_file_id") REFERENCES "public"."bim_model_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_model_files" ADD CONSTRAINT "bim_model_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_model_files" ADD CONSTRAINT "bim_model_files_model_id_bim_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."bim_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_model_files" ADD CONSTRAINT "bim_model_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activities" ADD CONSTRAINT "quality_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activities" ADD CONSTRAINT "quality_activities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activities" ADD CONSTRAINT "quality_activities_parent_id_quality_activities_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."quality_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activities" ADD CONSTRAINT "quality_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_elements" ADD CONSTRAINT "quality_activity_elements_activity_id_quality_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."quality_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_elements" ADD CONSTRAINT "quality_activity_elements_model_id_bim_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."bim_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_history" ADD CONSTRAINT "quality_activity_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_history" ADD CONSTRAINT "quality_activity_history_activity_id_quality_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."quality_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_history" ADD CONSTRAINT "quality_activity_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_links" ADD CONSTRAINT "quality_activity_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_links" ADD CONSTRAINT "quality_activity_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_links" ADD CONSTRAINT "quality_activity_links_source_id_quality_activities_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."quality_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_links" ADD CONSTRAINT "quality_activity_links_target_id_quality_activities_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."quality_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_values" ADD CONSTRAINT "quality_activity_values_activity_id_quality_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."quality_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_values" ADD CONSTRAINT "quality_activity_values_attribute_id_quality_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."quality_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_activity_values" ADD CONSTRAINT "quality_activity_values_value_id_quality_attribute_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."quality_attribute_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_attribute_values" ADD CONSTRAINT "quality_attribute_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_attribute_values" ADD CONSTRAINT "quality_attribute_values_attribute_id_quality_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."quality_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_attributes" ADD CONSTRAINT "quality_attributes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bim_elements_file_global_uq" ON "bim_elements" USING btree ("model_file_id","global_id");--> statement-breakpoint
CREATE INDEX "bim_elements_model_idx" ON "bim_elements" USING btree ("model_id","global_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bim_model_files_stage_uq" ON "bim_model_files" USING btree ("model_id","stage");--> statement-breakpoint
CREATE INDEX "bim_model_files_state_idx" ON "bim_model_files" USING btree ("state");--> statement-breakpoint
CREATE INDEX "bim_models_project_idx" ON "bim_models" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "quality_activities_project_idx" ON "quality_activities" USING btree ("company_id","project_id","position");--> statement-breakpoint
CREATE INDEX "quality_activities_parent_idx" ON "quality_activities" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "quality_activity_elements_model_idx" ON "quality_activity_elements" USING btree ("model_id","global_id");--> statement-breakpoint
CREATE INDEX "quality_activity_history_activity_idx" ON "quality_activity_history" USING btree ("activity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_activity_links_uq" ON "quality_activity_links" USING btree ("source_id","target_id");--> statement-breakpoint
CREATE INDEX "quality_activity_links_project_idx" ON "quality_activity_links" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "quality_activity_values_value_idx" ON "quality_activity_values" USING btree ("value_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_attribute_values_name_uq" ON "quality_attribute_values" USING btree ("attribute_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "quality_attributes_name_uq" ON "quality_attributes" USING btree ("company_id",lower("name"));