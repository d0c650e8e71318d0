import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenToParent, parseFramePath, reportRoute } from './frame-bridge.ts';

/** A window inside a frame: its parent is another object that records postMessage. */
function framedWindow() {
  const parent = { postMessage: vi.fn() };
  const listeners = new Set<(e: MessageEvent) => void>();
  const win = {
    parent,
    top: parent,
    location: { ancestorOrigins: ['https://portal.inmobiliaria.cl'] },
    document: { referrer: '' },
    addEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.delete(l),
  } as unknown as Window;
  (win as unknown as { self: Window }).self = win;
  const send = (data: unknown, source: unknown = parent) =>
    listeners.forEach((l) => l({ data, source } as MessageEvent));
  return { win, parent, send, listeners };
}

describe('iframe bridge (docs/product.md §1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts same-app paths only (string or {path})', () => {
    expect(parseFramePath('/warranties/fichas')).toBe('/warranties/fichas');
    expect(parseFramePath({ path: '/home/tareas?x=1' })).toBe('/home/tareas?x=1');
    expect(parseFramePath('//evil.example.com')).toBeUndefined();
    expect(parseFramePath('https://evil.example.com')).toBeUndefined();
    expect(parseFramePath('javascript:alert(1)')).toBeUndefined();
    expect(parseFramePath({ other: 1 })).toBeUndefined();
  });

  it('navigates when the parent sends a path that differs from the current route', () => {
    const { win, send } = framedWindow();
    let current = '/home/proyectos';
    const navigate = vi.fn((p: string) => {
      current = p;
    });
    const stop = listenToParent(() => current, navigate, win);
    send('/home/proyectos');
    expect(navigate).not.toHaveBeenCalled();
    send({ path: '/warranties/agenda' });
    expect(navigate).toHaveBeenCalledWith('/warranties/agenda');
    send('/config/cuenta', { postMessage: vi.fn() }); // not our parent: ignored
    expect(navigate).toHaveBeenCalledTimes(1);
    stop();
    send('/home/tareas');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('reports each route to the parent, addressed to its origin', () => {
    const { win, parent } = framedWindow();
    reportRoute('/warranties/fichas', win);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'route', path: '/warranties/fichas' },
      'https://portal.inmobiliaria.cl',
    );
  });

  it('does nothing outside a frame', () => {
    const post = vi.spyOn(window, 'postMessage');
    reportRoute('/home', window);
    expect(post).not.toHaveBeenCalled();
    const navigate = vi.fn();
    listenToParent(() => '/home', navigate, window)();
    expect(navigate).not.toHaveBeenCalled();
  });
});
