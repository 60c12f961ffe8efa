import { useLocation } from 'react-router';

/** What a load page's 'Back to Loads' sends with its navigation: the load it comes from. */
interface BackToLoadsState {
  fromLoad: string;
}

/** The navigation options of a load page's 'Back to Loads': the list puts the focus back on this load's row. */
export const backToLoads = (loadId: string): { state: BackToLoadsState } => ({ state: { fromLoad: loadId } });

/** The load a 'Back to Loads' came back from (the navigation's state), else null (any other arrival). */
export function useBackFromLoad(): string | null {
  const state = useLocation().state as Partial<BackToLoadsState> | null;
  return typeof state?.fromLoad === 'string' ? state.fromLoad : null;
}
