import { useTheme } from '../lib/theme/theme-context';

interface ThemeToggleProps {
  className?: string;
  /** Spell the action out ("Switch to dark theme") instead of the compact nav bar label. */
  verbose?: boolean;
}

export function ThemeToggle({ className = '', verbose = false }: ThemeToggleProps) {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={`theme-toggle ${className}`.trim()}
      onClick={toggleTheme}
      aria-label={verbose ? undefined : `Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
      <span className="theme-toggle-label">{verbose ? `Switch to ${next} theme` : theme === 'dark' ? 'Light' : 'Dark'}</span>
    </button>
  );
}
