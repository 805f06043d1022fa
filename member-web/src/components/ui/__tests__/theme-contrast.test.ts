import { describe, expect, it } from 'vitest';
import { sahyogTheme, TOGGLE_TEXT } from '../theme';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((part) => {
    const c = parseInt(part as string, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const BUTTON_COLOURS = ['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const;
const AA = 4.5;

describe('theme contrast', () => {
  it('proves the contrast formula on known pairs (black/white 21:1, equal colours 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
    // MUI's default warning orange with white text: the 3.1:1 the issue reports.
    expect(contrast('#ed6c02', '#ffffff')).toBeCloseTo(3.11, 2);
  });

  it.each(BUTTON_COLOURS)(
    'proves %s buttons reach 4.5:1: contained (main and hover) with their text, outlined/text on both page backgrounds',
    (name) => {
      const colour = sahyogTheme.palette[name];
      const { paper, default: page } = sahyogTheme.palette.background;
      expect(contrast(colour.main, colour.contrastText)).toBeGreaterThanOrEqual(AA);
      expect(contrast(colour.dark, colour.contrastText)).toBeGreaterThanOrEqual(AA);
      expect(contrast(colour.main, paper)).toBeGreaterThanOrEqual(AA);
      expect(contrast(colour.main, page)).toBeGreaterThanOrEqual(AA);
    },
  );

  it('proves an unselected toggle button (the INR / USD switch) reaches 4.5:1 on both page backgrounds', () => {
    const { paper, default: page } = sahyogTheme.palette.background;
    expect(contrast(TOGGLE_TEXT, page)).toBeGreaterThanOrEqual(AA);
    expect(contrast(TOGGLE_TEXT, paper)).toBeGreaterThanOrEqual(AA);
    expect(sahyogTheme.components?.MuiToggleButton?.styleOverrides?.root).toEqual({ color: TOGGLE_TEXT });
  });
});
