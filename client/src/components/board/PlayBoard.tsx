// The board as every learning screen uses it: the board, its Flip button, the "Your move" input
// (SAN or UCI, the alternative to pointing) and the live region that says every move in words.
import { Chess, type Move } from 'chess.js';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { Board } from './Board';
import { moveInWords, positionInWords, readTypedMove, type Side } from './move-words';

/** A move already on the board: where it went, and its SAN to say it. */
export interface ShownMove {
  from: string;
  to: string;
  san: string;
}

export interface PlayBoardProps {
  fen: string;
  lastMove?: ShownMove | null;
  /** A legal move the learner made; without it the board only shows. */
  onMove?: (move: Move) => void;
  /** The side at the bottom at first (the side to move by default). */
  orientation?: Side;
  marked?: string[];
  /** Said in the live region instead of the last move in words. */
  announcement?: string | null;
  /** More controls beside Flip. */
  controls?: ReactNode;
  /** What the screen says of the position, right under the board (feedback, a comment). */
  status?: ReactNode;
  /** The learner's turn is coming (a reply is on its way): the Your move field stays, disabled. */
  waiting?: boolean;
  /** The last move is the other side's: its piece slides in. */
  arriving?: boolean;
}

export function PlayBoard({
  fen,
  lastMove,
  onMove,
  orientation,
  marked,
  announcement,
  controls,
  status,
  waiting = false,
  arriving = false,
}: PlayBoardProps) {
  const chess = useMemo(() => new Chess(fen), [fen]);
  const [flipped, setFlipped] = useState(false);
  const [initial] = useState<Side>(() => orientation ?? chess.turn());
  const bottom: Side = flipped ? (initial === 'w' ? 'b' : 'w') : initial;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  // The mover is the side not to move now.
  const mover: Side = chess.turn() === 'w' ? 'b' : 'w';
  const said = announcement ?? (lastMove ? moveInWords(lastMove.san, mover) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!onMove) return;
    const result = readTypedMove(chess, typed);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    setTyped('');
    onMove(result.move);
  };

  return (
    <div className="play-board">
      <Board
        fen={fen}
        orientation={bottom}
        lastMove={lastMove}
        onMove={onMove}
        marked={marked}
        arriving={arriving}
        label={`Chess board, ${positionInWords(chess)}`}
      />
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said}
      </p>
      {status}
      <div className="play-board__controls">
        {(onMove || waiting) && (
          <form className="play-board__move" onSubmit={submit} noValidate>
            <label htmlFor={inputId}>Your move</label>
            <input
              id={inputId}
              className="play-board__input"
              value={typed}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
              placeholder="Nf3 or g1f3"
              // Read-only, not disabled, while the reply comes: the field keeps the keyboard's focus.
              readOnly={!onMove}
              aria-disabled={onMove ? undefined : true}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setTyped(event.target.value);
                if (error) setError(null);
              }}
            />
            <button type="submit" className="control-button" aria-disabled={onMove ? undefined : true}>
              Play
            </button>
          </form>
        )}
        <div className="play-board__buttons">
          {controls}
          <button type="button" className="control-button" aria-pressed={flipped} onClick={() => setFlipped(!flipped)}>
            Flip board
          </button>
        </div>
      </div>
      {(onMove || waiting) && (
        <p id={errorId} className="play-board__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
