CREATE TABLE "webhook_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"api_app_id" integer,
	"name" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"hook_id" integer NOT NULL,
	"event" text NOT NULL,
	"message_id" text NOT NULL,
	"outbox_id" bigint,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"is_replay" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_hooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_hooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'activo' NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"delivery_id" bigint,
	"module" text NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"message_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"date_time" timestamp with time zone DEFAULT now() NOT NULL,
	"signature" text NOT NULL,
	"content" text NOT NULL,
	"response" text,
	"http_status" integer,
	"duration_ms" integer,
	"error" text,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_applications" ADD CONSTRAINT "webhook_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_application_id_webhook_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."webhook_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_hook_id_webhook_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."webhook_hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_hooks" ADD CONSTRAINT "webhook_hooks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_hooks" ADD CONSTRAINT "webhook_hooks_application_id_webhook_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."webhook_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_application_id_webhook_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."webhook_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_settings" ADD CONSTRAINT "webhook_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_applications_company_idx" ON "webhook_applications" USING btree ("company_id","api_app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_hook_message_uq" ON "webhook_deliveries" USING btree ("hook_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pendiente';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_hooks_application_event_uq" ON "webhook_hooks" USING btree ("application_id","event");--> statement-breakpoint
CREATE INDEX "webhook_hooks_company_event_idx" ON "webhook_hooks" USING btree ("company_id","event");--> statement-breakpoint
CREATE INDEX "webhook_logs_company_time_idx" ON "webhook_logs" USING btree ("company_id","date_time");