export const STAFF_LOADS_PATH = '/staff/loads';

/** Rows navigate to /staff/load/{id}; /staff/loads/{id} shows the same page (staff-side.md section 2). */
export const staffLoadPath = (loadId: string) => `/staff/load/${encodeURIComponent(loadId)}`;
