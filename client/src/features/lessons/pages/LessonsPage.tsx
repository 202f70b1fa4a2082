// The lessons list (/lessons): count, Filter panel, Sort menu, 24 a page and Load more; an empty
// state with Reset when the filters match nothing, an error state with Retry when a load fails.
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
import { formatDuration } from '../../../lib/format';
import { useCardProgress, useListText, useLockedTap } from '../../../session/hooks';
import {
  filterOptionsRequested,
  type LessonFilterKey,
  lessonFiltersChanged,
  lessonSortChanged,
  lessonsRequested,
  lessonsQueryRestored,
  lessonsRetried,
  NO_LESSON_FILTERS,
  moreLessonsRequested,
  selectLessons,
} from '../slice';

const LESSON_FILTER_KEYS: readonly LessonFilterKey[] = ['lesson_category', 'teacher', 'difficulty_level'];

export function LessonsPage() {
  const dispatch = useAppDispatch();
  const {
    items: loaded,
    status,
    hasMore,
    pages,
    total,
    filters,
    sort,
    options: { data: choices, status: optionsStatus },
  } = useAppSelector(selectLessons);
  const { items, pending, loading } = useListCards(loaded, status);
  const onLockedTap = useLockedTap();
  const progressOf = useCardProgress(
    'lessons',
    loaded.map((lesson) => lesson.id),
  );

  // The address holds the filters, the sort and the pages: a reload, Back or a link brings them back.
  useListInAddress(
    { filters, sort, pages },
    LESSON_FILTER_KEYS,
    (query) => dispatch(lessonsQueryRestored(query)),
    () => dispatch(lessonsRequested()),
  );

  useEffect(() => {
    if (optionsStatus === 'idle') dispatch(filterOptionsRequested());
  }, [dispatch, optionsStatus]);

  const criteria = [
    {
      key: 'lesson_category' as LessonFilterKey,
      label: 'Themes',
      options: (choices?.categories ?? []).map(({ id, name }) => ({ id, label: name })),
    },
    {
      key: 'teacher' as LessonFilterKey,
      label: 'Teachers',
      options: (choices?.teachers ?? []).map(({ id, name }) => ({ id, label: name })),
    },
    {
      key: 'difficulty_level' as LessonFilterKey,
      label: 'Levels',
      options: (choices?.levels ?? []).map(({ id, label }) => ({ id, label })),
    },
  ];

  const heading = useListText('lessons_title', 'Lessons');
  const failed = status === 'failed' && !loading;
  const empty = status === 'succeeded' && !loading && items.length === 0;
  const filtered = Object.values(filters).some((id) => id !== null);

  return (
    <div className="page">
      <h1 className={`page__title${heading.settled ? '' : ' is-pending'}`}>{heading.text}</h1>
      <p className="page__count" aria-live="polite">
        {total === null || empty ? '\u00a0' : `${total} Lessons`}
      </p>
      <div className="list-controls">
        <FilterPanel criteria={criteria} applied={filters} onApply={(next) => dispatch(lessonFiltersChanged(next))} />
        <SortMenu value={sort} onChange={(key) => dispatch(lessonSortChanged(key))} />
      </div>
      {items.length > 0 && (
        <ul className="card-grid">
          {items.map((lesson, index) => (
            <li key={lesson.id}>
              <ContentCard
                imageLoading={cardImageLoading(index)}
                to={`/lessons/${lesson.id}`}
                title={lesson.title}
                image={lesson.thumbnail}
                headingLevel={2}
                meta={[lesson.teacher?.name, lesson.difficulty_level?.label, formatDuration(lesson.duration)]
                  .filter(Boolean)
                  .join(' · ')}
                locked={lesson.locked}
                onLockedTap={onLockedTap}
                progress={progressOf(lesson.id)}
              />
            </li>
          ))}
          {pending && <PendingItems />}
        </ul>
      )}
      {loading && items.length === 0 && <SkeletonCards label="Loading lessons…" count={6} />}
      {loading && items.length > 0 && <SkeletonCards label="Loading more lessons…" count={4} />}
      {failed && (
        <ErrorState message="Something went wrong fetching lessons." onRetry={() => dispatch(lessonsRetried())} />
      )}
      {empty && (
        <EmptyState
          message={filtered ? 'No lessons match these filters' : 'No lessons yet'}
          action={
            filtered ? { label: 'Reset', onClick: () => dispatch(lessonFiltersChanged(NO_LESSON_FILTERS)) } : undefined
          }
        />
      )}
      {hasMore && !loading && !pending && status === 'succeeded' && (
        <div className="load-more">
          <button type="button" className="button" onClick={() => dispatch(moreLessonsRequested())}>
            Load more
          </button>
        </div>
      )}
    </div>
  );
}
