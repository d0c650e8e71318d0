import { registerConcreteLiveSync } from './api/live-sync.ts';

/** Public surface of the concrete module: its pages, lazy-loaded by the route table (client/src/app/routes.tsx). */
export { ConcreteConfigPage } from './config/concreto-page.tsx';
export { CompaniesTypesConfigPage } from './config/companies-types-page.tsx';
export { BatchesConfigPage } from './config/batches-page.tsx';
export { ConcreteUploaderPage } from './uploader/uploader-page.tsx';
export { AdvanceBimPage } from './advance/advance-page.tsx';
export { PlacementsPage } from './placements/placements-page.tsx';
export { PlacementPage } from './placements/placement-page.tsx';
export { BatchesPage } from './batches/batches-page.tsx';
export { BatchPage } from './batches/batch-page.tsx';

// Another open config/hormigon screen's writes reach these pages' caches once the module's chunk has loaded.
registerConcreteLiveSync();
