// The two colour sets, how they persist in localStorage, and how they reach CSS.
export type ThemeName = 'light' | 'dark';

export const COLOR_KEYS = [
  'primary',
  'secondary',
  'background',
  'foreground',
  'card',
  'border',
  'form-input',
  'success',
  'warning',
  'error',
] as const;

export type ColorKey = (typeof COLOR_KEYS)[number];
export type Palette = Record<ColorKey, string>;

export const DEFAULT_PALETTES: Record<ThemeName, Palette> = {
  light: {
    primary: '#4b5563',
    secondary: '#ea580c',
    background: '#ffffff',
    foreground: '#1f2937',
    card: '#f8fafc',
    border: '#d1d5db',
    'form-input': '#ffffff',
    success: '#15803d',
    warning: '#b45309',
    error: '#b91c1c',
  },
  dark: {
    primary: '#9ca3af',
    secondary: '#f97316',
    background: '#111827',
    foreground: '#e5e7eb',
    card: '#1f2937',
    border: '#374151',
    'form-input': '#0b1220',
    success: '#4ade80',
    warning: '#fbbf24',
    error: '#f87171',
  },
};

const THEME_KEY = 'theme';
const PALETTE_KEYS: Record<ThemeName, string> = { light: 'lightColors', dark: 'darkColors' };
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): nothing persists, defaults apply
  }
}

export function systemTheme(): ThemeName {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function readStoredTheme(): ThemeName | null {
  const stored = storage()?.getItem(THEME_KEY);
  return stored === 'light' || stored === 'dark' ? stored : null;
}

export function storeTheme(theme: ThemeName): void {
  storage()?.setItem(THEME_KEY, theme);
}

/** Stored colours over the defaults; anything that is not a #rrggbb colour for a known key is ignored. */
export function readStoredPalette(theme: ThemeName): Palette {
  const palette = { ...DEFAULT_PALETTES[theme] };
  try {
    const stored = JSON.parse(storage()?.getItem(PALETTE_KEYS[theme]) ?? 'null') as unknown;
    if (stored && typeof stored === 'object') {
      for (const key of COLOR_KEYS) {
        const value = (stored as Record<string, unknown>)[key];
        if (typeof value === 'string' && HEX_COLOR.test(value)) palette[key] = value.toLowerCase();
      }
    }
  } catch {
    // unreadable JSON: keep the defaults
  }
  return palette;
}

export function storePalette(theme: ThemeName, palette: Palette): void {
  storage()?.setItem(PALETTE_KEYS[theme], JSON.stringify(palette));
}

export function clearStoredPalette(theme: ThemeName): void {
  storage()?.removeItem(PALETTE_KEYS[theme]);
}

// ---------- Contrast (WCAG 2 relative luminance and contrast ratio) ----------

/** WCAG AA: normal-size text needs 4.5:1 against its background; user-interface parts (borders, focus rings) 3:1. */
export const TEXT_CONTRAST = 4.5;
export const UI_CONTRAST = 3;

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((value) => Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** CSS `color-mix(in srgb, a weight, b)` for opaque colours: `weight` (0 to 1) of `a`, the rest `b`. */
export function mixColors(a: string, b: string, weight: number): string {
  const [from, to] = [toRgb(a), toRgb(b)];
  return toHex(from.map((value, i) => value * weight + to[i]! * (1 - weight)) as Rgb);
}

function rgbToHsl([r, g, b]: Rgb): Rgb {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue =
    max === red ? ((green - blue) / delta + (green < blue ? 6 : 0)) / 6 : max === green ? ((blue - red) / delta + 2) / 6 : ((red - green) / delta + 4) / 6;
  return [hue, saturation, lightness];
}

function hslToRgb([hue, saturation, lightness]: Rgb): Rgb {
  if (saturation === 0) return [lightness * 255, lightness * 255, lightness * 255];
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255];
}

/** Black or white, whichever reads better on the given colour (WCAG relative luminance). */
export function readableTextOn(hex: string): string {
  return relativeLuminance(hex) > 0.179 ? '#111827' : '#ffffff';
}

/**
 * `color` itself when it reaches `minRatio` against every one of `surfaces`; otherwise the same hue made darker (on
 * light surfaces) or lighter (on dark ones), one lightness step at a time, until it does. So an orange stays an
 * orange, just deep enough to read. Surfaces are judged by the first one's lightness.
 */
export function readableOn(color: string, surfaces: readonly string[], minRatio: number = TEXT_CONTRAST): string {
  const passes = (candidate: string) => surfaces.every((surface) => contrastRatio(candidate, surface) >= minRatio);
  if (passes(color)) return color;
  const darken = relativeLuminance(surfaces[0] ?? '#ffffff') > 0.179;
  const [hue, saturation, lightness] = rgbToHsl(toRgb(color));
  for (let step = 1; step <= 100; step += 1) {
    const next = darken ? lightness - step / 100 : lightness + step / 100;
    if (next < 0 || next > 1) break;
    const candidate = toHex(hslToRgb([hue, saturation, next]));
    if (passes(candidate)) return candidate;
  }
  return readableTextOn(surfaces[0] ?? '#ffffff');
}

/**
 * Text a step down from the foreground ("muted": hints, table headers, labels): the foreground mixed into the
 * background, `base` of it (a whole percentage), and more until it reads at 4.5:1 on the background, the cards and
 * the subtle hover tint.
 */
export function mutedTextColor(palette: Palette, base: number): string {
  const surfaces = textSurfaces(palette);
  for (let weight = Math.round(base * 100); weight <= 100; weight += 1) {
    const candidate = mixColors(palette.foreground, palette.background, weight / 100);
    if (surfaces.every((surface) => contrastRatio(candidate, surface) >= TEXT_CONTRAST)) return candidate;
  }
  return palette.foreground;
}

/** What text is commonly drawn on: the page, the cards, and the subtle hover tint (styles.css --color-subtle). */
function textSurfaces(palette: Palette): string[] {
  return [palette.background, palette.card, mixColors(palette.foreground, palette.background, 0.05)];
}

/**
 * How much foreground muted text starts from: 70% on light (62% read at 4.31:1 on white, 4.12 on a card), 62% on dark,
 * which already reads at 6.2:1 (5.1 on a card).
 */
const MUTED_BASE: Record<ThemeName, number> = { light: 0.7, dark: 0.62 };

export type DerivedColorKey = 'on-primary' | 'on-secondary' | 'link' | 'focus' | 'muted' | 'input-border';

/**
 * The colours worked out from a palette, as CSS variables (--color-<key>), so a custom palette stays readable:
 * - on-primary / on-secondary: text on the two brand fills;
 * - link: links and link-buttons, the secondary darkened (or lightened) until it reads at 4.5:1 on the page, cards
 *   and hover tint (the default orange #ea580c is 3.56:1 on white; its link tone is about 5:1);
 * - focus: the focus outline, the secondary unless it falls below 3:1 (non-text contrast);
 * - muted: secondary text, see mutedTextColor;
 * - input-border: the edge of text inputs, at least 3:1 against the page, the cards and the input's own fill.
 */
export function derivedColors(theme: ThemeName, palette: Palette): Record<DerivedColorKey, string> {
  const fills = [palette.background, palette.card, palette['form-input']];
  return {
    'on-primary': readableTextOn(palette.primary),
    'on-secondary': readableTextOn(palette.secondary),
    link: readableOn(palette.secondary, textSurfaces(palette), TEXT_CONTRAST),
    focus: readableOn(palette.secondary, fills, UI_CONTRAST),
    muted: mutedTextColor(palette, MUTED_BASE[theme]),
    'input-border': readableOn(palette.border, fills, UI_CONTRAST),
  };
}

export function applyTheme(theme: ThemeName, palette: Palette, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  for (const key of COLOR_KEYS) root.style.setProperty(`--color-${key}`, palette[key]);
  // Colours worked out from the user's choice: text on the brand colours, links, focus, muted text, input edges.
  const derived = derivedColors(theme, palette);
  for (const [key, value] of Object.entries(derived)) root.style.setProperty(`--color-${key}`, value);
}
