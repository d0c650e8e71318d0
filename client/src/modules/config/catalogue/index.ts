/** Unit-type catalogue screens (docs/product.md §2 unit type configuration), shown in config propietarios global. */
export { UnitTypesSection } from './unit-types-section.tsx';
