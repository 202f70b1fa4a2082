// The programs list (/programs): heading, subscribe or upgrade button, filters, sorts, cards; an
// empty state with Reset when the filters match nothing, an error state with Retry when a load fails.
import { programListCard } from '../../../components/cards';
import { filterCriterion, FilteredList } from '../../../components/FilteredList';
import { ListHeading } from '../../../components/ListHeading';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { selectIsSignedIn, selectNeedsUpgrade } from '../../../state/auth-slice';
import { useListText } from '../../../state/hooks';
import { modalOpened } from '../../../state/modal-slice';
import { type ProgramFilterOptions, programsList } from '../slice';
import './programs.css';

/** The Filter panel's criteria, with their choices among the filter options. */
const criteria = (choices: ProgramFilterOptions | null) => [
  filterCriterion('topic', 'Topic', choices?.topics),
  filterCriterion('level', 'Level', choices?.levels),
  filterCriterion('trainers', 'Trainers', choices?.trainers),
];

export function ProgramsPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const needsUpgrade = useAppSelector(selectNeedsUpgrade);
  // Until the editors' words arrive, the usual ones hold their place (hidden).
  const intro = useListText(
    'programs_intro',
    'Step-by-step training plans by master players, from the opening to the endgame.',
  );

  return (
    <FilteredList list={programsList} criteria={criteria} card={programListCard} firstSkeletons={4}>
      <header className="programs__intro">
        <ListHeading text="programs_title" fallback="Improve your chess skills with more than 40 programs" />
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
    </FilteredList>
  );
}
