// A list's filters, sort and page count in the address's query string (`?teacher=3&sort=
// created_at&pages=2`), so that a reload, the Back button and a shared link bring them back.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listQueryString, type ListQuery, parseListQuery } from '../lib/list-query';

/**
 * Keeps the address and the list in step. When the address moves (the page opens, Back, Forward,
 * a shared link) the list follows: `onRestore` with what it says, or `onVisit` when the list
 * already shows it. When the list moves (a filter, a sort, Load more) the address follows: a new
 * history entry for a filter or sort, the same entry for another page.
 */
export function useListInAddress<Key extends string>(
  state: ListQuery<Key>,
  keys: readonly Key[],
  onRestore: (query: ListQuery<Key>) => void,
  onVisit: () => void,
): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const inAddress = listQueryString(parseListQuery(search, keys), keys);
  const inList = listQueryString(state, keys);
  const seen = useRef<{ address: string; list: string } | null>(null);

  useEffect(() => {
    const before = seen.current;
    seen.current = { address: inAddress, list: inList };
    if (before === null || before.address !== inAddress) {
      if (inAddress === inList) onVisit();
      else onRestore(parseListQuery(inAddress, keys));
      return;
    }
    if (inAddress === inList) return;
    const onlyPages =
      listQueryString({ ...state, pages: 1 }, keys) ===
      listQueryString({ ...parseListQuery(inAddress, keys), pages: 1 }, keys);
    // The address this moves to is the list's own: nothing to restore when it arrives.
    seen.current = { address: inList, list: inList };
    void navigate({ pathname, search: inList ? `?${inList}` : '' }, { replace: onlyPages });
    // The callbacks and the state's parts are read when the strings say something changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inAddress, inList]);
}
