/** Public surface of the tiinsights module (internal insights, the provider's side): its pages, lazy-loaded by the route table. */
export { CompaniesPage } from './companies/companies-page.tsx';
export { CompanyPage } from './company/company-page.tsx';
export { ExportsPage } from './exports/exports-page.tsx';
