CREATE TABLE "concrete_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"rut" text,
	"homologated" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_elements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_elements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_laboratories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_laboratories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"rut" text,
	"email" text,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"truck_m3_max" double precision NOT NULL,
	"placement_m3_max" double precision NOT NULL,
	"m3_tolerance_pct" double precision NOT NULL,
	"batch_m3_max" double precision NOT NULL,
	"batch_days_max" integer NOT NULL,
	"acceptance_age_days" integer NOT NULL,
	"acceptance_consecutive" integer NOT NULL,
	"mean_margin_mpa" double precision NOT NULL,
	"single_margin_mpa" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concrete_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"grade" text NOT NULL,
	"confidence" integer NOT NULL,
	"aggregate_mm" integer NOT NULL,
	"slump_cm" double precision NOT NULL,
	"structural" boolean DEFAULT true NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "concrete_companies" ADD CONSTRAINT "concrete_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_elements" ADD CONSTRAINT "concrete_elements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_laboratories" ADD CONSTRAINT "concrete_laboratories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_settings" ADD CONSTRAINT "concrete_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_types" ADD CONSTRAINT "concrete_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "concrete_companies_name_uq" ON "concrete_companies" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "concrete_elements_name_uq" ON "concrete_elements" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "concrete_laboratories_name_uq" ON "concrete_laboratories" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "concrete_types_designation_uq" ON "concrete_types" USING btree ("company_id","grade","confidence","aggregate_mm","slump_cm");