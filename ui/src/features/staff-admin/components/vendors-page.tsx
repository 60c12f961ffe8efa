import { useMemo, useState } from 'react';
import { useVendors } from '../api/vendors';
import { isStatus } from '../utils/server-detail';
import { VENDOR_MESSAGES } from '../utils/staff-admin-messages';
import { filterVendors, isListedVendor, VENDOR_SEARCH_PLACEHOLDER } from '../utils/vendor-list';
import { AccessDenied } from './access-denied';
import { VendorsTable } from './vendors-table';
import '../staff-admin.css';

/** /staff/vendors (any staff tier): the carriers, searchable and sortable; a row opens /staff/vendors/{id}. */
export function VendorsPage() {
  const vendors = useVendors();
  const [search, setSearch] = useState('');
  const listed = useMemo(() => (vendors.data ?? []).filter(isListedVendor), [vendors.data]);
  const shown = useMemo(() => filterVendors(listed, search), [listed, search]);

  if (isStatus(vendors.error, 403)) return <AccessDenied message={VENDOR_MESSAGES.noPermission} />;

  return (
    <section className="sa-page">
      <header className="sa-page-header">
        <div>
          <h1>Vendors</h1>
          <p className="sa-subtitle">Carriers registered with the portal.</p>
        </div>
      </header>
      {vendors.isError && (
        <div className="form-error sa-banner" role="alert">
          {VENDOR_MESSAGES.listFailed}
        </div>
      )}
      <div className="sa-toolbar">
        <input
          type="search"
          className="sa-search"
          placeholder={VENDOR_SEARCH_PLACEHOLDER}
          aria-label="Search vendors"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {vendors.isSuccess && (
          <span className="sa-count" aria-live="polite">
            {shown.length} of {listed.length} vendors
          </span>
        )}
      </div>
      {vendors.isPending ? (
        <p className="page-status" role="status">
          Loading vendors...
        </p>
      ) : (
        <VendorsTable vendors={shown} searching={search.trim() !== ''} />
      )}
    </section>
  );
}
