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

/** Black or white, whichever reads better on the given colour (WCAG relative luminance). */
export function readableTextOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#111827' : '#ffffff';
}

export function applyTheme(theme: ThemeName, palette: Palette, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  for (const key of COLOR_KEYS) root.style.setProperty(`--color-${key}`, palette[key]);
  // Text colours on the two brand colours follow whatever the user picked.
  root.style.setProperty('--color-on-primary', readableTextOn(palette.primary));
  root.style.setProperty('--color-on-secondary', readableTextOn(palette.secondary));
}
