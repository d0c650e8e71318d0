/** Public surface of the integrations module: its pages, lazy-loaded by the route table. */
export { MyCalendarPage, SchedulingPage } from './calendar/scheduling-page.tsx';
