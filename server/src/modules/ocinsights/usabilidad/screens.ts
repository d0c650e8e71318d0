import type { ScreenReport } from '#domain/schemas/insights';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { meterOf } from '../usage/flush.ts';
import { usageDay } from '../usage/today.ts';

/**
 * Counts the screens a client reports (POST ocinsights/uso/pantallas): kind 'screen', named by the route manifest's
 * route name (client/src/shared/route-manifest.ts), in the module of its first dot segment (the area), for the
 * caller, today; with its project when the caller sees it, else none (0). Only counted in memory: the next flush
 * writes it (usage/flush.ts).
 */
export async function recordScreens(deps: AppDeps, user: SessionUser, report: ScreenReport): Promise<void> {
  const day = await usageDay(deps, user.companyId);
  const meter = meterOf(deps);
  for (const screen of report.screens)
    meter.record({
      companyId: user.companyId,
      day,
      userId: user.id,
      projectId: screen.project_id !== undefined && user.projectIds.includes(screen.project_id) ? screen.project_id : 0,
      module: screen.route.split('.')[0],
      kind: 'screen',
      name: screen.route,
    });
}
