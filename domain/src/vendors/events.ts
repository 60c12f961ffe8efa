// A vendor (carrier) profile: the `vendor-{vendorId}` stream. Created empty with the vendor's account.
export const vendorStream = (vendorId: string) => `vendor-${vendorId}`;

export interface VendorProfileCreated {
  type: 'VendorProfileCreated';
  data: { vendor_id: string; user_id: string; username: string };
}

export type VendorEvent = VendorProfileCreated;
