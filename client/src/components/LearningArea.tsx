// The "Practise" section of a lesson chapter, a program subchapter or a masterclass episode: the
// board and what uses it come in a chunk of their own (components/board/), loaded only when the
// item has something to practise with, so no other page carries chess code.
import { lazy, Suspense } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { exerciseAttempted, type LearningState, selectSolvedExercises } from '../state/learning-slice';
import {
  itemKey,
  type PlaybackItem,
  type PlaybackState,
  seekRequested,
  selectPlayerTime,
} from '../state/playback-slice';
import { learningFieldsOf } from '../lib/learning-types';
import { Section } from './Section';

const Practice = lazy(async () => ({
  default: (await import(/* webpackChunkName: "board" */ './board/Practice')).Practice,
}));

export function LearningArea({
  item,
  content,
  id = 'practise',
  exercise,
}: {
  /** The item as the player names it: the board follows its video. */
  item: PlaybackItem | null;
  /** The chapter, subchapter or episode as the API answers it. */
  content: object | null | undefined;
  id?: string;
  /** An exercise the page's address names (`exercise=<id>`): the area opens at it. */
  exercise?: string | null;
}) {
  const dispatch = useDispatch();
  const key = item ? itemKey(item) : '';
  const currentTime = useSelector((state: { playback: PlaybackState }) => (key ? selectPlayerTime(state, key) : null));
  const solved = useSelector((state: { learning: LearningState }) => selectSolvedExercises(state));
  const fields = learningFieldsOf(content);
  if (!fields) return null;
  const exercises = fields.exercises.map((exercise) =>
    solved[exercise.id] && !exercise.solved ? { ...exercise, solved: true } : exercise,
  );
  return (
    <Section id={id} title="Practise" className="learning-area">
      <Suspense
        fallback={
          <p className="muted" data-pending="">
            Setting up the board…
          </p>
        }
      >
        <Practice
          fields={{ ...fields, exercises }}
          currentTime={currentTime}
          onSeek={(at) => key && dispatch(seekRequested({ key, at }))}
          onAttempt={(attempt) => dispatch(exerciseAttempted(attempt))}
          exercise={exercise}
        />
      </Suspense>
    </Section>
  );
}
