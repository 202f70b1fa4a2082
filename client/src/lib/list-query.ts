// A list's filters, sort and page count as a query string (`?teacher=3&sort=created_at&pages=2`):
// what the address says of a list, read and written (components/list-query.ts keeps the two in
// step).
import { SORT_OPTIONS, type SortOption } from './constants';
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
