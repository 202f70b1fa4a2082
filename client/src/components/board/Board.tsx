// The chessboard of the whole site: a position from its FEN, the legal moves of the side to move
// made by dragging a piece, by tapping it then its square, or from the keyboard (arrow keys
// between squares, Enter or Space to pick up and put down, Escape to let go). The board is one
// element named for screen readers; what the cursor is on is said in a live region.
import { Chess, type Move, type Square } from 'chess.js';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useBoardPreferences } from '../../state/board-preferences';
import { boardThemeStyle } from '../../lib/board-themes';
import { pieceName, type Side, sideName } from './move-words';
import { Piece } from './pieces';
import { PromotionChooser } from './PromotionChooser';
import { gridOf, isLight, slideOf, squareAt } from './squares';

/** A press that moves further than this (px) is a drag, not a tap. */
const DRAG_THRESHOLD = 6;

export interface BoardProps {
  fen: string;
  /** The side at the bottom. */
  orientation: Side;
  lastMove?: { from: string; to: string } | null;
  /** Takes a legal move of the side to move; without it the board only shows the position. */
  onMove?: (move: Move) => void;
  /** Squares to point out (a hint). */
  marked?: string[];
  /** The board's accessible name: "Chess board, White to move". */
  label: string;
  /** The last move's piece slides in from where it came (a move the learner did not make). */
  arriving?: boolean;
}

interface Drag {
  from: Square;
  pointerId: number;
  /** A finger covers what it drags: the piece is then drawn above it. */
  touch: boolean;
  x: number;
  y: number;
  moved: boolean;
  /** The square under the pointer, outlined as the drop's place. */
  over: Square | null;
}

interface PendingPromotion {
  fen: string;
  moves: Move[];
}

export function Board({ fen, orientation, lastMove, onMove, marked = [], label, arriving = false }: BoardProps) {
  const chess = useMemo(() => new Chess(fen), [fen]);
  const turn = chess.turn();
  const movable = Boolean(onMove);
  // The player's colours, on every board of the site (My account, Board).
  const { boardTheme } = useBoardPreferences();
  const movesFrom = useMemo(() => {
    const map = new Map<string, Move[]>();
    if (!movable) return map;
    for (const move of chess.moves({ verbose: true })) {
      map.set(move.from, [...(map.get(move.from) ?? []), move]);
    }
    return map;
  }, [chess, movable]);
  const checkSquare = useMemo(() => {
    if (!chess.inCheck()) return null;
    return (
      chess
        .board()
        .flat()
        .find((cell) => cell?.type === 'k' && cell.color === turn)?.square ?? null
    );
  }, [chess, turn]);

  // What is picked up belongs to one position: a new position drops it.
  const [pick, setPick] = useState<{ fen: string; square: Square | null }>({ fen, square: null });
  const selected = pick.fen === fen ? pick.square : null;
  const setSelected = (square: Square | null) => setPick({ fen, square });
  const [cursor, setCursor] = useState<Square | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const [said, setSaid] = useState('');
  const [pending, setPending] = useState<PendingPromotion | null>(null);
  const promotion = pending?.fen === fen ? pending : null;
  const setPromotion = (next: { moves: Move[] } | null) => setPending(next && { ...next, fen });
  const [dragFrom, setDragFrom] = useState<Square | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const firstChoice = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (promotion) firstChoice.current?.focus();
  }, [promotion]);

  const targets = new Set((selected ? movesFrom.get(selected) : undefined)?.map((move) => move.to) ?? []);

  function play(from: Square, to: Square): boolean {
    const moves = (movesFrom.get(from) ?? []).filter((move) => move.to === to);
    if (moves.length === 0) return false;
    const [only] = moves;
    if (moves.length > 1 || !only || only.promotion) {
      setPromotion({ moves });
      return true;
    }
    setSelected(null);
    onMove?.(only);
    return true;
  }

  /** A tap (or Enter) on a square: pick up a piece of the side to move, or put it down. */
  function choose(square: Square) {
    if (!movable || promotion) return;
    if (selected && selected !== square && play(selected, square)) return;
    if (selected === square) {
      setSelected(null);
      return;
    }
    setSelected(movesFrom.has(square) ? square : null);
  }

  function describe(square: Square): string {
    const piece = chess.get(square);
    const what = piece ? `${sideName(piece.color)} ${pieceName(piece.type)}` : 'empty';
    const state =
      selected === square
        ? ', picked up'
        : selected && targets.has(square)
          ? ', a legal move for the piece picked up'
          : '';
    return `${square}, ${what}${state}`;
  }

  function squareFromPoint(x: number, y: number): Square | null {
    const rect = boardRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    const column = Math.floor(((x - rect.left) / rect.width) * 8);
    const row = Math.floor(((y - rect.top) / rect.height) * 8);
    if (column < 0 || column > 7 || row < 0 || row > 7) return null;
    return squareAt(column, row, orientation);
  }

  function moveGhost(x: number, y: number, touch: boolean) {
    const rect = boardRef.current?.getBoundingClientRect();
    const ghost = ghostRef.current;
    if (!rect || !ghost) return;
    const size = rect.width / 8;
    const lift = touch ? size * 0.75 : 0;
    ghost.style.transform = `translate(${x - rect.left - size / 2}px, ${y - rect.top - size / 2 - lift}px)${touch ? ' scale(1.35)' : ''}`;
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    setKeyboard(false);
    // The click a drag may leave comes right after its pointerup, before any other press: a
    // touch drag leaves none, and a flag kept past this press would swallow the next tap.
    suppressClick.current = false;
    if (!movable || promotion || event.button !== 0) return;
    const square = (event.target as Element).closest<HTMLElement>('[data-square]')?.dataset.square as
      Square | undefined;
    if (!square || !movesFrom.has(square)) return;
    drag.current = {
      from: square,
      pointerId: event.pointerId,
      touch: event.pointerType === 'touch',
      x: event.clientX,
      y: event.clientY,
      moved: false,
      over: null,
    };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.moved) {
      if (Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_THRESHOLD) return;
      current.moved = true;
      try {
        boardRef.current?.setPointerCapture?.(event.pointerId);
      } catch {
        // The pointer is gone already (lifted, or cancelled by the browser): the drag goes on.
      }
      setSelected(current.from);
      setDragFrom(current.from);
    }
    event.preventDefault();
    moveGhost(event.clientX, event.clientY, current.touch);
    markOver(current, squareFromPoint(event.clientX, event.clientY));
  };

  /** Outlines the square a drag is over; drawn on the square itself, so no render per move. */
  function markOver(current: Drag, square: Square | null) {
    if (current.over === square) return;
    const find = (name: Square | null) => (name ? boardRef.current?.querySelector(`[data-square="${name}"]`) : null);
    find(current.over)?.classList.remove('board__square--over');
    find(square)?.classList.add('board__square--over');
    current.over = square;
  }

  const endDrag = (event: ReactPointerEvent<HTMLDivElement>, drop: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.moved) return;
    markOver(current, null);
    suppressClick.current = true;
    setDragFrom(null);
    const to = drop ? squareFromPoint(event.clientX, event.clientY) : null;
    // Dropped off its legal squares: the piece goes back (and stays picked up on its own square).
    if (!to || to === current.from || !play(current.from, to)) setSelected(to === current.from ? current.from : null);
  };

  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    const square = (event.target as Element).closest<HTMLElement>('[data-square]')?.dataset.square as
      Square | undefined;
    if (square) choose(square);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const here = cursor ?? selected ?? (lastMove?.to as Square | undefined) ?? (orientation === 'w' ? 'e2' : 'e7');
    const { column, row } = gridOf(here, orientation);
    const step: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    setKeyboard(true);
    const delta = step[event.key];
    if (delta && !cursor) {
      // The first arrow shows where the cursor starts (the last move's square, or the king's pawn).
      event.preventDefault();
      setCursor(here);
      setSaid(describe(here));
    } else if (delta) {
      event.preventDefault();
      const [dx, dy] = delta;
      const next = squareAt(Math.min(7, Math.max(0, column + dx)), Math.min(7, Math.max(0, row + dy)), orientation);
      setCursor(next);
      setSaid(describe(next));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!cursor) {
        setCursor(here);
        setSaid(describe(here));
        return;
      }
      if (!movable) return;
      if (selected && targets.has(cursor)) {
        play(selected, cursor);
      } else if (movesFrom.has(cursor) && selected !== cursor) {
        setSelected(cursor);
        setSaid(
          `${describe(cursor).replace(/, picked up$/, '')}, picked up: ${movesFrom.get(cursor)?.length ?? 0} moves`,
        );
      } else {
        setSelected(null);
        setSaid(selected ? 'Put back' : `${cursor}: no piece of ${sideName(turn)} to move`);
      }
    } else if (event.key === 'Escape' && selected) {
      setSelected(null);
      setSaid('Put back');
    }
  };

  const squares: Square[] = [];
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) squares.push(squareAt(column, row, orientation));
  }
  const draggedPiece = dragFrom ? chess.get(dragFrom) : null;
  const bottomRank = orientation === 'w' ? '1' : '8';
  const leftFile = orientation === 'w' ? 'a' : 'h';
  // How far the arriving piece travels, in squares (the animation starts it there).
  const slide = arriving && lastMove ? slideOf(lastMove, orientation) : undefined;

  return (
    <div className="board-frame" data-board-theme={boardTheme} style={boardThemeStyle(boardTheme)}>
      <div
        ref={boardRef}
        className={`board${keyboard ? ' board--keyboard' : ''}${movable ? ' board--movable' : ''}`}
        role="application"
        aria-label={label}
        aria-roledescription="chess board"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event, true)}
        onPointerCancel={(event) => endDrag(event, false)}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onBlur={() => setKeyboard(false)}
      >
        {squares.map((square) => {
          const piece = chess.get(square);
          const arrives = slide !== undefined && lastMove?.to === square;
          const classes = ['board__square', isLight(square) ? 'board__square--light' : 'board__square--dark'];
          if (lastMove && (lastMove.from === square || lastMove.to === square)) classes.push('board__square--last');
          if (checkSquare === square) classes.push('board__square--check');
          if (selected === square) classes.push('board__square--selected');
          if (marked.includes(square)) classes.push('board__square--marked');
          if (targets.has(square)) classes.push(piece ? 'board__square--capture' : 'board__square--target');
          if (movesFrom.has(square)) classes.push('board__square--movable');
          if (keyboard && cursor === square) classes.push('board__square--cursor');
          return (
            <div key={square} className={classes.join(' ')} data-square={square} aria-hidden="true">
              {piece && (
                <Piece
                  key={arrives ? `arrives-${lastMove?.from}${lastMove?.to}` : 'piece'}
                  type={piece.type}
                  color={piece.color}
                  className={`board__piece${dragFrom === square ? ' board__piece--lifted' : ''}${arrives ? ' board__piece--arriving' : ''}`}
                  style={arrives ? slide : undefined}
                />
              )}
              {square.charAt(1) === bottomRank && <span className="board__file">{square.charAt(0)}</span>}
              {square.charAt(0) === leftFile && <span className="board__rank">{square.charAt(1)}</span>}
            </div>
          );
        })}
        {draggedPiece && (
          <div ref={ghostRef} className="board__ghost" aria-hidden="true">
            <Piece type={draggedPiece.type} color={draggedPiece.color} className="board__piece" />
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      {promotion && (
        <PromotionChooser
          moves={promotion.moves}
          firstChoice={firstChoice}
          onChoose={(move) => {
            setPromotion(null);
            setSelected(null);
            onMove?.(move);
            boardRef.current?.focus();
          }}
          onCancel={() => {
            setPromotion(null);
            boardRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
