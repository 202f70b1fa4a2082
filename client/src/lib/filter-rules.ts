// Filter selection rules shared by the lessons and programs lists.
export type Filters<Key extends string> = Record<Key, number | null>;

/** Selecting an item chooses it; selecting the chosen one again clears the criterion. */
export function toggleFilter<Key extends string>(filters: Filters<Key>, criterion: Key, id: number): Filters<Key> {
  return { ...filters, [criterion]: filters[criterion] === id ? null : id };
}

export function clearFilters<Key extends string>(filters: Filters<Key>): Filters<Key> {
  const cleared = { ...filters };
  for (const key of Object.keys(cleared) as Key[]) cleared[key] = null;
  return cleared;
}
