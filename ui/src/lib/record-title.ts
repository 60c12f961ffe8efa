import { createContext, useContext, useEffect } from 'react';

/**
 * Where a page reports the record it shows (a load's kdt_id, a vendor's or staff member's name), so the layout can
 * put it in front of the route's title: "kdt_24112 · Load Details · Freight Portal". The layout provides it.
 */
export const RecordTitleContext = createContext<(name: string | null) => void>(() => undefined);

/** The page's record name in the document title while it is shown; nothing (the route's title alone) until it is known. */
export function useRecordTitle(name: string | null | undefined): void {
  const setRecord = useContext(RecordTitleContext);
  useEffect(() => {
    if (!name) return;
    setRecord(name);
    return () => setRecord(null);
  }, [name, setRecord]);
}
