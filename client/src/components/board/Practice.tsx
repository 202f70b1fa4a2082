// The "Practise" area of a chapter or an episode, under its video: its key positions (following
// the video), its model game and its exercises, one at a time on the board, chosen by tabs.
import { useEffect, useRef, useState } from 'react';
import { ExerciseTrainer } from './ExerciseTrainer';
import { GameViewer } from './GameViewer';
import { KeyPositions } from './KeyPositions';
import type { ExerciseAttempt, LearningFields } from '../../lib/learning-types';
import './board.css';

export interface PracticeProps {
  fields: LearningFields;
  /** Seconds played by the item's video, when it plays. */
  currentTime?: number | null;
  onSeek?: (at: number) => void;
  onAttempt?: (attempt: ExerciseAttempt) => void;
  /** An exercise to open at (a link's `exercise=`): the Exercises tab shows it, scrolled to. */
  exercise?: string | null;
}

type Part = 'positions' | 'game' | 'exercises';

export function Practice({ fields, currentTime, onSeek, onAttempt, exercise }: PracticeProps) {
  const parts: { key: Part; label: string }[] = [];
  if (fields.positions.length) parts.push({ key: 'positions', label: 'Key positions' });
  if (fields.game) parts.push({ key: 'game', label: 'Model game' });
  if (fields.exercises.length) parts.push({ key: 'exercises', label: `Exercises (${fields.exercises.length})` });
  const linked = Boolean(exercise) && fields.exercises.some((item) => item.id === exercise);
  const [chosen, setChosen] = useState<Part | null>(linked ? 'exercises' : null);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A link to an exercise brings its board into view, under the page's video.
    if (linked) (body.current?.closest('.learning-area') ?? body.current)?.scrollIntoView?.({ block: 'start' });
  }, [linked]);
  const part = parts.find((item) => item.key === chosen)?.key ?? parts[0]?.key;
  if (!part) return null;

  return (
    <div className="practice__body" ref={body}>
      {parts.length > 1 && (
        <div className="practice__parts" role="group" aria-label="Practise with">
          {parts.map((item) => (
            <button
              key={item.key}
              type="button"
              className="practice__part"
              aria-pressed={item.key === part}
              onClick={() => setChosen(item.key)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      {part === 'positions' && <KeyPositions positions={fields.positions} currentTime={currentTime} onSeek={onSeek} />}
      {part === 'game' && fields.game && <GameViewer game={fields.game} pgn={fields.pgn} />}
      {part === 'exercises' && (
        <ExerciseTrainer exercises={fields.exercises} onAttempt={onAttempt} initialId={linked ? exercise : null} />
      )}
    </div>
  );
}
