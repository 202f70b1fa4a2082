// A page of cards from the store, and whether the list is still loading.
import type { RequestStatus } from '../session/status';

/** The cards to show, and whether the list is still loading (nothing asked yet, or a request
 * under way). */
export function useListCards<Card>(items: Card[], status: RequestStatus): { items: Card[]; loading: boolean } {
  const loading = status === 'loading' || (status === 'idle' && items.length === 0);
  return { items, loading };
}
