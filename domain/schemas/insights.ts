import { z } from 'zod';
import { INSIGHTS_LIMITS } from '../insights.ts';
import { dateOrder, id, isoDate } from './common.ts';

/**
 * Request schemas of usage and internal insights (domain/insights.ts; docs/api.md, Insights).
 */

/** A usage query: a range of days (both included, at most a year) and optionally one project. */
export const usageQuerySchema = z
  .object({
    from: isoDate(),
    to: isoDate(),
    project_id: id().optional(),
  })
  .superRefine(dateOrder('from', 'to'))
  .superRefine((v, ctx) => {
    const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1;
    if (days > INSIGHTS_LIMITS.maxRangeDays)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.invalid' });
  });
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** The screens the client opened since its last report: route names of the route manifest, no path or query. */
export const screenReportSchema = z.object({
  screens: z
    .array(
      z.object({
        route: z
          .string({ error: 'validation.required' })
          .regex(new RegExp(`^[\\w.-]{1,${INSIGHTS_LIMITS.maxRouteName}}$`), 'validation.invalid'),
        project_id: id().optional(),
      }),
      { error: 'validation.invalid' },
    )
    .min(1, 'validation.required')
    .max(INSIGHTS_LIMITS.maxScreensPerReport, 'validation.max_items'),
});
export type ScreenReport = z.infer<typeof screenReportSchema>;
