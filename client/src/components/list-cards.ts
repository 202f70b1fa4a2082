// A page of cards from the store, and whether the list is still loading.
import type { RequestStatus } from '../state/status';
import { useRevealed } from './progressive';

/** Below a list page's heading and controls, a phone's first screen shows three or four cards:
 * those render with the page, the rest a few a task (progressive.tsx), so that the page's first
 * render stays one short task. */
export const FIRST_CARDS = 4;
export const CARDS_PER_TASK = 4;

/** The cards to render now, whether more of them are still to come (`pending`: render
 * `PendingItems` after them), and whether the list is still loading (nothing asked yet, or a
 * request under way). */
export function useListCards<Card>(
  items: Card[],
  status: RequestStatus,
): { items: Card[]; pending: boolean; loading: boolean } {
  const loading = status === 'loading' || (status === 'idle' && items.length === 0);
  const shown = useRevealed(items.length, FIRST_CARDS, CARDS_PER_TASK);
  return { items: shown < items.length ? items.slice(0, shown) : items, pending: shown < items.length, loading };
}
