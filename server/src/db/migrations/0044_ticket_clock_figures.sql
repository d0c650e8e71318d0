CREATE TABLE "failure_stats" (
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"place_name" text NOT NULL,
	"item_name" text NOT NULL,
	"category" text NOT NULL,
	"detail_name" text NOT NULL,
	"severity" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "failure_stats_pk" PRIMARY KEY("company_id","project_id","unit_id","place_name","item_name","category","detail_name","severity")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "response_seconds" double precision;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_seconds" double precision;--> statement-breakpoint
ALTER TABLE "failure_stats" ADD CONSTRAINT "failure_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_stats" ADD CONSTRAINT "failure_stats_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_stats" ADD CONSTRAINT "failure_stats_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- dashboard/eficiencia (docs/decisions.md D-290): seconds from a ticket's creation to `until` with the paused time
-- taken out, overlapping pauses counted once; null while `until` is. The same arithmetic the dashboard ran per request,
-- where an open pause ran to now(): cut at `until`, which is past, that is the same as running on without end, and
-- unlike now() it does not depend on when the figure is written (a pause opened in this transaction may start after
-- its now()).
CREATE FUNCTION ticket_clock_seconds(p_ticket integer, p_from timestamptz, p_until timestamptz) RETURNS double precision
LANGUAGE sql STABLE AS $$
  select extract(epoch from (p_until - p_from)) - coalesce((select sum(extract(epoch from upper(r) - lower(r))) from unnest(
    (select range_agg(tstzrange(p.started_at, greatest(p.started_at, coalesce(p.ended_at, 'infinity'))))
      from ticket_pauses p where p.ticket_id = p_ticket)
    * tstzmultirange(tstzrange(p_from, greatest(p_from, p_until)))) r), 0)::float8
$$;
--> statement-breakpoint
CREATE FUNCTION tickets_clock_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.response_seconds := ticket_clock_seconds(NEW.id, NEW.created_at, NEW.first_response_at);
  NEW.resolution_seconds := ticket_clock_seconds(NEW.id, NEW.created_at, NEW.resolved_at);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A pause added, changed or removed moves the figures of its ticket (both tickets when it moves, as on a merge).
CREATE FUNCTION ticket_pauses_clock_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE tickets t SET response_seconds = ticket_clock_seconds(t.id, t.created_at, t.first_response_at),
      resolution_seconds = ticket_clock_seconds(t.id, t.created_at, t.resolved_at)
    WHERE t.id IN (SELECT ticket_id FROM pauses_new);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE tickets t SET response_seconds = ticket_clock_seconds(t.id, t.created_at, t.first_response_at),
      resolution_seconds = ticket_clock_seconds(t.id, t.created_at, t.resolved_at)
    WHERE t.id IN (SELECT ticket_id FROM pauses_new UNION SELECT ticket_id FROM pauses_old);
  ELSE
    UPDATE tickets t SET response_seconds = ticket_clock_seconds(t.id, t.created_at, t.first_response_at),
      resolution_seconds = ticket_clock_seconds(t.id, t.created_at, t.resolved_at)
    WHERE t.id IN (SELECT ticket_id FROM pauses_old);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- estadisticas: failure_stats follows every insert, delete and change of a counted column of failures.
CREATE FUNCTION failure_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    WITH gone AS (
      SELECT company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity, count(*)::int AS n
      FROM failures_old GROUP BY 1, 2, 3, 4, 5, 6, 7, 8)
    UPDATE failure_stats s SET n = s.n - gone.n FROM gone
    WHERE (s.company_id, s.project_id, s.unit_id, s.place_name, s.item_name, s.category, s.detail_name, s.severity)
      = (gone.company_id, gone.project_id, gone.unit_id, gone.place_name, gone.item_name, gone.category, gone.detail_name, gone.severity);
  ELSIF TG_OP = 'UPDATE' THEN
    WITH gone AS (
      SELECT o.company_id, o.project_id, o.unit_id, o.place_name, o.item_name, o.category, o.detail_name, o.severity, count(*)::int AS n
      FROM failures_old o JOIN failures_new f ON f.id = o.id
      WHERE (o.company_id, o.project_id, o.unit_id, o.place_name, o.item_name, o.category, o.detail_name, o.severity)
        IS DISTINCT FROM (f.company_id, f.project_id, f.unit_id, f.place_name, f.item_name, f.category, f.detail_name, f.severity)
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8)
    UPDATE failure_stats s SET n = s.n - gone.n FROM gone
    WHERE (s.company_id, s.project_id, s.unit_id, s.place_name, s.item_name, s.category, s.detail_name, s.severity)
      = (gone.company_id, gone.project_id, gone.unit_id, gone.place_name, gone.item_name, gone.category, gone.detail_name, gone.severity);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM failure_stats s USING (
      SELECT DISTINCT company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity FROM failures_old) o
    WHERE (s.company_id, s.project_id, s.unit_id, s.place_name, s.item_name, s.category, s.detail_name, s.severity)
      = (o.company_id, o.project_id, o.unit_id, o.place_name, o.item_name, o.category, o.detail_name, o.severity) AND s.n <= 0;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO failure_stats (company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity, n)
    SELECT company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity, count(*)::int
    FROM failures_new GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity)
    DO UPDATE SET n = failure_stats.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO failure_stats (company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity, n)
    SELECT f.company_id, f.project_id, f.unit_id, f.place_name, f.item_name, f.category, f.detail_name, f.severity, count(*)::int
    FROM failures_new f JOIN failures_old o ON o.id = f.id
    WHERE (o.company_id, o.project_id, o.unit_id, o.place_name, o.item_name, o.category, o.detail_name, o.severity)
      IS DISTINCT FROM (f.company_id, f.project_id, f.unit_id, f.place_name, f.item_name, f.category, f.detail_name, f.severity)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity)
    DO UPDATE SET n = failure_stats.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Backfill, then the triggers.
INSERT INTO failure_stats (company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity, n)
SELECT company_id, project_id, unit_id, place_name, item_name, category, detail_name, severity, count(*)::int
FROM failures GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
UPDATE tickets SET response_seconds = ticket_clock_seconds(id, created_at, first_response_at),
  resolution_seconds = ticket_clock_seconds(id, created_at, resolved_at)
WHERE first_response_at IS NOT NULL OR resolved_at IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER tickets_clock_figures BEFORE INSERT OR UPDATE OF created_at, first_response_at, resolved_at, response_seconds, resolution_seconds
  ON tickets FOR EACH ROW EXECUTE FUNCTION tickets_clock_figures();
--> statement-breakpoint
CREATE TRIGGER ticket_pauses_clock_insert AFTER INSERT ON ticket_pauses REFERENCING NEW TABLE AS pauses_new
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_pauses_clock_figures();
--> statement-breakpoint
CREATE TRIGGER ticket_pauses_clock_update AFTER UPDATE ON ticket_pauses REFERENCING OLD TABLE AS pauses_old NEW TABLE AS pauses_new
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_pauses_clock_figures();
--> statement-breakpoint
CREATE TRIGGER ticket_pauses_clock_delete AFTER DELETE ON ticket_pauses REFERENCING OLD TABLE AS pauses_old
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_pauses_clock_figures();
--> statement-breakpoint
CREATE TRIGGER failure_stats_insert AFTER INSERT ON failures REFERENCING NEW TABLE AS failures_new
  FOR EACH STATEMENT EXECUTE FUNCTION failure_stats_apply();
--> statement-breakpoint
CREATE TRIGGER failure_stats_update AFTER UPDATE ON failures REFERENCING OLD TABLE AS failures_old NEW TABLE AS failures_new
  FOR EACH STATEMENT EXECUTE FUNCTION failure_stats_apply();
--> statement-breakpoint
CREATE TRIGGER failure_stats_delete AFTER DELETE ON failures REFERENCING OLD TABLE AS failures_old
  FOR EACH STATEMENT EXECUTE FUNCTION failure_stats_apply();
--> statement-breakpoint
-- After the backfill, so it writes them once.
CREATE INDEX "tickets_clock_responsible_idx" ON "tickets" USING btree ("company_id","responsible_id","response_seconds","project_id","state","resolution_seconds");
--> statement-breakpoint
CREATE INDEX "tickets_clock_project_idx" ON "tickets" USING btree ("company_id","project_id","response_seconds","responsible_id","state","resolution_seconds");
