// The key positions the teacher shows in the video: a list the learner steps through, each shown
// on the board. With the player's time (`currentTime`) the board follows the video, showing the
// latest position at or before it; tapping a position asks the video to go there (`onSeek`).
import { useState } from 'react';
import { formatClock } from '../../lib/format';
import type { KeyPosition } from '../../api/contract';
import { PlayBoard } from './PlayBoard';

/** The latest position at or before `time` (seconds), or null before the first. */
export function positionAt(positions: KeyPosition[], time: number | null | undefined): number | null {
  if (time === null || time === undefined) return null;
  let found: number | null = null;
  let foundAt = -1;
  positions.forEach((position, index) => {
    if (position.at !== null && position.at <= time && position.at >= foundAt) {
      found = index;
      foundAt = position.at;
    }
  });
  return found;
}

export interface KeyPositionsProps {
  positions: KeyPosition[];
  /** Seconds played, from the video player (null: not playing here). */
  currentTime?: number | null;
  onSeek?: (at: number) => void;
}

export function KeyPositions({ positions, currentTime = null, onSeek }: KeyPositionsProps) {
  // The learner's own choice holds until the video moves on.
  const [chosen, setChosen] = useState<{ index: number; time: number | null } | null>(null);
  const followed = positionAt(positions, currentTime);
  const index = chosen && chosen.time === currentTime ? chosen.index : (followed ?? chosen?.index ?? 0);
  const position = positions[index];
  if (!position) return null;

  const choose = (next: number) => {
    setChosen({ index: next, time: currentTime });
    const at = positions[next]?.at;
    if (at !== null && at !== undefined) onSeek?.(at);
  };
  const caption = position.caption ?? `Position ${index + 1}`;

  return (
    <div className="key-positions">
      <p className="key-positions__caption">
        <span className="key-positions__count">
          {index + 1} of {positions.length}
        </span>{' '}
        {caption}
        {position.at !== null && <span className="muted"> · at {formatClock(position.at)}</span>}
      </p>
      <PlayBoard
        key={index}
        fen={position.fen}
        // The teacher's diagrams are seen from White's side, whoever is to move (Flip turns them).
        orientation="w"
        announcement={`Position ${index + 1} of ${positions.length}: ${caption}`}
        controls={
          <>
            <button type="button" className="control-button" disabled={index === 0} onClick={() => choose(index - 1)}>
              Previous position
            </button>
            <button
              type="button"
              className="control-button"
              disabled={index === positions.length - 1}
              onClick={() => choose(index + 1)}
            >
              Next position
            </button>
          </>
        }
      />
      <ol className="key-positions__list">
        {positions.map((item, itemIndex) => (
          <li key={itemIndex}>
            <button
              type="button"
              className="key-positions__item"
              aria-current={itemIndex === index ? 'step' : undefined}
              onClick={() => choose(itemIndex)}
            >
              {item.at !== null && <span className="key-positions__time">at {formatClock(item.at)}</span>}
              <span>{item.caption ?? `Position ${itemIndex + 1}`}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
