-- Files follow the visibility of the record they belong to (docs/decisions.md): logos and signatures
-- stored before they were linked to their record get that link, so their audience keeps reading them.
UPDATE "files" AS f SET "entity_type" = 'project_logo', "entity_id" = s."project_id"
  FROM "project_settings" AS s WHERE s."logo_path" = f."path" AND s."company_id" = f."company_id" AND f."entity_type" IS NULL;--> statement-breakpoint
UPDATE "files" AS f SET "entity_type" = 'unit_signature', "entity_id" = d."unit_id"
  FROM "delivery_fichas" AS d WHERE d."owner_signature_path" = f."path" AND d."company_id" = f."company_id" AND f."entity_type" IS NULL;--> statement-breakpoint
UPDATE "files" AS f SET "entity_type" = 'user_signature', "entity_id" = u."id"
  FROM "users" AS u WHERE u."signature_path" = f."path" AND u."company_id" = f."company_id" AND f."entity_type" IS NULL;
