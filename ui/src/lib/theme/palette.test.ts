// Colours worked out from the palette: links, focus, muted text and input edges stay readable (WCAG AA) for the
// default palettes and for colours a user picks on /settings.
import { describe, expect, it } from 'vitest';
import {
  applyTheme,
  contrastRatio,
  DEFAULT_PALETTES,
  derivedColors,
  mixColors,
  type Palette,
  readableOn,
  readableTextOn,
  relativeLuminance,
  TEXT_CONTRAST,
  UI_CONTRAST,
} from './palette';

const light = DEFAULT_PALETTES.light;
const dark = DEFAULT_PALETTES.dark;
/** Where text is drawn: the page, a card, and the subtle hover tint (5% foreground). */
const textSurfaces = (palette: Palette) => [palette.background, palette.card, mixColors(palette.foreground, palette.background, 0.05)];
const worst = (color: string, surfaces: string[]) => Math.min(...surfaces.map((surface) => contrastRatio(color, surface)));

/** Hue in degrees, to check that a deepened colour is still the same colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const sector = max === r ? ((g - b) / delta + 6) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return sector * 60;
}

describe('contrast arithmetic', () => {
  it('matches the WCAG definitions', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    // The audit's figures for the old light theme.
    expect(contrastRatio('#ea580c', '#ffffff')).toBeCloseTo(3.56, 2);
    expect(contrastRatio('#ea580c', '#f8fafc')).toBeCloseTo(3.4, 2);
    expect(contrastRatio('#d1d5db', '#ffffff')).toBeCloseTo(1.47, 2);
  });

  it('mixes like CSS color-mix in srgb', () => {
    expect(mixColors('#1f2937', '#ffffff', 0.62)).toBe('#747a83');
    expect(mixColors('#1f2937', '#ffffff', 0.7)).toBe('#626973');
    expect(mixColors('#000000', '#ffffff', 0)).toBe('#ffffff');
  });

  it('still picks black or white text for the brand fills', () => {
    expect(readableTextOn('#4b5563')).toBe('#ffffff');
    expect(readableTextOn('#fbbf24')).toBe('#111827');
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads', () => {
    expect(readableOn('#1f2937', ['#ffffff'])).toBe('#1f2937');
    expect(readableOn('#f97316', textSurfaces(dark))).toBe('#f97316');
  });

  it('deepens a colour that is too light on light surfaces, keeping its hue, until it reaches the ratio', () => {
    for (const color of ['#ea580c', '#fbbf24', '#fde047', '#22c55e', '#38bdf8', '#f0abfc']) {
      const surfaces = textSurfaces(light);
      const readable = readableOn(color, surfaces);
      expect(worst(readable, surfaces), `${color} -> ${readable}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(relativeLuminance(readable), `${color} -> ${readable} is darker`).toBeLessThan(relativeLuminance(color));
      expect(Math.abs(hue(readable) - hue(color)), `${color} -> ${readable} keeps its hue`).toBeLessThan(4);
    }
  });

  it('lightens a colour that is too dark on dark surfaces', () => {
    const surfaces = textSurfaces(dark);
    const readable = readableOn('#7c2d12', surfaces);
    expect(worst(readable, surfaces)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(relativeLuminance(readable)).toBeGreaterThan(relativeLuminance('#7c2d12'));
  });

  it('goes only as far as the ratio asked for', () => {
    const forText = readableOn('#d1d5db', ['#ffffff'], TEXT_CONTRAST);
    const forBorder = readableOn('#d1d5db', ['#ffffff'], UI_CONTRAST);
    expect(contrastRatio(forBorder, '#ffffff')).toBeGreaterThanOrEqual(UI_CONTRAST);
    expect(contrastRatio(forBorder, '#ffffff')).toBeLessThan(3.2);
    expect(relativeLuminance(forText)).toBeLessThan(relativeLuminance(forBorder));
  });

  it('falls back to black or white when no shade of the colour can reach the ratio', () => {
    // On white and black at once nothing reads 7:1 (the best, a mid grey, is about 4.6 on both): text for the first.
    expect(readableOn('#808080', ['#ffffff', '#000000'], 7)).toBe('#111827');
  });
});

describe('derivedColors', () => {
  it('gives the default light theme a deeper orange for links, readable muted text and input edges', () => {
    const derived = derivedColors('light', light);
    expect(derived).toEqual({
      'on-primary': '#ffffff',
      'on-secondary': '#111827',
      link: '#be480a',
      focus: '#ea580c',
      muted: '#626973',
      'input-border': '#8791a1',
    });
    expect(worst(derived.link, textSurfaces(light))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(derived.link, '#ffffff')).toBeCloseTo(5.1, 1);
    expect(worst(derived.muted, textSurfaces(light))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(worst(derived['input-border'], [light.background, light.card, light['form-input']])).toBeGreaterThanOrEqual(UI_CONTRAST);
    expect(worst(derived.focus, [light.background, light.card])).toBeGreaterThanOrEqual(UI_CONTRAST);
  });

  it('leaves the dark theme as it was where it already read', () => {
    const derived = derivedColors('dark', dark);
    expect(derived.link).toBe(dark.secondary);
    expect(derived.focus).toBe(dark.secondary);
    expect(derived.muted).toBe(mixColors(dark.foreground, dark.background, 0.62));
    expect(worst(derived.muted, textSurfaces(dark))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(worst(derived['input-border'], [dark.background, dark.card, dark['form-input']])).toBeGreaterThanOrEqual(UI_CONTRAST);
  });

  it('keeps links, focus, muted text and input edges readable with custom colours', () => {
    const customs: Palette[] = [
      { ...light, secondary: '#fbbf24' }, // pale amber: 1.7:1 on white as it is
      { ...light, secondary: '#ffffff' }, // white: nothing to see
      { ...light, secondary: '#0ea5e9', card: '#eef2f7', border: '#eeeeee' },
      { ...light, foreground: '#4b5563', background: '#fafaf9' }, // a softer foreground: muted text needs more of it
      { ...dark, secondary: '#9a3412' }, // a deep orange on the dark theme
      { ...dark, secondary: '#000000', border: '#111827' },
    ];
    for (const palette of customs) {
      const theme = palette.background === dark.background ? 'dark' : 'light';
      const derived = derivedColors(theme, palette);
      const label = JSON.stringify({ secondary: palette.secondary, foreground: palette.foreground, derived });
      expect(worst(derived.link, textSurfaces(palette)), label).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(worst(derived.muted, textSurfaces(palette)), label).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(worst(derived.focus, [palette.background, palette.card, palette['form-input']]), label).toBeGreaterThanOrEqual(UI_CONTRAST);
      expect(worst(derived['input-border'], [palette.background, palette.card, palette['form-input']]), label).toBeGreaterThanOrEqual(UI_CONTRAST);
    }
  });
});

describe('applyTheme', () => {
  it('sets the palette and the derived colours as CSS variables', () => {
    const properties = new Map<string, string>();
    const root = {
      dataset: {} as Record<string, string>,
      style: { colorScheme: '', setProperty: (name: string, value: string) => properties.set(name, value) },
    };
    applyTheme('light', { ...light, secondary: '#fbbf24' }, root as unknown as HTMLElement);
    expect(root.dataset.theme).toBe('light');
    expect(properties.get('--color-secondary')).toBe('#fbbf24');
    const link = properties.get('--color-link')!;
    expect(link).not.toBe('#fbbf24');
    expect(worst(link, textSurfaces(light))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(properties.get('--color-muted')).toBe('#626973');
    expect(properties.get('--color-focus')).toBeDefined();
    expect(properties.get('--color-input-border')).toBeDefined();
  });
});
