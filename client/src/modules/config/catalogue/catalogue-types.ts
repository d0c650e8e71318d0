import type { UnitType } from '#domain/fichas-responses';

/** The unit-type catalogue as the API answers it (docs/product.md §3 Unit type: areas → places → items → failures). */
export type { UnitType };
export type UnitTypeInput = { name: string; category: string; surface?: number | null };
export type Failure = { id: number; name: string; severity: string; position: number; disabled?: boolean };
export type Item = {
  id: number;
  name: string;
  category: string;
  position: number;
  disabled?: boolean;
  failures: Failure[];
};
export type Place = { id: number; name: string; position: number; disabled?: boolean; items: Item[] };
export type Area = { id: number; name: string; position: number; disabled?: boolean; places: Place[] };
export type Catalogue = { unit_type: Omit<UnitType, 'areas_count' | 'units_count'>; areas: Area[] };
/** A catalogue entry as the API answers a create or an edit: the stored row. */
export type CatalogueNodeRow = {
  id: number;
  name: string;
  position: number;
  disabledAt?: string | null;
  category?: string;
  severity?: string;
};
/** URL words of each level under a unit type (server/src/modules/deliveries/catalogue/routes.ts). */
export type Level = 'areas' | 'lugares' | 'items' | 'fallas';
