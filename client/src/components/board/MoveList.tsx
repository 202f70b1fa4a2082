// A line of moves in SAN to step through: the first, previous, next and last move (buttons, the
// left and right arrow keys, Home and End), any move by a tap; the board follows the step.
// Moves played from one of its positions (a player's own line) are listed after it and stepped
// through the same way while they are shown.
import { Chess } from 'chess.js';
import { useEffect } from 'react';

export interface ListedMove {
  san: string;
  /** The half-move it is: 1 for White's first move. */
  ply: number;
}

/** The line's moves (UCI) from `fen` in SAN, with their plies; the moves up to an illegal one. */
export function listMoves(fen: string, ucis: string[]): ListedMove[] {
  const chess = new Chess(fen);
  const [, side = 'w', , , , fullmove = '1'] = fen.split(' ');
  const first = (Number(fullmove) - 1) * 2 + (side === 'b' ? 2 : 1);
  const listed: ListedMove[] = [];
  for (const uci of ucis) {
    try {
      const move = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4) || undefined });
      listed.push({ san: move.san, ply: first + listed.length });
    } catch {
      break;
    }
  }
  return listed;
}

/** "12." before White's move, "12..." before Black's when it opens the list. */
function moveNumber(ply: number, opens: boolean): string | null {
  const number = Math.ceil(ply / 2);
  if (ply % 2 === 1) return `${number}.`;
  return opens ? `${number}...` : null;
}

export interface MoveLine {
  moves: ListedMove[];
  /** The moves played so far on the board: 0 is the position before the first. */
  at: number;
  onGo: (at: number) => void;
}

export interface MoveListProps {
  /** The list's name: "Solution". */
  label: string;
  line: MoveLine;
  /** The player's own moves, listed after the line; stepping moves through them while shown. */
  own?: (MoveLine & { label: string }) | null;
}

function NavIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

function Moves({ line, current, name }: { line: MoveLine; current: boolean; name: string }) {
  return (
    <ol className="move-list__moves" aria-label={name}>
      {line.moves.map((move, index) => (
        <li key={`${move.ply}-${move.san}`} className="move-list__ply">
          {moveNumber(move.ply, index === 0) && (
            <span className="move-list__number">{moveNumber(move.ply, index === 0)}</span>
          )}
          <button
            type="button"
            className="move-list__move"
            aria-current={current && line.at === index + 1 ? 'step' : undefined}
            onClick={() => line.onGo(index + 1)}
          >
            {move.san}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Whether a key pressed there belongs to something else (a field, the board's own arrows). */
function ownedElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return Boolean(target.closest('input, textarea, select, [contenteditable="true"], [role="application"]'));
}

export function MoveList({ label, line, own }: MoveListProps) {
  const active = own ?? line;
  // The keys work from anywhere on the page but a field or the board (whose arrows move its cursor).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownedElsewhere(event.target)) {
        return;
      }
      const next: Record<string, number> = {
        ArrowLeft: active.at - 1,
        ArrowRight: active.at + 1,
        Home: 0,
        End: active.moves.length,
      };
      const to = next[event.key];
      if (to === undefined || to < 0 || to > active.moves.length) return;
      event.preventDefault();
      if (to !== active.at) active.onGo(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);

  const { at, moves, onGo } = active;
  return (
    <div className="move-list">
      <div
        className="game__nav move-list__nav"
        role="group"
        aria-label={`Step through the ${own ? 'moves' : label.toLowerCase()}`}
      >
        <button
          type="button"
          className="control-button"
          onClick={() => onGo(0)}
          disabled={at === 0}
          aria-label="First move"
        >
          <NavIcon d="M5 5h2.5v14H5zM19 5v14L8.5 12z" />
        </button>
        <button
          type="button"
          className="control-button"
          onClick={() => onGo(at - 1)}
          disabled={at === 0}
          aria-label="Previous move"
        >
          <NavIcon d="M17 5v14L6 12z" />
        </button>
        <button
          type="button"
          className="control-button"
          onClick={() => onGo(at + 1)}
          disabled={at >= moves.length}
          aria-label="Next move"
        >
          <NavIcon d="M7 5v14l11-7z" />
        </button>
        <button
          type="button"
          className="control-button"
          onClick={() => onGo(moves.length)}
          disabled={at >= moves.length}
          aria-label="Last move"
        >
          <NavIcon d="M16.5 5H19v14h-2.5zM5 5v14l10.5-7z" />
        </button>
      </div>
      <div className="move-list__lines">
        <p className="move-list__label">{label}</p>
        <Moves line={line} current={!own} name={label} />
        {own && (
          <>
            <p className="move-list__label">{own.label}</p>
            {own.moves.length > 0 ? (
              <Moves line={own} current name={own.label} />
            ) : (
              <p className="move-list__empty">Play any move for either side on the board.</p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
