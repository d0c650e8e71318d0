// The BIM viewer's public face: a light wrapper (the 3D engine is a lazy chunk) and its types.
export { BimViewer } from './bim-viewer.tsx';
export type { BimViewerLabels, BimViewerModel, BimViewerProps } from './types.ts';
export { DIM_COLOR, SELECTION_COLOR } from './styles.ts';
