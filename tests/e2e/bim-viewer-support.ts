/**
 * Shared by the BIM viewer's end-to-end test and its bench: the harness page (bim-viewer.page.tsx) built with the
 * client's Vite config, fragments files made from IFC beside it, the real server serving that build
 * (tests/e2e/files-server.ts), and Chromium with a software WebGL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';
import { REPO, startFilesServer, type FilesServer } from './files-support.ts';
import { ifcToFragments, wallsIfc } from './support/ifc-fragments.ts';
import { buildPageHarness } from './support/page-harness.ts';

export const FIXTURE_IFC = path.join(REPO, 'tests', 'fixtures', 'minimal-wall.ifc');
/** The wall's GlobalId in minimal-wall.ifc. */
export const FIXTURE_WALL = '3vB2YO$MX4xv5uCqZZG05x';

/** WebGL without a GPU: SwiftShader through ANGLE (CHROMIUM_ARGS disables the GPU, which leaves WebGL off). */
export const WEBGL_ARGS = [
  ...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'),
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];

export async function launchWebGl(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium no encontrado: apt-get install -y chromium');
  return chromium.launch({ executablePath, headless: true, args: WEBGL_ARGS });
}

/** Builds bim-viewer.page.tsx with the client's Vite config into workDir/dist (production build, lazy chunks). */
export const buildHarness = (workDir: string) =>
  buildPageHarness(workDir, { page: 'bim-viewer.page.tsx', title: 'Visor BIM', chunkSizeWarningLimit: 10_000 });

/** Writes `<name>.frag` under dist/models/ from IFC text or bytes; returns its URL path. */
export async function addModel(distDir: string, name: string, ifc: Uint8Array | string): Promise<string> {
  const bytes = typeof ifc === 'string' ? new TextEncoder().encode(ifc) : ifc;
  const dir = path.join(distDir, 'models');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.frag`), await ifcToFragments(bytes));
  return `/models/${name}.frag`;
}

/** The harness build with the fixture's fragments, 5,000 generated walls (optional) and a file that is not fragments. */
export async function prepareHarness(workDir: string, opts: { walls?: number } = {}) {
  const dist = await buildHarness(workDir);
  const fixture = await addModel(dist, 'minimal-wall', new Uint8Array(fs.readFileSync(FIXTURE_IFC)));
  const walls = opts.walls ? await addModel(dist, `walls-${opts.walls}`, wallsIfc(opts.walls)) : undefined;
  fs.writeFileSync(path.join(dist, 'models', 'garbage.frag'), 'esto no es un archivo de fragments'.repeat(40));
  return {
    dist,
    fixture,
    walls,
    garbage: '/models/garbage.frag',
    missing: '/api/v2/public/api/calidad/modelos/999999/archivos/1/fragmentos',
  };
}

export async function serveHarness(workDir: string, dist: string): Promise<FilesServer> {
  return startFilesServer({ dataDir: path.join(workDir, 'data'), clientDir: dist });
}

/** How many pixels of the element's screenshot differ from `background` (#rrggbb) by more than a few levels. */
export async function pixelsOffBackground(target: Locator, background: string): Promise<number> {
  const png = await target.screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
  let off = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) > 12) off++;
  }
  return off;
}

/**
 * Whether a pixel shows `color` (#rrggbb) under the scene's lighting: same hue, any brightness (a lit face and one
 * in shade of a selected element are both the selection colour, darker or lighter).
 */
function colorMatcher(color: string, tolerance: number) {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  const top = Math.max(...rgb);
  const shape = rgb.map((c) => c / top);
  const lead = rgb.indexOf(top);
  return (px: number[]) => px[lead] >= 60 && px.every((c, k) => Math.abs(c / px[lead] - shape[k]) <= tolerance);
}

async function rawPixels(target: Locator) {
  const png = await target.screenshot();
  return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** How many pixels of the element's screenshot show `color` under the scene's lighting. */
export async function pixelsOfColor(target: Locator, color: string, tolerance = 0.12): Promise<number> {
  const { data, info } = await rawPixels(target);
  const matches = colorMatcher(color, tolerance);
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) if (matches([data[i], data[i + 1], data[i + 2]])) n++;
  return n;
}

/**
 * A point of the element (in its own pixels) inside a patch of `color`: the centre of the first 7×7 square, scanning
 * from the top, whose every pixel shows it, so a click there lands on a face of that colour, not on its edge.
 * `brightest` leaves out light pixels (a grey close to the background's).
 */
export async function pointOfColor(
  target: Locator,
  color: string,
  opts: { tolerance?: number; brightest?: number } = {},
): Promise<{ x: number; y: number } | null> {
  const { data, info } = await rawPixels(target);
  const matches = colorMatcher(color, opts.tolerance ?? 0.12);
  const brightest = opts.brightest ?? 255;
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    const px = [data[i], data[i + 1], data[i + 2]];
    return Math.max(...px) <= brightest && matches(px);
  };
  const R = 3;
  for (let y = R; y < info.height - R; y += 2)
    for (let x = R; x < info.width - R; x += 2) {
      let all = true;
      for (let dy = -R; dy <= R && all; dy++) for (let dx = -R; dx <= R && all; dx++) all = at(x + dx, y + dy);
      if (all) return { x, y };
    }
  return null;
}
