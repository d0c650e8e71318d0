ALTER TABLE "usage_user_days" ADD COLUMN "project_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_user_days" DROP CONSTRAINT "usage_user_days_company_id_day_user_id_pk";--> statement-breakpoint
ALTER TABLE "usage_user_days" ADD CONSTRAINT "usage_user_days_company_id_day_user_id_project_id_pk" PRIMARY KEY("company_id","day","user_id","project_id");
