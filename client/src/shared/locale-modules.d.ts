/** The rest of a catalogue split off by client/vite.config.ts (the whole file where that plugin is absent). */
declare module '*.json?rest' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
