// A filtered, sorted, paged list of cards (lessons, programs) under its page's heading: the
// Filter panel and Sort menu, the cards a few at a time, skeletons while a page loads, an error
// state with Retry, an empty state with Reset when the filters match nothing, and Load more.
// The filters, the sort and the pages live in the address (list-query.ts).
import { type ReactNode, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../state/store-hooks';
import type { FilteredListOf } from '../state/list-cases';
import type { CardKind } from '../state/card-progress-slice';
import { useCardFigures, useCardProgress } from '../state/hooks';
import type { CardContent } from './cards';
import { cardImageLoading, ContentCard } from './ContentCard';
import { type FilterCriterion, FilterPanel } from './FilterPanel';
import { clearFilters } from '../lib/filter-rules';
import { useListCards } from './list-cards';
import { useListInAddress } from './list-query';
import { LoadMore } from './LoadMore';
import { PendingItems } from './progressive';
import { SkeletonCards } from './SkeletonCards';
import { SortMenu } from './SortMenu';
import { EmptyState, ErrorState } from './Status';

/** A filter's choices, from a list of named items or of labelled ones (levels). */
export function filterCriterion<Key extends string>(
  key: Key,
  label: string,
  choices: ReadonlyArray<{ id: number; name: string } | { id: number; label: string }> | undefined,
): FilterCriterion<Key> {
  return {
    key,
    label,
    options: (choices ?? []).map((choice) => ({
      id: choice.id,
      label: 'label' in choice ? choice.label : choice.name,
    })),
  };
}

interface FilteredListProps<Key extends string, Card extends { id: number; locked?: boolean }, Options, Root> {
  /** The list of a slice (filteredListOf); its kind says what it holds, in its messages
   * ('lessons'), whose progress its cards show and what a locked card's tap asks of a guest. */
  list: FilteredListOf<Key, Card, Options, Root, CardKind>;
  /** The Filter panel's criteria, with their choices among the filter options once loaded. */
  criteria: (options: Options | null) => FilterCriterion<Key>[];
  card: (item: Card) => CardContent;
  /** How many skeleton cards stand for the first page while it loads. */
  firstSkeletons: number;
  /** The page's heading and what goes with it. */
  children: ReactNode;
}

export function FilteredList<Key extends string, Card extends { id: number; locked?: boolean }, Options, Root>({
  list: { kind, select, actions },
  criteria,
  card,
  firstSkeletons,
  children,
}: FilteredListProps<Key, Card, Options, Root>) {
  const state = useAppSelector(select);
  const dispatch = useAppDispatch();
  const { status, hasMore, pages, filters, sort } = state;
  // The list's criteria are the keys of its filters (the slice's own, each null when unset).
  const keys = Object.keys(filters) as Key[];
  const { items, pending, loading } = useListCards(state.items, status);
  const progressOf = useCardProgress(
    kind,
    state.items.map((item) => item.id),
  );
  const figuresOf = useCardFigures(kind);

  // The address holds the filters, the sort and the pages: a reload, Back or a link brings them back.
  useListInAddress(
    { filters, sort, pages },
    keys,
    (query) => dispatch(actions.restored(query)),
    () => dispatch(actions.requested()),
  );

  const optionsStatus = state.options.status;
  const { optionsRequested } = actions;
  useEffect(() => {
    if (optionsStatus === 'idle') dispatch(optionsRequested());
  }, [dispatch, optionsRequested, optionsStatus]);

  const failed = status === 'failed' && !loading;
  const empty = status === 'succeeded' && !loading && items.length === 0;
  const filtered = Object.values(filters).some((id) => id !== null);

  return (
    <div className="page">
      {children}
      <div className="list-controls">
        <FilterPanel
          criteria={criteria(state.options.data)}
          applied={filters}
          onApply={(next) => dispatch(actions.filtersChanged(next))}
        />
        <SortMenu value={sort} onChange={(key) => dispatch(actions.sortChanged(key))} />
      </div>
      {items.length > 0 && (
        <ul className="card-grid">
          {items.map((item, index) => (
            <li key={item.id}>
              <ContentCard
                {...card(item)}
                imageLoading={cardImageLoading(index)}
                headingLevel={2}
                locked={item.locked}
                progress={progressOf(item.id)}
                figures={figuresOf(item.id)}
              />
            </li>
          ))}
          {pending && <PendingItems />}
        </ul>
      )}
      {loading && items.length === 0 && <SkeletonCards label={`Loading ${kind}…`} count={firstSkeletons} />}
      {loading && items.length > 0 && <SkeletonCards label={`Loading more ${kind}…`} count={4} />}
      {failed && (
        <ErrorState message={`Something went wrong fetching ${kind}.`} onRetry={() => dispatch(actions.retried())} />
      )}
      {empty && (
        <EmptyState
          message={filtered ? `No ${kind} match these filters` : `No ${kind} yet`}
          action={
            filtered
              ? { label: 'Reset', onClick: () => dispatch(actions.filtersChanged(clearFilters(filters))) }
              : undefined
          }
        />
      )}
      {hasMore && !loading && !pending && status === 'succeeded' && (
        <LoadMore onClick={() => dispatch(actions.more())} />
      )}
    </div>
  );
}
