CREATE TABLE "cbox_activity" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cbox_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"cbox_file_id" integer,
	"folder_id" integer,
	"action" text NOT NULL,
	"actor_id" integer,
	"link_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cbox_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cbox_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"file_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"size" bigint NOT NULL,
	"extension" text NOT NULL,
	"category" text NOT NULL,
	"mime" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"trash_root" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cbox_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cbox_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"project_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"trash_root" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cbox_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cbox_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"folder_id" integer,
	"cbox_file_id" integer,
	"token_hash" text NOT NULL,
	"label" text,
	"password_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cbox_links_one_target" CHECK (("cbox_links"."folder_id" is null) <> ("cbox_links"."cbox_file_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cbox_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"quota_bytes" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cbox_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cbox_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"folder_id" integer,
	"cbox_file_id" integer,
	"subject_kind" text NOT NULL,
	"user_id" integer,
	"profile_id" integer,
	"can_edit" boolean DEFAULT false NOT NULL,
	"can_share" boolean DEFAULT false NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cbox_shares_one_target" CHECK (("cbox_shares"."folder_id" is null) <> ("cbox_shares"."cbox_file_id" is null)),
	CONSTRAINT "cbox_shares_one_subject" CHECK (("cbox_shares"."user_id" is null) <> ("cbox_shares"."profile_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cbox_upload_parts" (
	"upload_id" text NOT NULL,
	"number" integer NOT NULL,
	"etag" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cbox_upload_parts_upload_id_number_pk" PRIMARY KEY("upload_id","number")
);
--> statement-breakpoint
CREATE TABLE "cbox_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"last_modified" bigint,
	"on_conflict" text,
	"file_id" integer NOT NULL,
	"storage_upload_id" text NOT NULL,
	"part_size" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cbox_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cbox_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"cbox_file_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"version" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cbox_activity" ADD CONSTRAINT "cbox_activity_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_activity" ADD CONSTRAINT "cbox_activity_cbox_file_id_cbox_files_id_fk" FOREIGN KEY ("cbox_file_id") REFERENCES "public"."cbox_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_activity" ADD CONSTRAINT "cbox_activity_folder_id_cbox_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cbox_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_activity" ADD CONSTRAINT "cbox_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_activity" ADD CONSTRAINT "cbox_activity_link_id_cbox_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."cbox_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_files" ADD CONSTRAINT "cbox_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_files" ADD CONSTRAINT "cbox_files_folder_id_cbox_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cbox_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_files" ADD CONSTRAINT "cbox_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_files" ADD CONSTRAINT "cbox_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_files" ADD CONSTRAINT "cbox_files_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_folders" ADD CONSTRAINT "cbox_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_folders" ADD CONSTRAINT "cbox_folders_parent_id_cbox_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."cbox_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_folders" ADD CONSTRAINT "cbox_folders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_folders" ADD CONSTRAINT "cbox_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_folders" ADD CONSTRAINT "cbox_folders_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_links" ADD CONSTRAINT "cbox_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_links" ADD CONSTRAINT "cbox_links_folder_id_cbox_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cbox_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_links" ADD CONSTRAINT "cbox_links_cbox_file_id_cbox_files_id_fk" FOREIGN KEY ("cbox_file_id") REFERENCES "public"."cbox_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_links" ADD CONSTRAINT "cbox_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_settings" ADD CONSTRAINT "cbox_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_shares" ADD CONSTRAINT "cbox_shares_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_shares" ADD CONSTRAINT "cbox_shares_folder_id_cbox_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cbox_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_shares" ADD CONSTRAINT "cbox_shares_cbox_file_id_cbox_files_id_fk" FOREIGN KEY ("cbox_file_id") REFERENCES "public"."cbox_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_shares" ADD CONSTRAINT "cbox_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_shares" ADD CONSTRAINT "cbox_shares_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_shares" ADD CONSTRAINT "cbox_shares_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_upload_parts" ADD CONSTRAINT "cbox_upload_parts_upload_id_cbox_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."cbox_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_uploads" ADD CONSTRAINT "cbox_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_uploads" ADD CONSTRAINT "cbox_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_uploads" ADD CONSTRAINT "cbox_uploads_folder_id_cbox_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."cbox_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_uploads" ADD CONSTRAINT "cbox_uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_versions" ADD CONSTRAINT "cbox_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_versions" ADD CONSTRAINT "cbox_versions_cbox_file_id_cbox_files_id_fk" FOREIGN KEY ("cbox_file_id") REFERENCES "public"."cbox_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_versions" ADD CONSTRAINT "cbox_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbox_versions" ADD CONSTRAINT "cbox_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cbox_activity_file_idx" ON "cbox_activity" USING btree ("cbox_file_id","created_at");--> statement-breakpoint
CREATE INDEX "cbox_activity_folder_idx" ON "cbox_activity" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE INDEX "cbox_files_folder_idx" ON "cbox_files" USING btree ("company_id","folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbox_files_name_uq" ON "cbox_files" USING btree ("company_id",coalesce("folder_id", 0),lower("name")) WHERE "cbox_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cbox_files_trash_idx" ON "cbox_files" USING btree ("company_id","deleted_at");--> statement-breakpoint
CREATE INDEX "cbox_files_lower_name_idx" ON "cbox_files" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cbox_folders_parent_idx" ON "cbox_folders" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbox_folders_name_uq" ON "cbox_folders" USING btree ("company_id",coalesce("parent_id", 0),lower("name")) WHERE "cbox_folders"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cbox_folders_project_uq" ON "cbox_folders" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "cbox_folders_trash_idx" ON "cbox_folders" USING btree ("company_id","deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cbox_links_token_uq" ON "cbox_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cbox_links_target_idx" ON "cbox_links" USING btree ("company_id","folder_id","cbox_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbox_shares_uq" ON "cbox_shares" USING btree (coalesce("folder_id", 0),coalesce("cbox_file_id", 0),coalesce("user_id", 0),coalesce("profile_id", 0));--> statement-breakpoint
CREATE INDEX "cbox_shares_user_idx" ON "cbox_shares" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "cbox_shares_profile_idx" ON "cbox_shares" USING btree ("company_id","profile_id");--> statement-breakpoint
CREATE INDEX "cbox_uploads_user_idx" ON "cbox_uploads" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "cbox_uploads_expiry_idx" ON "cbox_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cbox_versions_uq" ON "cbox_versions" USING btree ("cbox_file_id","version");