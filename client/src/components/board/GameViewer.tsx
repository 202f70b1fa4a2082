// A model game: step through it (buttons, the left and right arrow keys, Home and End), jump to
// any move of the move list, read the comments with their moves, play the variations, try a move
// of one's own from any position and come back, and download the PGN.
import { Chess, type Move } from 'chess.js';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import type { Game, GameMove } from '../../api/contract';
import { PlayBoard, type ShownMove } from './PlayBoard';
import { uciOf } from './move-words';

const ROOT = 0;

interface Entry {
  node: GameMove | null;
  parent: number;
  /** The main continuation first, then the alternatives. */
  children: number[];
  /** The ply of the move (1 for White's first move). */
  ply: number;
  fen: string;
}

function nth(entries: Entry[], id: number): Entry {
  const entry = entries[id];
  if (!entry) throw new RangeError(`No move ${id} in the game`);
  return entry;
}

/** The game as a tree of numbered entries; entry 0 is the starting position. */
function indexGame(game: Game): Entry[] {
  const startPly = (() => {
    const parts = game.fen.split(' ');
    return (Number(parts[5]) - 1) * 2 + (parts[1] === 'b' ? 1 : 0);
  })();
  const entries: Entry[] = [{ node: null, parent: -1, children: [], ply: startPly, fen: game.fen }];
  const addLine = (line: GameMove[], parent: number) => {
    let previous = parent;
    for (const node of line) {
      const id = entries.length;
      entries.push({ node, parent: previous, children: [], ply: nth(entries, previous).ply + 1, fen: node.fen });
      nth(entries, previous).children.push(id);
      for (const variation of node.variations ?? []) addLine(variation, previous);
      previous = id;
    }
  };
  addLine(game.moves, ROOT);
  return entries;
}

function shownOf(node: GameMove | null): ShownMove | null {
  return node ? { from: node.uci.slice(0, 2), to: node.uci.slice(2, 4), san: node.san } : null;
}

/** "12." before White's move, "12..." before Black's when it opens a line. */
function moveNumber(ply: number, opening: boolean): string | null {
  const number = Math.ceil(ply / 2);
  if (ply % 2 === 1) return `${number}.`;
  return opening ? `${number}...` : null;
}

/** A file name from the game's headers: "Morphy-Allies-1858.pgn". */
export function pgnFileName(headers: Record<string, string>): string {
  const part = (value: string | undefined) =>
    (value ?? '')
      .replace(/,.*$/, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '');
  const year = /\d{4}/.exec(headers.Date ?? '')?.[0];
  const name = [part(headers.White), part(headers.Black), year].filter(Boolean).join('-');
  return `${name || 'game'}.pgn`;
}

function PgnDownload({ pgn, headers }: { pgn: string; headers: Record<string, string> }) {
  // The file's address lives as long as the link (jsdom has none to give).
  const url = useMemo(
    () =>
      typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }))
        : null,
    [pgn],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return null;
  return (
    <a className="control-button game__download" href={url} download={pgnFileName(headers)}>
      Download PGN
    </a>
  );
}

interface FreeMove extends ShownMove {
  promotion?: string;
}

interface Free {
  /** The game's entry the learner's own moves start from. */
  from: number;
  fen: string;
  moves: FreeMove[];
}

function NavIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

function freeMove(move: Move): FreeMove {
  return { from: move.from, to: move.to, san: move.san, promotion: move.promotion };
}

export function GameViewer({ game, pgn, title }: { game: Game; pgn?: string | null; title?: string }) {
  const entries = useMemo(() => indexGame(game), [game]);
  const [at, setAt] = useState(ROOT);
  const [free, setFree] = useState<Free | null>(null);
  const entry = entries[at] ?? nth(entries, ROOT);

  const go = (next: number) => {
    setFree(null);
    setAt(Math.max(0, Math.min(entries.length - 1, next)));
  };
  const forward = () => {
    const [next] = entry.children;
    if (next !== undefined) go(next);
  };
  const back = () => {
    if (free) {
      // The learner's own last move is taken back; none left: back to the game.
      if (free.moves.length === 0) return go(free.from);
      const chess = new Chess(nth(entries, free.from).fen);
      const moves = free.moves.slice(0, -1);
      for (const move of moves) chess.move({ from: move.from, to: move.to, promotion: move.promotion });
      return setFree({ ...free, fen: chess.fen(), moves });
    }
    if (entry.parent >= 0) go(entry.parent);
  };
  const last = () => {
    let next = at;
    for (let child = entry.children[0]; child !== undefined; child = nth(entries, child).children[0]) next = child;
    go(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, [role="application"]')) return;
    const keys: Record<string, () => void> = free
      ? { ArrowLeft: back }
      : { ArrowLeft: back, ArrowRight: forward, Home: () => go(ROOT), End: last };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  // A move on the board: the game's own move (or one of its variations) goes there; any other
  // move starts the learner's own line.
  const onMove = (move: Move) => {
    const uci = uciOf(move);
    if (free) {
      const chess = new Chess(free.fen);
      chess.move({ from: move.from, to: move.to, promotion: move.promotion });
      setFree({ ...free, fen: chess.fen(), moves: [...free.moves, freeMove(move)] });
      return;
    }
    const known = entry.children.find((child) => nth(entries, child).node?.uci === uci);
    if (known !== undefined) {
      setAt(known);
      return;
    }
    const chess = new Chess(entry.fen);
    chess.move({ from: move.from, to: move.to, promotion: move.promotion });
    setFree({ from: at, fen: chess.fen(), moves: [freeMove(move)] });
  };

  const renderLine = (first: number, opening: boolean): ReactNode[] => {
    const items: ReactNode[] = [];
    let id: number | undefined = first;
    let startsLine = opening;
    while (id !== undefined) {
      const item: Entry = nth(entries, id);
      const node = item.node as GameMove;
      const number = moveNumber(item.ply, startsLine);
      const here = id;
      items.push(
        <span key={`m${id}`} className="game__ply">
          {number && <span className="game__number">{number}</span>}
          <button
            type="button"
            className="game__move"
            aria-current={here === at && !free ? 'step' : undefined}
            onClick={() => go(here)}
          >
            {node.san}
          </button>
        </span>,
      );
      if (node.comment) {
        items.push(
          <span key={`c${id}`} className="game__comment">
            {node.comment}
          </span>,
        );
      }
      const parent = nth(entries, item.parent);
      const alternatives = parent.children[0] === id ? parent.children.slice(1) : [];
      for (const alternative of alternatives) {
        items.push(
          <span key={`v${alternative}`} className="game__variation">
            {renderLine(alternative, true)}
          </span>,
        );
      }
      startsLine = Boolean(node.comment) || alternatives.length > 0;
      id = item.children[0];
    }
    return items;
  };

  const headers = game.headers ?? {};
  const heading = title ?? ([headers.White, headers.Black].filter(Boolean).join(' – ') || 'Model game');
  const event = [headers.Event, headers.Date?.replace(/\.\?\?/g, '')].filter((part) => part && part !== '?');
  const lastFree = free?.moves[free.moves.length - 1] ?? null;
  // At the start, the comment before the first move (an introduction to the game).
  const comment = free ? null : entry.node ? entry.node.comment : game.comment;
  const atEnd = entry.children.length === 0;
  const firstMove = nth(entries, ROOT).children[0];

  return (
    <div className="game" onKeyDown={onKeyDown}>
      <div className="game__head">
        <p className="game__title">{heading}</p>
        {(event.length > 0 || headers.Result) && (
          <p className="muted">
            {event.join(', ')}
            {headers.Result && headers.Result !== '*' ? ` · ${headers.Result}` : ''}
          </p>
        )}
      </div>
      <PlayBoard
        fen={free ? free.fen : entry.fen}
        lastMove={free ? lastFree : shownOf(entry.node)}
        onMove={onMove}
        announcement={!free && !entry.node ? 'The starting position' : undefined}
        orientation="w"
        status={
          <>
            <div className="game__nav" role="group" aria-label="Move through the game">
              <button
                type="button"
                className="control-button"
                onClick={() => go(ROOT)}
                disabled={at === ROOT && !free}
                aria-label="First move"
              >
                <NavIcon d="M5 5h2.5v14H5zM19 5v14L8.5 12z" />
              </button>
              <button
                type="button"
                className="control-button"
                onClick={back}
                disabled={entry.parent < 0 && !free}
                aria-label="Previous move"
              >
                <NavIcon d="M17 5v14L6 12z" />
              </button>
              <button
                type="button"
                className="control-button"
                onClick={forward}
                disabled={atEnd || Boolean(free)}
                aria-label="Next move"
              >
                <NavIcon d="M7 5v14l11-7z" />
              </button>
              <button
                type="button"
                className="control-button"
                onClick={last}
                disabled={atEnd && !free}
                aria-label="Last move"
              >
                <NavIcon d="M16.5 5H19v14h-2.5zM5 5v14l10.5-7z" />
              </button>
            </div>
            {free ? (
              <div className="game__free" role="status">
                <p>
                  Your own moves: <strong>{free.moves.map((move) => move.san).join(' ') || '…'}</strong>
                </p>
              </div>
            ) : (
              <div className="game__comment-box" aria-live="polite">
                {comment && <p className="game__current-comment">{comment}</p>}
              </div>
            )}
          </>
        }
        controls={
          free ? (
            <button type="button" className="button" onClick={() => go(free.from)}>
              Back to the game
            </button>
          ) : (
            <button
              type="button"
              className="control-button"
              onClick={() => setFree({ from: at, fen: entry.fen, moves: [] })}
            >
              Try your own move
            </button>
          )
        }
      />
      <div className="game__moves" aria-label="Moves" role="group">
        {firstMove !== undefined && renderLine(firstMove, true)}
        {headers.Result && headers.Result !== '*' && <span className="game__result">{headers.Result}</span>}
      </div>
      {pgn && <PgnDownload pgn={pgn} headers={headers} />}
    </div>
  );
}
