/**
 * The second public door of the cbox module (scripts/eslint/boundaries.js): the page a share link opens for people
 * outside the company, lazy-loaded by the route table without the explorer's chunk.
 */
export { PublicLinkPage } from './public-link/public-link-page.tsx';
