import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '#domain/realtime';
import type { ActivityList, BimModel, BimModelFile } from '#domain/quality-responses';
import { activity, bimFile, bimModel } from '../test/bim-fixtures.ts';
import { dispatchLiveEvent } from '../../../realtime/live-sync-registry.ts';
import { qualityKeys } from './keys.ts';
import { QUALITY_LIVE_EVENTS, registerQualityLiveSync } from './live-sync.ts';

registerQualityLiveSync();

const event = (type: string, data: Record<string, unknown>): LiveEvent => ({
  id: 1,
  type,
  companyId: 1,
  projectId: 3,
  entity: { type: 'bim_model', id: 7 },
  userId: null,
  actorId: 5,
  action: null,
  from: null,
  to: null,
  data,
  at: '2026-11-02T12:00:00.000Z',
});

/** A file still being processed, as the live events find it. */
const file = (id: number, extra: Partial<BimModelFile> = {}): BimModelFile =>
  bimFile(id, {
    state: 'procesando',
    progress: 0.1,
    file: { path: `uploads/${id}.ifc`, name: `${id}.ifc`, size: 1000 },
    fragments_url: null,
    fragments_bytes: null,
    element_count: null,
    processing_ms: null,
    ...extra,
  });

const model = (files: BimModelFile[]): BimModel =>
  bimModel(7, files, { name: 'Torre A', state: 'en_optimizacion', created_at: '2026-11-02T12:00:00.000Z' });
const row = activity;

describe('quality live events (docs/architecture.md §5 step 5)', () => {
  it("bim.file.progress moves the file's progress in every copy of the model, and its state when the file ends", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(qualityKeys.modelList(3), [model([file(11), file(12, { stage: 'arquitectura' })])]);
    queryClient.setQueryData(qualityKeys.modelList(null), [model([file(11), file(12, { stage: 'arquitectura' })])]);
    queryClient.setQueryData(qualityKeys.model(7), model([file(11), file(12, { stage: 'arquitectura' })]));

    dispatchLiveEvent(
      event(QUALITY_LIVE_EVENTS.fileProgress, {
        model_id: 7,
        file_id: 11,
        state: 'procesando',
        progress: 0.6,
        error: null,
      }),
      queryClient,
    );
    for (const key of [qualityKeys.modelList(3), qualityKeys.modelList(null)]) {
      const [m] = queryClient.getQueryData<BimModel[]>(key)!;
      expect(m.files.map((f) => f.progress)).toEqual([0.6, 0.1]);
      expect(m.state).toBe('en_optimizacion');
    }
    expect(queryClient.getQueryData<BimModel>(qualityKeys.model(7))!.files[0].progress).toBe(0.6);

    dispatchLiveEvent(
      event(QUALITY_LIVE_EVENTS.fileProgress, { model_id: 7, file_id: 11, state: 'listo', progress: 1, error: null }),
      queryClient,
    );
    dispatchLiveEvent(
      event(QUALITY_LIVE_EVENTS.fileProgress, {
        model_id: 7,
        file_id: 12,
        state: 'error',
        progress: 0.3,
        error: 'quality.errors.ifc_invalid',
      }),
      queryClient,
    );
    const [m] = queryClient.getQueryData<BimModel[]>(qualityKeys.modelList(3))!;
    expect(m.files.map((f) => f.state)).toEqual(['listo', 'error']);
    expect(m.files[1].error).toBe('quality.errors.ifc_invalid');
    expect(m.state).toBe('error');
    // A file that ended is asked again for its sizes and fragments URL.
    expect(queryClient.getQueryState(qualityKeys.modelList(3))!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(qualityKeys.model(7))!.isInvalidated).toBe(true);
  });

  it('a file the cached model does not hold yet makes its list ask again', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(qualityKeys.modelList(3), [model([file(11)])]);
    dispatchLiveEvent(
      event(QUALITY_LIVE_EVENTS.fileProgress, { model_id: 7, file_id: 99, state: 'en_cola', progress: 0, error: null }),
      queryClient,
    );
    expect(queryClient.getQueryState(qualityKeys.modelList(3))!.isInvalidated).toBe(true);
    expect(queryClient.getQueryData<BimModel[]>(qualityKeys.modelList(3))![0].files).toHaveLength(1);
  });

  it("quality.activities.changed writes another user's progress into the project's activities", () => {
    const queryClient = new QueryClient();
    const list: ActivityList = { data: [row(1), row(2, { element_count: 1 })], links: [], total: 2 };
    queryClient.setQueryData(qualityKeys.activityList(3, {}), list);
    queryClient.setQueryData(qualityKeys.activityElements(7), [{ activity_id: 2, global_id: 'g1' }]);

    dispatchLiveEvent(
      event(QUALITY_LIVE_EVENTS.activitiesChanged, {
        project_id: 3,
        rows: [row(2, { progress: 45, element_count: 1 })],
        deleted_ids: [],
      }),
      queryClient,
    );
    const after = queryClient.getQueryData<ActivityList>(qualityKeys.activityList(3, {}))!;
    expect(after.data.map((r) => r.progress)).toEqual([0, 45]);
    // Progress alone does not touch the element links.
    expect(queryClient.getQueryState(qualityKeys.activityElements(7))!.isInvalidated).toBe(false);

    dispatchLiveEvent(
      event(QUALITY_LIVE_EVENTS.activitiesChanged, {
        project_id: 3,
        rows: [row(1, { element_count: 3 })],
        deleted_ids: [],
      }),
      queryClient,
    );
    expect(queryClient.getQueryState(qualityKeys.activityElements(7))!.isInvalidated).toBe(true);
  });

  it('a deleted activity leaves the list with its dependencies', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(qualityKeys.activityList(3, {}), {
      data: [row(1), row(2)],
      links: [{ id: 5, source_id: 1, target_id: 2, type: 'fs' }],
      total: 2,
    } satisfies ActivityList);
    dispatchLiveEvent(
      event(QUALITY_LIVE_EVENTS.activitiesChanged, { project_id: 3, rows: [], deleted_ids: [2] }),
      queryClient,
    );
    const after = queryClient.getQueryData<ActivityList>(qualityKeys.activityList(3, {}))!;
    expect(after.data.map((r) => r.id)).toEqual([1]);
    expect(after.links).toEqual([]);
  });
});
