import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RecycleBinHint } from '../../../components/recycle-bin-hint';
import { StatusBadge } from '../../../components/status-badge';
import { isAdminUser, useSession } from '../../../lib/auth/current-user';
import { useRecordTitle } from '../../../lib/record-title';
import { useVendor, type VendorDetail } from '../api/vendors';
import { isStatus } from '../utils/server-detail';
import { VENDOR_MESSAGES } from '../utils/staff-admin-messages';
import { FIELD_TABS, VENDOR_TABS, type VendorTabId } from '../utils/vendor-detail';
import { vendorStatusLabel, vendorStatusTone } from '../utils/vendor-list';
import { AccessDenied } from './access-denied';
import { DeleteVendorButton } from './delete-vendor-button';
import { ErrorBox } from './error-box';
import { VendorDocumentsTab } from './vendor-documents-tab';
import { VendorFieldTab } from './vendor-field-tab';
import '../staff-admin.css';
import { RecordHistoryPanel } from '../../history/components/record-history-panel';

function BackLink() {
  return (
    <Link to="/staff/vendors" className="button button-secondary sa-back">
      <span aria-hidden="true">← </span>
      Back to Vendors
    </Link>
  );
}

/** /staff/vendors/{vendorId} (any staff tier): the vendor's profile by tab; admins edit and delete. */
export function VendorDetailPage() {
  const { vendorId = '' } = useParams();
  const vendor = useVendor(vendorId);
  useRecordTitle(vendor.data ? vendorName(vendor.data) : null);

  if (isStatus(vendor.error, 403)) return <AccessDenied message={VENDOR_MESSAGES.noPermission} />;
  if (vendor.isPending) {
    return (
      <p className="page-status" role="status">
        Loading vendor details...
      </p>
    );
  }
  if (vendor.isError || !vendor.data) {
    const notFound = !vendor.isError || isStatus(vendor.error, 404);
    return (
      <section className="sa-page">
        <BackLink />
        <ErrorBox title={VENDOR_MESSAGES.detailErrorTitle} message={notFound ? VENDOR_MESSAGES.detailNotFound : VENDOR_MESSAGES.detailFailed}>
          {notFound && <RecycleBinHint noun="vendor" />}
        </ErrorBox>
      </section>
    );
  }
  return <VendorDetailView vendor={vendor.data} />;
}

const vendorName = (vendor: VendorDetail) => vendor.business_name || vendor.legal_name || vendor.username;

function VendorDetailView({ vendor }: { vendor: VendorDetail }) {
  const { user } = useSession();
  const isAdmin = isAdminUser(user);
  const [active, setActive] = useState<VendorTabId>('business');
  const fieldTab = FIELD_TABS.find((tab) => tab.id === active);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // The WAI-ARIA tabs pattern: one Tab stop (the selected tab); Left/Right (wrapping), Home and End move and select.
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = VENDOR_TABS.length - 1;
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setActive(VENDOR_TABS[to]!.id);
    tabs.current[to]?.focus();
  }

  return (
    <section className="sa-page">
      <BackLink />
      <header className="sa-page-header">
        <div>
          <h1>{vendorName(vendor)}</h1>
          <div className="sa-vendor-meta">
            <StatusBadge tone={vendorStatusTone(vendor.status)}>{vendorStatusLabel(vendor.status)}</StatusBadge>
            <span>@{vendor.username}</span>
            {vendor.legal_name && vendor.legal_name !== vendorName(vendor) && <span>{vendor.legal_name}</span>}
            {vendor.mc_number && <span>MC {vendor.mc_number}</span>}
            {vendor.dot_number && <span>DOT {vendor.dot_number}</span>}
          </div>
        </div>
        {isAdmin && <DeleteVendorButton vendorId={vendor.id} vendorName={vendorName(vendor)} />}
      </header>

      <div className="sa-tabs" role="tablist" aria-label="Vendor information">
        {VENDOR_TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`sa-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls="sa-tab-panel"
            tabIndex={tab.id === active ? 0 : -1}
            className="sa-tab"
            onClick={() => setActive(tab.id)}
            onKeyDown={(event) => onTabKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="card sa-tab-panel" role="tabpanel" id="sa-tab-panel" aria-labelledby={`sa-tab-${active}`} tabIndex={0}>
        {fieldTab ? <VendorFieldTab key={fieldTab.id} vendor={vendor} tab={fieldTab} canEdit={isAdmin} /> : <VendorDocumentsTab vendor={vendor} />}
      </div>
      <RecordHistoryPanel kind="vendor" id={vendor.id} watch={vendor} />
    </section>
  );
}
