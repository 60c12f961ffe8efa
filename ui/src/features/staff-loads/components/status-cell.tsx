import type { CustomCellRendererProps } from 'ag-grid-react';
import { LOAD_STATUS_LABELS, type LoadStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { StatusBadge } from '../../../components/status-badge';
import { LOAD_STATUS_TONES } from '../../loads/utils/status-tones';
import type { BoardGridContext } from './board-grid-context';
import { StatusCellSelect } from './status-cell-select';

/** The status: a dropdown for tiers that may change it, a badge for the rest. */
export function StatusCell({ data, context }: CustomCellRendererProps<LoadView, LoadStatus, BoardGridContext>) {
  if (!data) return null;
  if (context.modes.status === 'select') return <StatusCellSelect load={data} />;
  return <StatusBadge tone={LOAD_STATUS_TONES[data.status]}>{LOAD_STATUS_LABELS[data.status]}</StatusBadge>;
}
