import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { ZOOM_RESET, panBy, pinchScale, snapScale, steppedScale, zoomTo, type ZoomState } from './zoom.ts';

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The image viewer's zoom: buttons and keys step it, the wheel zooms about the pointer, two fingers pinch
 * it, and one finger or the mouse pans a zoomed image. Back to the fitted size whenever `resetKey` changes
 * (another image). Returns the state, the actions, a ref for the viewport and its pointer handlers.
 */
export function useZoomView(resetKey: unknown) {
  const [zoom, setZoom] = useState<ZoomState>(ZOOM_RESET);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  useEffect(() => setZoom(ZOOM_RESET), [resetKey]);

  /** A client point relative to the viewport's centre, where the image's transform starts from. */
  const fromCentre = useCallback(
    (p: Point): Point => {
      const box = viewport?.getBoundingClientRect();
      return box && Number.isFinite(p.x) && Number.isFinite(p.y)
        ? { x: p.x - box.left - box.width / 2, y: p.y - box.top - box.height / 2 }
        : { x: 0, y: 0 };
    },
    [viewport],
  );

  // React's wheel listener is passive; this one must stop the page from scrolling under the dialog.
  useEffect(() => {
    if (!viewport) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (!e.deltaY) return;
      const origin = fromCentre({ x: e.clientX, y: e.clientY });
      setZoom((z) => zoomTo(z, steppedScale(z.scale, e.deltaY < 0 ? 1 : -1), origin));
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [viewport, fromCentre]);

  const step = useCallback((direction: 1 | -1) => setZoom((z) => zoomTo(z, steppedScale(z.scale, direction))), []);
  const reset = useCallback(() => setZoom(ZOOM_RESET), []);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b) pinch.current = { distance: distance(a, b), scale: zoom.scale };
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    const now = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, now);
    const [a, b] = [...pointers.current.values()];
    if (pinch.current && a && b) {
      const start = pinch.current;
      const origin = fromCentre({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      setZoom((z) => zoomTo(z, pinchScale(start.scale, start.distance, distance(a, b)), origin));
    } else {
      setZoom((z) => panBy(z, now.x - last.x, now.y - last.y));
    }
  };
  const onPointerEnd = (e: PointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
    if (pinch.current && pointers.current.size < 2) {
      pinch.current = null;
      setZoom((z) => zoomTo(z, snapScale(z.scale)));
    }
  };

  return {
    zoom,
    zoomIn: () => step(1),
    zoomOut: () => step(-1),
    reset,
    viewportRef: setViewport,
    handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd },
  };
}
