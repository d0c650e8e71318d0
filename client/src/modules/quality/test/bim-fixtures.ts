import type { ActivityRow, BimElement, BimModel, BimModelFile } from '#domain/quality-responses';
import { activityRow } from './activities.ts';

/** A model's file as GET calidad/modelos answers it (domain/quality-responses.ts). */
export const bimFile = (id: number, extra: Partial<BimModelFile> = {}): BimModelFile => ({
  id,
  stage: 'estructura',
  state: 'listo',
  progress: 1,
  error: null,
  file: { path: `uploader/${id}.ifc`, name: `torre-${id}.ifc`, size: 2_500_000 },
  fragments_url: `/api/v2/public/api/calidad/modelos/7/archivos/${id}/fragmentos`,
  fragments_bytes: 480_000,
  element_count: 1250,
  processing_ms: 12_300,
  updated_at: '2026-11-02T12:00:00.000Z',
  ...extra,
});

export const bimModel = (id: number, files: BimModelFile[], extra: Partial<BimModel> = {}): BimModel => ({
  id,
  name: `Torre ${id}`,
  project: { id: 3, name: 'Edificio Parque' },
  state: files.length === 0 ? 'sin_archivos' : files.some((f) => f.state !== 'listo') ? 'en_optimizacion' : 'listo',
  files,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-02T12:00:00.000Z',
  ...extra,
});

/** An activity planned over November, not started (the BIM page's colours read its dates and progress). */
export const activity = (id: number, extra: Partial<ActivityRow> = {}): ActivityRow =>
  activityRow(id, {
    estimated_start: '2026-11-01',
    estimated_end: '2026-11-30',
    updated_at: '2026-11-02T12:00:00.000Z',
    ...extra,
  });

export const WALL = '3vB2YO$MX4xv5uCqZZG05x';
export const wallElement: BimElement = {
  global_id: WALL,
  express_id: 60,
  model_file_id: 11,
  ifc_class: 'IfcWall',
  name: 'Wall 1',
  storey: 'EG',
  properties: { 'Pset_WallCommon.FireRating': 'F90', 'Pset_WallCommon.IsExternal': true },
};
