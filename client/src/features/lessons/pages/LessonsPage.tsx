// The lessons list (/lessons): count, Filter panel, Sort menu, 24 a page and Load more; an empty
// state with Reset when the filters match nothing, an error state with Retry when a load fails.
import { lessonListCard } from '../../../components/cards';
import { filterCriterion, FilteredList } from '../../../components/FilteredList';
import { ListHeading } from '../../../components/ListHeading';
import { useAppSelector } from '../../../state/store-hooks';
import { type LessonFilterOptions, lessonsList, selectLessons } from '../slice';

/** The Filter panel's criteria, with their choices among the filter options. */
const criteria = (choices: LessonFilterOptions | null) => [
  filterCriterion('lesson_category', 'Themes', choices?.categories),
  filterCriterion('teacher', 'Teachers', choices?.teachers),
  filterCriterion('difficulty_level', 'Levels', choices?.levels),
];

export function LessonsPage() {
  // The count of the query shown: none while it is asked for, and none for no lessons (the
  // empty state says so).
  const total = useAppSelector(selectLessons).total;

  return (
    <FilteredList list={lessonsList} criteria={criteria} card={lessonListCard} firstSkeletons={6}>
      <ListHeading text="lessons_title" fallback="Lessons" />
      <p className="page__count" aria-live="polite">
        {total ? `${total} Lessons` : '\u00a0'}
      </p>
    </FilteredList>
  );
}
