/**
 * The 3D side of the BIM viewer: That Open's components (@thatopen/components) on three.js, loading fragments
 * files (made on the server from the IFC, so the browser never parses IFC and never needs web-ifc's wasm).
 * Only bim-viewer-impl.tsx imports this file: it and That Open stay in the viewer's lazy chunk.
 */
import * as THREE from 'three';
import * as OBC from '@thatopen/components';
import * as FRAGS from '@thatopen/fragments';
// The fragments worker, emitted by Vite into our own assets/ (served as text/javascript by
// server/src/http/static.ts): nothing is fetched from That Open's CDN at run time. @thatopen/fragments itself
// names the same file (new URL('./Worker/worker.mjs', import.meta.url)), so the build holds one copy.
import workerUrl from '@thatopen/fragments/worker?url';
import type { BimViewerModel } from './types.ts';
import type { StyleGroup } from './styles.ts';

type World = OBC.SimpleWorld<OBC.SimpleScene, OBC.OrthoPerspectiveCamera, OBC.SimpleRenderer>;
type Axis = 'x' | 'y' | 'z';
type ItemRef = { modelId: string; localId: number };

/** IFC axes (Z up) as three.js axes (Y up, IFC Y towards −Z): a plane facing the negative side cuts off the positive half. */
const AXIS_NORMALS: Record<Axis, THREE.Vector3> = {
  x: new THREE.Vector3(-1, 0, 0),
  y: new THREE.Vector3(0, 0, 1),
  z: new THREE.Vector3(0, -1, 0),
};

export class ViewerEngine {
  private readonly components = new OBC.Components();
  private readonly world: World;
  private readonly fragments: OBC.FragmentsManager;
  private readonly clipper: OBC.Clipper;
  private readonly hider: OBC.Hider;
  private readonly byGuid = new Map<string, ItemRef>();
  private readonly guidByItem = new Map<string, string>();
  /** Style changes run one after another, each on the model state the previous one left. */
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(container: HTMLElement, background: string) {
    const worlds = this.components.get(OBC.Worlds);
    const world = worlds.create<OBC.SimpleScene, OBC.OrthoPerspectiveCamera, OBC.SimpleRenderer>();
    world.scene = new OBC.SimpleScene(this.components);
    world.scene.setup();
    world.scene.three.background = new THREE.Color(background);
    world.renderer = new OBC.SimpleRenderer(this.components, container);
    world.renderer.showLogo = false;
    world.camera = new OBC.OrthoPerspectiveCamera(this.components);
    this.world = world;
    this.components.init();
    this.components.get(OBC.Raycasters).get(world);

    this.fragments = this.components.get(OBC.FragmentsManager);
    this.fragments.init(workerUrl);
    world.camera.controls.addEventListener('rest', () => void this.fragments.core.update(true));
    this.fragments.list.onItemSet.add(({ value: model }) => {
      model.useCamera(world.camera.three);
      world.scene.three.add(model.object);
      void this.fragments.core.update(true);
    });

    this.clipper = this.components.get(OBC.Clipper);
    this.clipper.enabled = true;
    this.hider = this.components.get(OBC.Hider);
  }

  /** The canvas three.js draws on (for pointer events and its accessible name). */
  get canvas(): HTMLCanvasElement {
    return this.world.renderer!.three.domElement;
  }

  /**
   * Fetches and loads every model, then frames them all. Rejects on an HTTP error or bytes that are not a
   * fragments file. Returns the GlobalIds of the elements with geometry.
   */
  async load(models: readonly BimViewerModel[], signal: AbortSignal): Promise<string[]> {
    for (const { key, url } of models) {
      const res = await fetch(url, { credentials: 'same-origin', signal });
      if (!res.ok) throw new Error(`HTTP ${res.status} ${url}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (this.disposed) return [];
      const model = await this.fragments.core.load(bytes, { modelId: key });
      const localIds = await model.getItemsIdsWithGeometry();
      const guids = await model.getGuidsByLocalIds(localIds);
      guids.forEach((guid, i) => {
        if (!guid) return;
        this.byGuid.set(guid, { modelId: key, localId: localIds[i] });
        this.guidByItem.set(`${key}:${localIds[i]}`, guid);
      });
    }
    if (this.disposed) return [];
    await this.fit();
    return [...this.byGuid.keys()];
  }

  /** Frames every visible element. */
  async fit(): Promise<void> {
    await this.world.camera.fitToItems();
    await this.fragments.core.update(true);
  }

  /** The GlobalId under the pointer's last position on the canvas, or null on the background. */
  async pick(): Promise<string | null> {
    const hit = await this.components.get(OBC.Raycasters).get(this.world).castRay();
    if (!hit || !('localId' in hit) || typeof hit.localId !== 'number') return null;
    const model = (hit as unknown as { fragments?: FRAGS.FragmentsModel }).fragments;
    if (!model) return null;
    return this.guidByItem.get(`${model.modelId}:${hit.localId}`) ?? null;
  }

  /** Repaints: every highlight is reset, then one highlight per colour group and model. */
  setStyles(groups: readonly StyleGroup[]): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (this.disposed) return;
      const models = [...this.fragments.list.values()];
      await Promise.all(models.map((m) => m.resetHighlight()));
      for (const group of groups) {
        const color = new THREE.Color(group.color);
        for (const [modelId, ids] of Object.entries(this.localIds(group.globalIds))) {
          await this.fragments.list.get(modelId)?.highlight([...ids], {
            color,
            renderedFaces: FRAGS.RenderedFaces.TWO,
            opacity: 1,
            transparent: false,
          });
        }
      }
      await this.fragments.core.update(true);
    });
    return this.queue;
  }

  async hide(globalIds: readonly string[]): Promise<void> {
    await this.hider.set(false, this.localIds(globalIds));
  }

  async isolate(globalIds: readonly string[]): Promise<void> {
    await this.hider.isolate(this.localIds(globalIds));
  }

  async showAll(): Promise<void> {
    await this.hider.set(true);
  }

  /** A section plane through the middle of the models, across one IFC axis. */
  addAxisPlane(axis: Axis): void {
    const box = new THREE.Box3();
    for (const model of this.fragments.list.values()) box.union(model.box);
    const center = box.isEmpty() ? new THREE.Vector3() : box.getCenter(new THREE.Vector3());
    this.clipper.createFromNormalAndCoplanarPoint(this.world, AXIS_NORMALS[axis].clone(), center);
  }

  /** A section plane on the face under the pointer (double-click); nothing on the background. */
  async addFacePlane(): Promise<boolean> {
    return (await this.clipper.create(this.world)) !== null;
  }

  get planeCount(): number {
    return this.clipper.list.size;
  }

  clearPlanes(): void {
    this.clipper.deleteAll();
  }

  /** Frees the WebGL context (SimpleRenderer calls forceContextLoss), the models and the worker. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.components.dispose();
  }

  private localIds(globalIds: readonly string[]): OBC.ModelIdMap {
    const map: OBC.ModelIdMap = {};
    for (const guid of globalIds) {
      const ref = this.byGuid.get(guid);
      if (!ref) continue;
      (map[ref.modelId] ??= new Set()).add(ref.localId);
    }
    return map;
  }
}
