import { ThemeToggle } from '../../../components/theme-toggle';
import { COLOR_KEYS } from '../../../lib/theme/palette';
import { useTheme } from '../../../lib/theme/theme-context';

export function SettingsPage() {
  const { theme, palette, setColor, resetColors } = useTheme();

  return (
    <section className="page">
      <h1>Settings</h1>
      <div className="card settings-card">
        <div className="settings-row">
          <div>
            <h2>Theme</h2>
            <p className="muted">
              You are using the <strong>{theme}</strong> theme.
            </p>
          </div>
          <ThemeToggle className="button button-secondary" verbose />
        </div>
      </div>
      <div className="card settings-card">
        <div className="settings-row">
          <div>
            <h2>Colours</h2>
            <p className="muted">Changes apply to the {theme} theme at once and are kept in this browser.</p>
          </div>
          <button type="button" className="button button-secondary" onClick={resetColors}>
            Reset to defaults
          </button>
        </div>
        <div className="color-grid">
          {COLOR_KEYS.map((key) => (
            <div key={key} className="color-field">
              <label htmlFor={`color-${key}`}>{key}</label>
              <div className="color-control">
                <input
                  id={`color-${key}`}
                  type="color"
                  value={palette[key]}
                  onChange={(event) => setColor(key, event.target.value)}
                />
                <code>{palette[key]}</code>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
