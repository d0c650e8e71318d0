/** Public surface of the ocinsights module (usage insights): its page, lazy-loaded by the route table. */
export { UsabilityPage } from './usabilidad/usability-page.tsx';
