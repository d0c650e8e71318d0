/** The integrations module's pages, loaded lazily by client/src/app/routes.tsx (one chunk per module). */
export { ProcorePage } from './procore/procore-page.tsx';
