import type { LucideIcon } from 'lucide-react';
import { CircleCheck, Lock, RefreshCw, Siren, ThumbsUp, TriangleAlert } from 'lucide-react';
import { Box, Span, VisuallyHidden } from '@chakra-ui/react';
import { contrastRatio, darkenColor, lightenColor, relativeLuminance } from './color.ts';

/**
 * docs/product.md §4: icon codes qi0–qi5 map to the Material icons emergency, cached, thumb_up, check_circle,
 * lock and warning. These are their lucide-react equivalents.
 */
export const STATE_TAG_ICONS = {
  qi0: Siren, // emergency
  qi1: RefreshCw, // cached
  qi2: ThumbsUp, // thumb_up
  qi3: CircleCheck, // check_circle
  qi4: Lock, // lock
  qi5: TriangleAlert, // warning
} as const satisfies Record<string, LucideIcon>;

export type StateTagIconCode = keyof typeof STATE_TAG_ICONS;

/** The icon component for a code, or null for an unknown or missing code (the tag then shows no icon). */
export function stateTagIcon(code: string | null | undefined): LucideIcon | null {
  return code != null && Object.hasOwn(STATE_TAG_ICONS, code) ? STATE_TAG_ICONS[code as StateTagIconCode] : null;
}

/** WCAG 1.4.3: the tag's small text needs 4.5:1 against its background. */
const TEXT_CONTRAST = 4.5;

/** Background (the colour lightened, docs/product.md §4) and foreground of a tag drawn in `color`. */
export function stateTagColors(color: string): { background: string; foreground: string; border: string } {
  const background = lightenColor(color, 0.85);
  const luminance = relativeLuminance(color);
  // Light colours (yellow, light green) would vanish on their own lightened background: darken the text; mid tones
  // (a blue, a grey) still read faint on their own tint, so the text darkens further until it is legible.
  let amount = luminance != null && luminance > 0.35 ? 0.45 : 0;
  let foreground = amount ? darkenColor(color, amount) : color;
  while (amount < 0.95 && (contrastRatio(foreground, background) ?? Infinity) < TEXT_CONTRAST) {
    amount += 0.05;
    foreground = darkenColor(color, amount);
  }
  return { background, foreground, border: lightenColor(color, 0.5) };
}

export type StateTagProps = {
  /** Visible text: a state name, or a ticket letter (N, A, P, F). */
  label: string;
  /** Any CSS colour; hex colours get an exact lightened background. */
  color: string;
  /** qi0–qi5; other values show no icon. */
  icon?: string | null;
  /** Long description for assistive technology and the hover title (e.g. 'Postergada' for a letter). */
  description?: string;
  size?: 'sm' | 'md';
};

export function StateTag({ label, color, icon, description, size = 'md' }: StateTagProps) {
  const Icon = stateTagIcon(icon);
  const { background, foreground, border } = stateTagColors(color);
  const iconSize = size === 'sm' ? 12 : 14;
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      gap="1"
      px={size === 'sm' ? '1.5' : '2'}
      py="0.5"
      borderRadius="full"
      borderWidth="1px"
      fontSize={size === 'sm' ? 'xs' : 'sm'}
      fontWeight="semibold"
      lineHeight="short"
      whiteSpace="nowrap"
      style={{ backgroundColor: background, color: foreground, borderColor: border }}
      title={description}
      data-state-icon={Icon ? icon : undefined}
    >
      {Icon && <Icon size={iconSize} aria-hidden="true" />}
      <Span aria-hidden={description ? true : undefined}>{label}</Span>
      {description && <VisuallyHidden>{description}</VisuallyHidden>}
    </Box>
  );
}
