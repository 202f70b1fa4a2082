// A list's filters, sort and page count in the address's query string (`?teacher=3&sort=
// created_at&pages=2`), so that a reload, the Back button and a shared link bring them back.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SORT_OPTIONS, type SortOption } from '../lib/constants';
import type { Filters } from './filter-rules';

export interface ListQuery<Key extends string> {
  filters: Filters<Key>;
  sort: SortOption['key'];
  /** How many pages are shown (Load more adds one). */
  pages: number;
}

const DEFAULT_SORT: SortOption['key'] = 'title';
const MAX_PAGES = 20;

/** The query of an address; what it does not say, or says wrongly, is the default. */
export function parseListQuery<Key extends string>(search: string, keys: readonly Key[]): ListQuery<Key> {
  const params = new URLSearchParams(search);
  const filters = {} as Filters<Key>;
  for (const key of keys) {
    const id = Number(params.get(key));
    filters[key] = Number.isInteger(id) && id > 0 ? id : null;
  }
  const sort = SORT_OPTIONS.find((option) => option.key === params.get('sort'))?.key ?? DEFAULT_SORT;
  const pages = Number(params.get('pages'));
  return { filters, sort, pages: Number.isInteger(pages) && pages > 1 ? Math.min(pages, MAX_PAGES) : 1 };
}

/** The query string of a list's state, defaults left out ('' for the plain list). */
export function listQueryString<Key extends string>(query: ListQuery<Key>, keys: readonly Key[]): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const id = query.filters[key];
    if (id !== null) params.set(key, String(id));
  }
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  if (query.pages > 1) params.set('pages', String(query.pages));
  return params.toString();
}

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
