-- The after-sales feature's locale namespace is `after_sales` (docs/decisions.md, one name per feature): the keys
-- stored with notifications and with not-yet-relayed events are renamed with it, so they keep translating.
UPDATE "notifications" SET "params" = replace("params"::text, '"warranties.', '"after_sales.')::jsonb
  WHERE "params"::text LIKE '%"warranties.%';--> statement-breakpoint
UPDATE "outbox" SET "payload" = replace("payload"::text, '"warranties.', '"after_sales.')::jsonb
  WHERE "payload"::text LIKE '%"warranties.%';
