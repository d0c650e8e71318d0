import { registerVerificationsLiveSync } from './api/live-sync.ts';

/** Public surface of the verifications module: its pages, lazy-loaded by the route table (client/src/app/routes.tsx). */
export { ReceptionTemplatesPage } from './config/templates-page.tsx';
export { ProgramUploaderPage } from './program/program-uploader-page.tsx';
export { VerificationsGanttPage } from './gantt/gantt-page.tsx';
export { FollowUpsPage } from './follow-ups/follow-ups-page.tsx';
export { ReceptionPage } from './reception/reception-page.tsx';

// Another screen's writes reach these pages' caches once the module's chunk has loaded.
registerVerificationsLiveSync();
