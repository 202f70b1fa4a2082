// The programs list (/programs): heading, subscribe or upgrade button, filters, sorts, cards; an
// empty state with Reset when the filters match nothing, an error state with Retry when a load fails.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { cardImageLoading, ContentCard } from '../../../components/ContentCard';
import { useListCards } from '../../../components/list-cards';
import { PendingItems } from '../../../components/progressive';
import { FilterPanel } from '../../../components/FilterPanel';
import { useListInAddress } from '../../../components/list-query';
import { SortMenu } from '../../../components/SortMenu';
import { SkeletonCards } from '../../../components/SkeletonCards';
import { EmptyState, ErrorState } from '../../../components/Status';
import { selectIsSignedIn, selectNeedsUpgrade } from '../../../session/auth-slice';
import { useCardProgress, useListText, useLockedProgramTap } from '../../../session/hooks';
import { modalOpened } from '../../../session/modal-slice';
import {
  moreProgramsRequested,
  NO_PROGRAM_FILTERS,
  programFilterOptionsRequested,
  type ProgramFilterKey,
  programFiltersChanged,
  programSortChanged,
  programsRequested,
  programsQueryRestored,
  programsRetried,
  selectPrograms,
} from '../slice';
import './programs.css';

const PROGRAM_FILTER_KEYS: readonly ProgramFilterKey[] = ['topic', 'level', 'trainers'];

export function ProgramsPage() {
  const dispatch = useAppDispatch();
  const {
    items: loaded,
    status,
    hasMore,
    pages,
    filters,
    sort,
    options: { data: choices, status: optionsStatus },
  } = useAppSelector(selectPrograms);
  const { items, pending, loading } = useListCards(loaded, status);
  const signedIn = useAppSelector(selectIsSignedIn);
  const needsUpgrade = useAppSelector(selectNeedsUpgrade);
  const onLockedProgram = useLockedProgramTap();
  const progressOf = useCardProgress(
    'programs',
    loaded.map((program) => program.id),
  );

  // The address holds the filters, the sort and the pages: a reload, Back or a link brings them back.
  useListInAddress(
    { filters, sort, pages },
    PROGRAM_FILTER_KEYS,
    (query) => dispatch(programsQueryRestored(query)),
    () => dispatch(programsRequested()),
  );

  useEffect(() => {
    if (optionsStatus === 'idle') dispatch(programFilterOptionsRequested());
  }, [dispatch, optionsStatus]);

  const criteria = [
    {
      key: 'topic' as ProgramFilterKey,
      label: 'Topic',
      options: (choices?.topics ?? []).map(({ id, name }) => ({ id, label: name })),
    },
    {
      key: 'level' as ProgramFilterKey,
      label: 'Level',
      options: (choices?.levels ?? []).map(({ id, label }) => ({ id, label })),
    },
    {
      key: 'trainers' as ProgramFilterKey,
      label: 'Trainers',
      options: (choices?.trainers ?? []).map(({ id, name }) => ({ id, label: name })),
    },
  ];

  // Until the editors' words arrive, the usual ones hold their place (hidden).
  const heading = useListText('programs_title', 'Improve your chess skills with more than 40 programs');
  const intro = useListText(
    'programs_intro',
    'Step-by-step training plans by master players, from the opening to the endgame.',
  );
  const failed = status === 'failed' && !loading;
  const empty = status === 'succeeded' && !loading && items.length === 0;
  const filtered = Object.values(filters).some((id) => id !== null);

  return (
    <div className="page">
      <header className="programs__intro">
        <h1 className={`page__title${heading.settled ? '' : ' is-pending'}`}>{heading.text}</h1>
        {intro.text && <p className={intro.settled ? undefined : 'is-pending'}>{intro.text}</p>}
        {!signedIn && (
          <button type="button" className="button" onClick={() => dispatch(modalOpened('register'))}>
            Subscribe
          </button>
        )}
        {signedIn && needsUpgrade && (
          <button type="button" className="button" onClick={() => dispatch(modalOpened('upgrade'))}>
            Upgrade
          </button>
        )}
      </header>
      <div className="list-controls">
        <FilterPanel criteria={criteria} applied={filters} onApply={(next) => dispatch(programFiltersChanged(next))} />
        <SortMenu value={sort} onChange={(key) => dispatch(programSortChanged(key))} />
      </div>
      {items.length > 0 && (
        <ul className="card-grid">
          {items.map((program, index) => (
            <li key={program.id}>
              <ContentCard
                imageLoading={cardImageLoading(index)}
                to={`/program/${program.id}`}
                title={program.title}
                image={program.carousel_image ?? program.hero_image}
                headingLevel={2}
                meta={[
                  program.trainers?.map((trainer) => trainer.name).join(', '),
                  program.level?.label,
                  program.chapter_count ? `${program.chapter_count} chapters` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                locked={program.locked}
                onLockedTap={onLockedProgram}
                progress={progressOf(program.id)}
              />
            </li>
          ))}
          {pending && <PendingItems />}
        </ul>
      )}
      {loading && items.length === 0 && <SkeletonCards label="Loading programs…" count={4} />}
      {loading && items.length > 0 && <SkeletonCards label="Loading more programs…" count={4} />}
      {failed && (
        <ErrorState message="Something went wrong fetching programs." onRetry={() => dispatch(programsRetried())} />
      )}
      {empty && (
        <EmptyState
          message={filtered ? 'No programs match these filters' : 'No programs yet'}
          action={
            filtered
              ? { label: 'Reset', onClick: () => dispatch(programFiltersChanged(NO_PROGRAM_FILTERS)) }
              : undefined
          }
        />
      )}
      {hasMore && !loading && !pending && status === 'succeeded' && (
        <div className="load-more">
          <button type="button" className="button" onClick={() => dispatch(moreProgramsRequested())}>
            Load more
          </button>
        </div>
      )}
    </div>
  );
}
