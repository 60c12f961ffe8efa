import { createContext, useContext } from 'react';
import type { ColorKey, Palette, ThemeName } from './palette';

export interface ThemeApi {
  theme: ThemeName;
  /** The colours of the current theme. */
  palette: Palette;
  setTheme(theme: ThemeName): void;
  toggleTheme(): void;
  setColor(key: ColorKey, value: string): void;
  resetColors(): void;
}

export const ThemeContext = createContext<ThemeApi | null>(null);

export function useTheme(): ThemeApi {
  const theme = useContext(ThemeContext);
  if (!theme) throw new Error('useTheme must be used inside <ThemeProvider>');
  return theme;
}
