/** Pure colour helpers shared by the state tag and the avatars of the observation and user lists. */

type Rgb = { r: number; g: number; b: number };

/** '#rgb' or '#rrggbb' (with or without '#') → channels; anything else (named colours, rgb()) → null. */
export function parseHexColor(color: string): Rgb | null {
  const hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) {
    const [r, g, b] = [...hex].map((c) => parseInt(c + c, 16));
    return { r, g, b };
  }
  if (/^[0-9a-f]{6}$/i.test(hex)) {
    return { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16) };
  }
  return null;
}

function toHex({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
}

/**
 * docs/product.md §4: the state tag's background is a lightened version of the given colour.
 * Mixes the colour with white: amount 0 keeps it, 1 gives white. Hex colours are computed exactly;
 * any other CSS colour falls back to color-mix() so the browser does the same mix.
 */
export function lightenColor(color: string, amount = 0.85): string {
  const a = Math.min(1, Math.max(0, amount));
  const rgb = parseHexColor(color);
  if (!rgb) return `color-mix(in srgb, ${color} ${Math.round((1 - a) * 100)}%, white)`;
  return toHex({ r: rgb.r + (255 - rgb.r) * a, g: rgb.g + (255 - rgb.g) * a, b: rgb.b + (255 - rgb.b) * a });
}

/** WCAG relative luminance of a hex colour (0 black … 1 white); null when not hex. */
export function relativeLuminance(color: string): number | null {
  const rgb = parseHexColor(color);
  if (!rgb) return null;
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(rgb.r) + 0.7152 * lin(rgb.g) + 0.0722 * lin(rgb.b);
}

/** WCAG contrast ratio of two hex colours (1 … 21); null when either is not hex. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la == null || lb == null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white text, whichever reads better on the given background (white when unknown). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const l = relativeLuminance(background);
  if (l == null) return '#ffffff';
  // Contrast against white is (1.05)/(l+0.05), against black (l+0.05)/0.05; pick the larger.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** Mixes a hex colour with black (amount 0 keeps it, 1 gives black); non-hex colours use color-mix(). */
export function darkenColor(color: string, amount = 0.4): string {
  const a = Math.min(1, Math.max(0, amount));
  const rgb = parseHexColor(color);
  if (!rgb) return `color-mix(in srgb, ${color} ${Math.round((1 - a) * 100)}%, black)`;
  return toHex({ r: rgb.r * (1 - a), g: rgb.g * (1 - a), b: rgb.b * (1 - a) });
}
