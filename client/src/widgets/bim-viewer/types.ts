/** One model's fragments file, fetched with the session's cookie (credentials: same-origin). */
export type BimViewerModel = { key: string; url: string };

/** The viewer's words; each defaults to quality_ui.viewer.<key> in the user's language. */
export type BimViewerLabels = {
  toolbar: string;
  canvas: string;
  loading: string;
  load_error: string;
  fit: string;
  section_x: string;
  section_y: string;
  section_z: string;
  section_clear: string;
  hide: string;
  isolate: string;
  show_all: string;
  clear_selection: string;
  selected: string;
  hint: string;
};

export type BimViewerProps = {
  models: BimViewerModel[];
  /** GlobalId → CSS colour; elements not in the map keep their material (or a neutral grey when `dimUncoloured`). */
  colors?: ReadonlyMap<string, string>;
  dimUncoloured?: boolean;
  /** Controlled selection by GlobalId; click selects one, Ctrl/Shift-click adds (or takes out). */
  selected?: readonly string[];
  onSelect?: (globalIds: string[]) => void;
  onLoad?: (info: { elementCount: number; globalIds: string[] }) => void;
  onError?: (error: Error) => void;
  /** These `colors` (the prop as it was), with the dimming and selection of that render, are painted: the next frame shows them. */
  onStyled?: (colors: ReadonlyMap<string, string> | undefined) => void;
  height?: string | number;
  labels?: Partial<BimViewerLabels>;
};
