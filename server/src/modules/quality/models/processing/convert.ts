import * as FRAGS from '@thatopen/fragments';
import * as WEBIFC from 'web-ifc';
import { webIfcWasmDir } from './web-ifc-dir.ts';

/**
 * What the worker thread does with one IFC file (processing/ifc-worker.ts runs it off the request path): That Open's
 * IfcImporter converts it to fragments (what the viewer loads), and web-ifc reads the properties index (what link
 * rules and the properties panel query, table bim_elements). Pure computation on bytes: no database, no storage.
 */
export type IndexedElement = {
  globalId: string;
  expressId: number;
  ifcClass: string;
  name: string | null;
  storey: string | null;
  properties: Record<string, string | number | boolean | null>;
};

export type ConvertResult = { fragments: Uint8Array; elements: IndexedElement[] };

/** The IFC is not one web-ifc can read (locale quality.errors.ifc_invalid). */
export class InvalidIfcError extends Error {}

const SPATIAL = new Set([WEBIFC.IFCSITE, WEBIFC.IFCBUILDING, WEBIFC.IFCBUILDINGSTOREY, WEBIFC.IFCSPACE]);
/** Products with geometry that are not elements a person links work to. */
const SKIPPED = new Set([WEBIFC.IFCOPENINGELEMENT]);

const HEADER = /^\s*ISO-10303-21;/;
const SCHEMA = /FILE_SCHEMA\s*\(\s*\(\s*'(IFC2X3|IFC4X3[A-Z0-9_]*|IFC4[A-Z0-9_]*)'/i;

/** A cheap look at the header before the wasm parser sees the bytes: STEP, and a schema web-ifc knows. */
export function assertIfcHeader(bytes: Uint8Array): void {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  if (!HEADER.test(head) || !SCHEMA.test(head)) throw new InvalidIfcError('not an IFC STEP file');
}

type Line = Record<string, unknown> & { expressID: number; type: number; constructor: { name: string } };
type Handle = { value: number; type: number };
const valueOf = (v: unknown): unknown =>
  v && typeof v === 'object' && 'value' in (v as object) ? (v as { value: unknown }).value : v;
const textOf = (v: unknown): string | null => {
  const x = valueOf(v);
  return x === null || x === undefined || x === '' ? null : String(x);
};
const handles = (v: unknown): number[] =>
  Array.isArray(v) ? v.map((h: Handle) => h?.value).filter((n): n is number => typeof n === 'number') : [];

/** A property's value as JSON: labels and numbers as they are, IFC booleans and logicals as booleans. */
function propertyValue(v: unknown): string | number | boolean | null {
  if (Array.isArray(v)) return v.map((x) => propertyValue(x)).join(', ');
  const x = valueOf(v);
  if (x === null || x === undefined) return null;
  if (typeof x === 'number' || typeof x === 'boolean') return x;
  const s = String(x);
  if (s === 'T' || s === '.T.') return true;
  if (s === 'F' || s === '.F.') return false;
  return s;
}

/**
 * The properties index of an open model: every product with geometry (openings aside) and every spatial element,
 * with its GlobalId, class ('IfcWall'), name, storey (through IfcRelContainedInSpatialStructure, climbing
 * IfcRelAggregates for parts and spaces) and its property sets flattened as "Pset.Property" (the type's sets first,
 * the instance's over them; quantities too).
 */
export function indexProperties(api: WEBIFC.IfcAPI, model: number, onProgress?: (share: number) => void) {
  const line = (id: number) => api.GetLine(model, id, false) as Line;
  const ids = (type: number) => {
    const v = api.GetLineIDsWithType(model, type, true);
    const out: number[] = [];
    for (let i = 0; i < v.size(); i++) out.push(v.get(i));
    return out;
  };

  // parent (container or aggregate) of each object, and the spatial structure's names
  const parent = new Map<number, number>();
  for (const id of ids(WEBIFC.IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const rel = line(id);
    const to = valueOf(rel.RelatingStructure) as number;
    for (const child of handles(rel.RelatedElements)) parent.set(child, to);
  }
  for (const id of ids(WEBIFC.IFCRELAGGREGATES)) {
    const rel = line(id);
    const to = valueOf(rel.RelatingObject) as number;
    for (const child of handles(rel.RelatedObjects)) if (!parent.has(child)) parent.set(child, to);
  }
  const storeys = new Map<number, string | null>();
  for (const id of ids(WEBIFC.IFCBUILDINGSTOREY)) storeys.set(id, textOf(line(id).Name));
  const storeyOf = (id: number): string | null => {
    for (let at: number | undefined = id, hops = 0; at !== undefined && hops < 32; at = parent.get(at), hops++)
      if (storeys.has(at)) return storeys.get(at) ?? null;
    return null;
  };

  // property sets: what each set holds, then which objects (and types) carry it
  const setCache = new Map<number, Record<string, string | number | boolean | null>>();
  const flatSet = (setId: number) => {
    const cached = setCache.get(setId);
    if (cached) return cached;
    const out: Record<string, string | number | boolean | null> = {};
    const set = line(setId);
    const setName = textOf(set.Name) ?? 'Pset';
    for (const pid of [...handles(set.HasProperties), ...handles(set.Quantities)]) {
      const p = line(pid);
      const name = textOf(p.Name);
      if (!name) continue;
      const raw =
        p.NominalValue ??
        p.EnumerationValues ??
        p.LengthValue ??
        p.AreaValue ??
        p.VolumeValue ??
        p.CountValue ??
        p.WeightValue ??
        p.TimeValue;
      out[`${setName}.${name}`] = propertyValue(raw);
    }
    setCache.set(setId, out);
    return out;
  };
  const instanceSets = new Map<number, number[]>();
  for (const id of ids(WEBIFC.IFCRELDEFINESBYPROPERTIES)) {
    const rel = line(id);
    const setId = valueOf(rel.RelatingPropertyDefinition) as number;
    for (const obj of handles(rel.RelatedObjects)) instanceSets.set(obj, [...(instanceSets.get(obj) ?? []), setId]);
  }
  const typeOf = new Map<number, number>();
  for (const id of ids(WEBIFC.IFCRELDEFINESBYTYPE)) {
    const rel = line(id);
    const type = valueOf(rel.RelatingType) as number;
    for (const obj of handles(rel.RelatedObjects)) typeOf.set(obj, type);
  }

  const products = ids(WEBIFC.IFCPRODUCT);
  const elements: IndexedElement[] = [];
  const step = Math.max(1, Math.floor(products.length / 20));
  for (const [i, id] of products.entries()) {
    if (onProgress && i % step === 0) onProgress(i / products.length);
    const p = line(id);
    if (SKIPPED.has(p.type)) continue;
    const spatial = SPATIAL.has(p.type);
    if (!spatial && !p.Representation) continue;
    const globalId = textOf(p.GlobalId);
    if (!globalId) continue;
    const properties: IndexedElement['properties'] = {};
    const type = typeOf.get(id);
    if (type !== undefined)
      for (const setId of handles(line(type).HasPropertySets)) Object.assign(properties, flatSet(setId));
    for (const setId of instanceSets.get(id) ?? []) Object.assign(properties, flatSet(setId));
    const className = p.constructor?.name;
    elements.push({
      globalId,
      expressId: id,
      ifcClass: className?.startsWith('Ifc') ? className : api.GetNameFromTypeCode(p.type),
      name: textOf(p.Name),
      storey: p.type === WEBIFC.IFCBUILDINGSTOREY ? textOf(p.Name) : storeyOf(id),
      properties,
    });
  }
  onProgress?.(1);
  return elements;
}

/**
 * Converts one IFC: the properties index first (5% of the progress), then the fragments (the rest). Throws InvalidIfcError when
 * the bytes are not an IFC web-ifc can read.
 */
export async function convertIfc(
  bytes: Uint8Array,
  opts: { wasmDir?: string; onProgress?: (share: number) => void } = {},
): Promise<ConvertResult> {
  assertIfcHeader(bytes);
  const wasmDir = opts.wasmDir ?? webIfcWasmDir();
  const report = opts.onProgress ?? (() => undefined);

  const api = new WEBIFC.IfcAPI();
  api.SetWasmPath(wasmDir, true);
  await api.Init();
  let model: number;
  try {
    model = api.OpenModel(bytes);
  } catch (error) {
    throw new InvalidIfcError(String(error));
  }
  let elements: IndexedElement[];
  try {
    if (model < 0 || api.GetLineIDsWithType(model, WEBIFC.IFCPROJECT).size() === 0)
      throw new InvalidIfcError('no IfcProject');
    elements = indexProperties(api, model, (s) => report(0.05 * s));
  } catch (error) {
    throw error instanceof InvalidIfcError ? error : new InvalidIfcError(String(error));
  } finally {
    api.Dispose();
  }

  const importer = new FRAGS.IfcImporter();
  importer.wasm = { path: wasmDir, absolute: true };
  let fragments: Uint8Array;
  try {
    fragments = await importer.process({
      bytes,
      raw: false,
      progressCallback: (share: number) => report(0.05 + 0.9 * share),
    });
  } catch (error) {
    throw new InvalidIfcError(String(error));
  }
  report(1);
  return { fragments, elements };
}
