// A program part's "Lines to drill" (docs/learning-and-puzzles.md, Drills): each line's name and,
// for a member, whether it is due now in their review, new or known; "Drill" plays a line on the
// exercise board (oriented for the learner's side, the moves before the line's start written as
// played, the site replying, the comments shown as an exercise's), "Drill all due lines" plays
// the due ones one after another. A locked part carries no drill, so shows none.
import { useState } from 'react';
import type { Drill, DrillLine } from '../../../api/contract';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { exerciseAttempted, selectSolvedExercises } from '../../../state/learning-slice';
import { ExerciseBoard } from '../../../components/review/ReviewBoards';
import { lineAsExercise } from '../../../components/review/drill-exercise';
import '../../../components/review/review.css';

export type LineState = 'due' | 'new' | 'known';

const STATE_WORDS: Record<LineState, string> = { due: 'Due now', new: 'New', known: 'Known' };

/** Where a line stands for the member: due now in their review, played right before, or new. */
export function lineState(line: DrillLine, due: ReadonlySet<string>, solvedHere: Record<string, boolean>): LineState {
  if (due.has(line.id)) return 'due';
  return line.solved || solvedHere[line.id] ? 'known' : 'new';
}

export function DrillLines({
  drill,
  member,
  due,
  onDrilled,
}: {
  drill: Drill | null | undefined;
  member: boolean;
  /** The ids of the member's items due now (GET /content/review). */
  due: ReadonlySet<string>;
  /** A line was played (its review changed): what is due is asked again once the drill ends. */
  onDrilled?: () => void;
}) {
  const dispatch = useAppDispatch();
  const solvedHere = useAppSelector(selectSolvedExercises);
  const [queue, setQueue] = useState<{ ids: string[]; at: number; played: boolean } | null>(null);
  if (!drill || drill.lines.length === 0) return null;
  const dueLines = member ? drill.lines.filter((line) => due.has(line.id)) : [];
  const current = queue ? drill.lines.find((line) => line.id === queue.ids[queue.at]) : undefined;
  const side = drill.side === 'black' ? 'Black' : 'White';
  const stop = () => {
    setQueue(null);
    onDrilled?.();
  };

  return (
    <section className="drill-lines" aria-labelledby="drill-lines-title">
      <h2 id="drill-lines-title" className="section__title">
        Lines to drill
      </h2>
      <p className="muted">You play {side}: the moves of each line from its start, the site replies.</p>
      {queue && current ? (
        <div className="drill-lines__board">
          <p className="drill-lines__name">
            {current.name}
            {queue.ids.length > 1 ? ` · line ${queue.at + 1} of ${queue.ids.length}` : ''}
          </p>
          <ExerciseBoard
            exercise={lineAsExercise(current, drill.side)}
            before={{ fen: drill.fen, moves: current.before }}
            onAttempt={(attempt) => {
              dispatch(exerciseAttempted(attempt));
              setQueue({ ...queue, played: true });
            }}
          />
          <div className="review__next">
            {queue.played && queue.at < queue.ids.length - 1 ? (
              <button
                type="button"
                className="button"
                onClick={() => setQueue({ ...queue, at: queue.at + 1, played: false })}
              >
                Next line
              </button>
            ) : (
              <button type="button" className={queue.played ? 'button' : 'control-button'} onClick={stop}>
                {queue.played ? 'Done' : 'Back to the lines'}
              </button>
            )}
          </div>
        </div>
      ) : (
        <>
          <ul className="drill-lines__list">
            {drill.lines.map((line) => {
              const state = lineState(line, due, solvedHere);
              return (
                <li key={line.id} className="drill-lines__line">
                  <span>
                    <span className="drill-lines__name">{line.name}</span>
                    {member && (
                      <span className={`drill-lines__state drill-lines__state--${state}`}> · {STATE_WORDS[state]}</span>
                    )}
                  </span>
                  <button
                    type="button"
                    className="control-button"
                    aria-label={`Drill ${line.name}`}
                    onClick={() => setQueue({ ids: [line.id], at: 0, played: false })}
                  >
                    Drill
                  </button>
                </li>
              );
            })}
          </ul>
          {dueLines.length > 0 && (
            <button
              type="button"
              className="button"
              onClick={() => setQueue({ ids: dueLines.map((line) => line.id), at: 0, played: false })}
            >
              Drill all due lines ({dueLines.length})
            </button>
          )}
        </>
      )}
    </section>
  );
}
