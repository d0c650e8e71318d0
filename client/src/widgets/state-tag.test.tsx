import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CircleCheck, Lock, RefreshCw, Siren, ThumbsUp, TriangleAlert } from 'lucide-react';
import { renderWithProviders } from '../test/render.tsx';
import { contrastRatio, darkenColor, lightenColor, readableTextColor, relativeLuminance } from './color.ts';
import { STATE_TAG_ICONS, StateTag, stateTagColors, stateTagIcon } from './state-tag.tsx';

describe('StateTag icon mapping (docs/product.md §4: qi0–qi5 → emergency, cached, thumb_up, check_circle, lock, warning)', () => {
  it('maps every code to the lucide equivalent of its Material icon', () => {
    expect(STATE_TAG_ICONS).toEqual({
      qi0: Siren,
      qi1: RefreshCw,
      qi2: ThumbsUp,
      qi3: CircleCheck,
      qi4: Lock,
      qi5: TriangleAlert,
    });
  });

  it('has no icon for unknown or missing codes', () => {
    expect(stateTagIcon('qi6')).toBeNull();
    expect(stateTagIcon('toString')).toBeNull();
    expect(stateTagIcon(null)).toBeNull();
    expect(stateTagIcon(undefined)).toBeNull();
  });

  it.each([
    ['qi0', 'lucide-siren'],
    ['qi1', 'lucide-refresh-cw'],
    ['qi2', 'lucide-thumbs-up'],
    ['qi3', 'lucide-circle-check'],
    ['qi4', 'lucide-lock'],
    ['qi5', 'lucide-triangle-alert'],
  ])('renders %s with the %s icon', (code, iconClass) => {
    const { container } = renderWithProviders(<StateTag label="Estado" color="#1f64b5" icon={code} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('class')).toContain(iconClass);
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
  });

  it('renders a ticket letter without an icon when none is given', () => {
    const { container } = renderWithProviders(<StateTag label="N" color="#2b7bd6" />);
    expect(screen.getByText('N')).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
  });
});

describe('lightened background colour (docs/product.md §4)', () => {
  it('mixes a hex colour with white by the given amount', () => {
    expect(lightenColor('#ff0000', 0.85)).toBe('#ffd9d9');
    expect(lightenColor('#000000', 0.5)).toBe('#808080');
    expect(lightenColor('#1f64b5', 0)).toBe('#1f64b5');
    expect(lightenColor('#1f64b5', 1)).toBe('#ffffff');
  });

  it('accepts short hex and clamps the amount', () => {
    expect(lightenColor('#f00', 0.85)).toBe('#ffd9d9');
    expect(lightenColor('00f', 2)).toBe('#ffffff');
    expect(lightenColor('#00f', -1)).toBe('#0000ff');
  });

  it('falls back to color-mix() for colours it cannot parse', () => {
    expect(lightenColor('red', 0.85)).toBe('color-mix(in srgb, red 15%, white)');
    expect(darkenColor('rgb(1, 2, 3)', 0.4)).toBe('color-mix(in srgb, rgb(1, 2, 3) 60%, black)');
  });

  it('keeps a dark colour as the text colour and darkens a light one so it stays readable', () => {
    expect(stateTagColors('#1f64b5')).toEqual({
      background: lightenColor('#1f64b5', 0.85),
      foreground: '#1f64b5',
      border: lightenColor('#1f64b5', 0.5),
    });
    expect(relativeLuminance(stateTagColors('#ffeb3b').foreground)!).toBeLessThan(
      relativeLuminance(darkenColor('#ffeb3b', 0.4))!,
    );
    expect(readableTextColor('#ffeb3b')).toBe('#000000');
    expect(readableTextColor('#174d8c')).toBe('#ffffff');
  });

  it('WCAG 1.4.3: the text of every tag reads at 4.5:1 on its tint, mid tones included (a grey, a blue)', () => {
    for (const color of ['#6b7280', '#1e88e5', '#2e7d32', '#ef6c00', '#ffeb3b', '#8bc34a', '#e53935', '#9c27b0']) {
      const { foreground, background } = stateTagColors(color);
      expect(contrastRatio(foreground, background), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('paints the tag with the lightened background and the colour as text', () => {
    renderWithProviders(<StateTag label="Postergada" color="#333333" icon="qi4" />);
    const tag = screen.getByText('Postergada').parentElement!;
    expect(tag.style.backgroundColor).toBe('#e0e0e0'); // 0x33 + (255 - 0x33) × 0.85 = 224.4 → e0
    expect(tag.style.color).toBe('#333333');
    expect(tag.getAttribute('data-state-icon')).toBe('qi4');
  });

  it('gives assistive technology the description of a letter tag', () => {
    renderWithProviders(<StateTag label="P" color="#333333" description="Postergada" />);
    expect(screen.getByText('Postergada')).toBeTruthy();
    expect(screen.getByText('P').getAttribute('aria-hidden')).toBe('true');
  });
});
