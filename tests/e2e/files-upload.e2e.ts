/**
 * A real 300 MB file uploaded through the browser widget while the server's memory
 * stays bounded (the bytes are streamed to disk, never held whole).
 *
 * Builds a page with only the FileUploader (Vite), starts the server in its own process with a
 * temporary DATA_DIR, signs in, picks the file in Chromium, watches the progress bar, and samples
 * the server's resident memory all along. Then checks the stored bytes through the API.
 *
 * Run it alone with `npx tsx tests/e2e/files-upload.e2e.ts`; a runner may call the default export.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';
import { buildPageHarness } from './support/page-harness.ts';
import { MB, hashDownload, login, scratchDir, startFilesServer, watchRss, writeTestPdf } from './files-support.ts';

const FILE_MB = 300;
/** Headroom for the server's own work (sessions, logs, GC timing); a buffered upload would need 300+. */
const RSS_GROWTH_LIMIT_MB = 300;

/** files-upload.page.tsx built with the client's own Vite config, into workDir/dist. */
const buildHarness = (workDir: string) =>
  buildPageHarness(workDir, { page: 'files-upload.page.tsx', title: 'Carga de archivos', chunkSizeWarningLimit: 5000 });

export default async function run(): Promise<{ peakGrowthMb: number; seconds: number }> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium no encontrado: apt-get install -y chromium');
  const workDir = scratchDir('e2e-files');
  let server: Awaited<ReturnType<typeof startFilesServer>> | undefined;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    const [clientDir, sha256] = await Promise.all([
      buildHarness(workDir),
      writeTestPdf(path.join(workDir, 'Planos Torre A.pdf'), FILE_MB * MB),
    ]);
    const dataDir = path.join(workDir, 'data');
    server = await startFilesServer({ dataDir, clientDir });
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ baseURL: server.url, locale: 'es-CL' });
    const signedIn = await context.request.post('/api/v2/public/api/auth/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { username: 'admin', password: 'demo1234' },
    });
    if (!signedIn.ok()) throw new Error(`login failed: ${signedIn.status()}`);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('Tamaño máximo por archivo: 512 MB').waitFor();

    // Let the freshly started server settle, then take the baseline.
    await new Promise((r) => setTimeout(r, 1500));
    const rss = watchRss(server.pid, 100);
    const started = Date.now();
    await page.setInputFiles('[data-testid="uploader-input"]', path.join(workDir, 'Planos Torre A.pdf'));
    await page.locator('[data-testid="upload-item"][data-state="uploading"]').waitFor();

    // The progress bar moves: at least one value strictly between 0 and 100 is shown.
    const seen = new Set<number>();
    const progress = page.locator('[data-testid="upload-item"] [data-part="value-text"]');
    while (!(await page.locator('[data-testid="upload-item"][data-state="uploaded"]').count())) {
      if (await page.locator('[data-testid="upload-item"][data-state="failed"]').count()) {
        throw new Error(`upload failed: ${await page.getByTestId('upload-error').getAttribute('aria-label')}`);
      }
      const text = await progress.textContent({ timeout: 1000 }).catch(() => null);
      if (text) seen.add(Number.parseInt(text, 10));
      if (Date.now() - started > 600_000) throw new Error('upload did not finish in 10 minutes');
      await page.waitForTimeout(250);
    }
    const seconds = (Date.now() - started) / 1000;
    const memory = rss.stop();
    const growth = memory.peak - memory.first;

    const uploaded = await page.evaluate(() => window.uploaded ?? []);
    if (uploaded.length !== 1) throw new Error(`expected one emitted file, got ${uploaded.length}`);
    const [file] = uploaded;
    if (file.name !== 'Planos Torre A.pdf' || file.size !== FILE_MB * MB)
      throw new Error(`emitted ${JSON.stringify(file)}`);
    if (![...seen].some((p) => p > 0 && p < 100))
      throw new Error(`no intermediate progress seen (${[...seen].join(', ')})`);

    // On disk under DATA_DIR/files, and the same bytes back through GET api/v2/public/files/<path>.
    if (fs.statSync(path.join(dataDir, 'files', file.path)).size !== FILE_MB * MB)
      throw new Error('stored size differs');
    const back = await hashDownload(server.url, await login(server.url), file.path);
    if (back.size !== FILE_MB * MB || back.sha256 !== sha256)
      throw new Error('downloaded bytes differ from the uploaded file');

    console.log(
      `files e2e: ${FILE_MB} MB in ${seconds.toFixed(1)} s (${(FILE_MB / seconds).toFixed(1)} MB/s); progress seen ${[...seen].sort((a, b) => a - b).join(', ')} %`,
    );
    console.log(
      `files e2e: server RSS ${memory.first.toFixed(0)} MB before, peak ${memory.peak.toFixed(0)} MB (+${growth.toFixed(0)} MB, limit +${RSS_GROWTH_LIMIT_MB} MB) over ${rss.samples.length} samples`,
    );
    if (growth >= RSS_GROWTH_LIMIT_MB)
      throw new Error(`server memory grew by ${growth.toFixed(0)} MB during a ${FILE_MB} MB upload`);
    return { peakGrowthMb: growth, seconds };
  } catch (err) {
    if (server) console.error(server.output().slice(-4000));
    throw err;
  } finally {
    await browser?.close();
    await server?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
