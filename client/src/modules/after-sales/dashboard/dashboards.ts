/** The dashboards chunk (loaded on demand by the module's index.ts). */
export { BoardPage } from './board-page.tsx';
export { EfficiencyPage } from './efficiency-page.tsx';
export { StatisticsPage } from './statistics-page.tsx';
