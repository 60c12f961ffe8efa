import './spinner.css';

interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label = 'Loading', size = 'md' }: SpinnerProps) {
  return <span className={`spinner spinner-${size}`} role="status" aria-label={label} />;
}
