/** The marks the image viewer's "Marcar" mode draws (docs/product.md §2 image viewer), in image pixels. */
export type Point = { x: number; y: number };
export type MarkupTool = 'arrow' | 'circle' | 'text';
export type Shape =
  | { kind: 'arrow'; from: Point; to: Point; color: string; width: number }
  | { kind: 'circle'; from: Point; to: Point; color: string; width: number }
  | { kind: 'text'; at: Point; text: string; color: string; size: number };

export const MARKUP_TOOLS: readonly MarkupTool[] = ['arrow', 'circle', 'text'];
/** Red first: the default (docs/product.md §2); then colours that read on dark and on light photos. */
export const MARKUP_COLORS = [
  { name: 'red', value: '#e53e3e' },
  { name: 'yellow', value: '#ecc94b' },
  { name: 'blue', value: '#3182ce' },
  { name: 'white', value: '#ffffff' },
] as const;

/** Line width and text size grow with the photo, so a mark reads the same on a phone shot and a small image. */
export const strokeFor = (width: number, height: number) => Math.max(3, Math.round(Math.min(width, height) / 150));
export const textSizeFor = (width: number, height: number) => Math.max(16, Math.round(Math.min(width, height) / 20));

/** A drag shorter than this draws nothing: a click with the arrow or circle is not a mark. */
const MIN_DRAG = 4;
export const isMark = (from: Point, to: Point) => Math.hypot(to.x - from.x, to.y - from.y) >= MIN_DRAG;

/** What a drag from `from` to `to` draws with the tool (text is placed by a click, not dragged). */
export function dragShape(tool: 'arrow' | 'circle', from: Point, to: Point, color: string, width: number): Shape {
  return { kind: tool, from, to, color, width };
}

/** The subset of the canvas 2D context the marks use: a test can record it. */
export type MarkupContext = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'fill'
  | 'ellipse'
  | 'fillText'
  | 'strokeText'
  | 'closePath'
  | 'strokeStyle'
  | 'fillStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'font'
  | 'textBaseline'
>;

function drawArrow(ctx: MarkupContext, { from, to, color, width }: Extract<Shape, { kind: 'arrow' }>) {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const head = width * 4;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  // The shaft stops where the head starts, so the point stays sharp.
  ctx.lineTo(to.x - Math.cos(angle) * head * 0.8, to.y - Math.sin(angle) * head * 0.8);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(to.x - head * Math.cos(angle - Math.PI / 7), to.y - head * Math.sin(angle - Math.PI / 7));
  ctx.lineTo(to.x - head * Math.cos(angle + Math.PI / 7), to.y - head * Math.sin(angle + Math.PI / 7));
  ctx.closePath();
  ctx.fill();
}

/** The circle is the ellipse inside the dragged box: drawn around what it marks, corner to corner. */
function drawCircle(ctx: MarkupContext, { from, to, color, width }: Extract<Shape, { kind: 'circle' }>) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.ellipse(
    (from.x + to.x) / 2,
    (from.y + to.y) / 2,
    Math.abs(to.x - from.x) / 2,
    Math.abs(to.y - from.y) / 2,
    0,
    0,
    Math.PI * 2,
  );
  ctx.stroke();
}

/** Text with a dark outline, readable on any photo. */
function drawText(ctx: MarkupContext, { at, text, color, size }: Extract<Shape, { kind: 'text' }>) {
  ctx.font = `bold ${size}px sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.lineWidth = Math.max(2, size / 8);
  ctx.lineJoin = 'round';
  ctx.strokeStyle = color === '#ffffff' ? '#000000' : '#ffffff';
  ctx.strokeText(text, at.x, at.y);
  ctx.fillStyle = color;
  ctx.fillText(text, at.x, at.y);
}

export function drawShape(ctx: MarkupContext, shape: Shape) {
  if (shape.kind === 'arrow') drawArrow(ctx, shape);
  else if (shape.kind === 'circle') drawCircle(ctx, shape);
  else drawText(ctx, shape);
}

/** "Fachada.jpg" → "Fachada (marcada).png": the copy keeps the original's name and says what it is. */
export function markedName(original: string, suffix: string): string {
  const base = original.replace(/\.[^./\\]+$/, '').trim() || 'imagen';
  return `${base} (${suffix}).png`;
}
