/** Public surface of the quality module: its pages, lazy-loaded by the route table (client/src/app/routes.tsx). */
export { ProgressLayout } from './progress/progress-layout.tsx';
export { GanttPage } from './gantt/gantt-page.tsx';
export { BimPage } from './bim/bim-page.tsx';
export { ProgressListPage } from './progress/progress-list-page.tsx';
export { AttributesPage } from './attributes/attributes-page.tsx';
export { ModelsConfigPage } from './models/models-page.tsx';
export { BimIntegrationPage } from './models/bim-integration-page.tsx';
// What concrete/uploader shows of the project's BIM models (client/src/modules/concrete/uploader).
export { modelListQuery } from './api/models.ts';
export { FileStateTag, ModelStateTag } from './models/model-labels.tsx';
