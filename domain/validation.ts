/** docs/product.md §5 validation rules: `import { required, rut } from '#domain/validation'`. */
export * from './validation/rule.ts';
export * from './validation/text.ts';
export * from './validation/contact.ts';
export * from './validation/dates.ts';
export * from './validation/rut.ts';
export * from './validation/numbers.ts';
export { parseDecimal } from './format.ts';
