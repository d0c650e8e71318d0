/** Public surface of the cmanagement module: its pages, lazy-loaded by the route table. */
export { TicketsPage } from './tickets/tickets-page.tsx';
export { TicketLayout } from './ticket/ticket-layout.tsx';
export { TicketGeneralPage } from './ticket/general-page.tsx';
export { TicketIssuesPage } from './issues/issues-page.tsx';
export { IssuePage } from './issues/issue-page.tsx';
export { TicketTasksPage } from './tasks/tasks-page.tsx';
export { SchedulePage } from './schedule/schedule-page.tsx';
export { CustomFieldsConfigPage } from './config/custom-fields-page.tsx';
export { TaskTemplatesConfigPage } from './config/task-templates-page.tsx';
export { CategoriesConfigPage } from './config/categories-page.tsx';
