// The programs list (/programs): heading, subscribe or upgrade button, filters, sorts, cards; an
// empty state with Reset when the filters match nothing, an error state with Retry when a load fails.
import { programListCard } from '../../../components/cards';
import { filterCriterion, FilteredList } from '../../../components/FilteredList';
import { filteredListActions } from '../../../lib/list-cases';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectIsSignedIn, selectNeedsUpgrade } from '../../../session/auth-slice';
import { useListText, useLockedProgramTap } from '../../../session/hooks';
import { modalOpened } from '../../../session/modal-slice';
import { programsActions, selectPrograms } from '../slice';
import './programs.css';

const actions = filteredListActions(programsActions, 'program', 'programs');

export function ProgramsPage() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectPrograms);
  const signedIn = useAppSelector(selectIsSignedIn);
  const needsUpgrade = useAppSelector(selectNeedsUpgrade);
  const onLockedProgram = useLockedProgramTap();

  // Until the editors' words arrive, the usual ones hold their place (hidden).
  const heading = useListText('programs_title', 'Improve your chess skills with more than 40 programs');
  const intro = useListText(
    'programs_intro',
    'Step-by-step training plans by master players, from the opening to the endgame.',
  );

  return (
    <FilteredList
      kind="programs"
      state={state}
      criteria={(choices) => [
        filterCriterion('topic', 'Topic', choices?.topics),
        filterCriterion('level', 'Level', choices?.levels),
        filterCriterion('trainers', 'Trainers', choices?.trainers),
      ]}
      card={programListCard}
      onLockedTap={onLockedProgram}
      firstSkeletons={4}
      header={() => (
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
      )}
      actions={actions}
    />
  );
}
