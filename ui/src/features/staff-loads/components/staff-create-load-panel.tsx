import { useMemo } from 'react';
import { CreateLoadForm } from '../../loads/components/create-load-form';
import { useVendorPicker } from '../api/get-vendor-picker';
import { vendorChoices } from '../utils/vendor-choices';

/** The loads feature's create form, with the vendor picker staff must choose from. */
export function StaffCreateLoadPanel({ onClose }: { onClose(): void }) {
  const picker = useVendorPicker(true);
  const choices = useMemo(() => (picker.data ? vendorChoices(picker.data) : undefined), [picker.data]);
  return <CreateLoadForm onClose={onClose} vendorPicker={{ choices, failed: picker.isError }} />;
}
