import type { CustomCellRendererProps } from 'ag-grid-react';
import { Link } from 'react-router';
import type { LoadView } from '@portal/domain/loads/view';
import { staffLoadPath } from '../utils/staff-load-paths';

/** The kdt_id, a real link to the load (the rest of the row navigates too). */
export function LoadIdCell({ data }: CustomCellRendererProps<LoadView>) {
  if (!data) return null;
  return (
    // Cut with an ellipsis in a narrow column (staff-loads.css), the whole id in its tooltip.
    <Link className="load-id-link" to={staffLoadPath(data.id)} title={data.kdt_id}>
      {data.kdt_id}
    </Link>
  );
}
