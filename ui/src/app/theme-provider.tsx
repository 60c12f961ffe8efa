import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  applyTheme,
  clearStoredPalette,
  type ColorKey,
  DEFAULT_PALETTES,
  type Palette,
  readStoredPalette,
  readStoredTheme,
  storePalette,
  storeTheme,
  systemTheme,
  type ThemeName,
} from '../lib/theme/palette';
import { type ThemeApi, ThemeContext } from '../lib/theme/theme-context';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeName>(() => readStoredTheme() ?? systemTheme());
  const [palettes, setPalettes] = useState<Record<ThemeName, Palette>>(() => ({
    light: readStoredPalette('light'),
    dark: readStoredPalette('dark'),
  }));
  const palette = palettes[theme];

  useLayoutEffect(() => applyTheme(theme, palette), [theme, palette]);

  // Until the user picks a theme, follow the system preference as it changes.
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const follow = () => {
      if (!readStoredTheme()) setThemeState(query.matches ? 'dark' : 'light');
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  const setTheme = useCallback((next: ThemeName) => {
    storeTheme(next);
    setThemeState(next);
  }, []);

  const setColor = useCallback(
    (key: ColorKey, value: string) =>
      setPalettes((current) => {
        const next = { ...current[theme], [key]: value };
        storePalette(theme, next);
        return { ...current, [theme]: next };
      }),
    [theme],
  );

  const resetColors = useCallback(() => {
    clearStoredPalette(theme);
    setPalettes((current) => ({ ...current, [theme]: { ...DEFAULT_PALETTES[theme] } }));
  }, [theme]);

  const api = useMemo<ThemeApi>(
    () => ({
      theme,
      palette,
      setTheme,
      toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark'),
      setColor,
      resetColors,
    }),
    [theme, palette, setTheme, setColor, resetColors],
  );

  return <ThemeContext value={api}>{children}</ThemeContext>;
}
