// The lessons list (/lessons): count, Filter panel, Sort menu, 24 a page and Load more; an empty
// state with Reset when the filters match nothing, an error state with Retry when a load fails.
import { lessonListCard } from '../../../components/cards';
import { filterCriterion, FilteredList } from '../../../components/FilteredList';
import { filteredListActions } from '../../../lib/list-cases';
import { useAppSelector } from '../../../lib/hooks';
import { useListText, useLockedTap } from '../../../session/hooks';
import { lessonsActions, selectLessons } from '../slice';

const actions = filteredListActions(lessonsActions, 'lesson', 'lessons');

export function LessonsPage() {
  const state = useAppSelector(selectLessons);
  const onLockedTap = useLockedTap();
  const heading = useListText('lessons_title', 'Lessons');

  return (
    <FilteredList
      kind="lessons"
      state={state}
      criteria={(choices) => [
        filterCriterion('lesson_category', 'Themes', choices?.categories),
        filterCriterion('teacher', 'Teachers', choices?.teachers),
        filterCriterion('difficulty_level', 'Levels', choices?.levels),
      ]}
      card={lessonListCard}
      onLockedTap={onLockedTap}
      firstSkeletons={6}
      header={(empty) => (
        <>
          <h1 className={`page__title${heading.settled ? '' : ' is-pending'}`}>{heading.text}</h1>
          <p className="page__count" aria-live="polite">
            {state.total === null || empty ? '\u00a0' : `${state.total} Lessons`}
          </p>
        </>
      )}
      actions={actions}
    />
  );
}
