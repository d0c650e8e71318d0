/*
 * The owner portal's service worker (docs/operations.md#portal-service-worker), served as /portal/sw.js so it
 * controls /portal/* pages only: the staff app is never answered from here. client/build/portal-service-worker.ts
 * writes the build's version and shell files over the two placeholders below; any change to the shell makes a
 * new file, so the browser installs the new worker, which drops the old shell.
 *
 * It answers only from the shell: the portal's pages (index.html, network first) and the build's hashed
 * files under /assets/ (cache first). API calls, uploads, files and sockets never pass through a cache here,
 * so nothing private is kept for the next person using the device.
 */
const VERSION = '__PORTAL_SW_VERSION__';
const SHELL_FILES = ['__PORTAL_SW_FILES__'];
const CACHE = `portal-shell-${VERSION}`;
const PAGE = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('portal-shell-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page: the network's newest, or the shell kept at install when there is no connection. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(PAGE, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** A hashed build file never changes under its name: kept once fetched (a lazy page not in the shell list). */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/portal/')) return event.respondWith(page(request));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(asset(request));
  if (SHELL_FILES.includes(url.pathname))
    return event.respondWith(caches.match(request).then((r) => r ?? fetch(request)));
});
