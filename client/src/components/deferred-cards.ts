// A page of cards from the store, shown as a deferred update: React builds the cards in slices,
// leaving the main thread free between them (no long task for a phone), then shows them together.
import { useDeferredValue } from 'react';
import type { RequestStatus } from '../session/status';

/** The cards to show, and whether the list is still loading (nothing asked yet, a request under
 * way, or cards that have arrived but are not built yet). */
export function useDeferredCards<Card>(loaded: Card[], status: RequestStatus): { items: Card[]; loading: boolean } {
  const items = useDeferredValue(loaded);
  const loading = status === 'loading' || (status === 'idle' && loaded.length === 0) || items !== loaded;
  return { items, loading };
}
