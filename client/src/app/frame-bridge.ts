/**
 * docs/product.md §1 iframe contract. When the app runs inside a frame, the parent may send a path (a string,
 * or {path}); the app navigates when it differs from the current route. Every route change is
 * reported to the parent as {type: 'route', path}.
 */
export type FrameRouteMessage = { type: 'route'; path: string };

const MAX_PATH = 2048;

/** Accepts only same-app paths: '/x…', never '//host' or 'javascript:' (no open redirects). */
export function parseFramePath(data: unknown): string | undefined {
  const raw =
    typeof data === 'string'
      ? data
      : data && typeof data === 'object' && typeof (data as { path?: unknown }).path === 'string'
        ? (data as { path: string }).path
        : undefined;
  if (!raw || raw.length > MAX_PATH) return undefined;
  const path = raw.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return undefined;
  return path;
}

export function isInFrame(win: Window = window): boolean {
  try {
    return win.parent !== win && win.self !== win.top;
  } catch {
    return true; // cross-origin top: reading it throws, which means we are framed
  }
}

/** The parent's origin when the browser tells us; '*' otherwise (the path is all we send). */
export function parentOrigin(win: Window = window): string {
  const ancestors = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    if (win.document.referrer) return new URL(win.document.referrer).origin;
  } catch {
    // malformed referrer: fall through
  }
  return '*';
}

export function reportRoute(path: string, win: Window = window) {
  if (!isInFrame(win)) return;
  const message: FrameRouteMessage = { type: 'route', path };
  win.parent.postMessage(message, parentOrigin(win));
}

/** Listens for paths from the parent; returns the unsubscribe function. */
export function listenToParent(
  current: () => string,
  navigate: (path: string) => void,
  win: Window = window,
): () => void {
  if (!isInFrame(win)) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return; // only our embedder may steer us
    const path = parseFramePath(event.data);
    if (path && path !== current()) navigate(path);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
