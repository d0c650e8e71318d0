/**
 * The /warranties area of docs/product.md §2, one lazy chunk for the route table: its frame (the sub-navigation
 * above every screen) and the pages of the two features it holds, after-sales and deliveries.
 */
export { WarrantiesLayout } from './warranties-layout.tsx';
export * from '../after-sales/index.ts';
export * from '../deliveries/index.ts';
