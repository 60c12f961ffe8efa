// A complete LoadView for unit tests, built the way the server builds its answers.
import { emptySectionValues } from '@portal/domain/loads/fields';
import { loadView, type LoadView } from '@portal/domain/loads/view';

export function loadFixture(id: string, overrides: Partial<LoadView> = {}): LoadView {
  const view = loadView({
    id,
    loadNumber: `kdt_${id}`,
    kdtId: `kdt_${id}`,
    vendorId: null,
    vendorName: null,
    userId: 'user-1',
    status: 'open',
    paymentStatus: 'unpaid',
    pickupDate: null,
    deliveryDate: null,
    values: emptySectionValues(),
    deleted: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    documents: [],
  });
  return { ...view, ...overrides };
}
