import type { ReactNode } from 'react';
import './status-badge.css';

export type StatusTone = 'info' | 'warning' | 'success' | 'error' | 'neutral';

export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-badge status-${tone}`}>{children}</span>;
}
