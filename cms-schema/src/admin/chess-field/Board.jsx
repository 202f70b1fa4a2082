// A chess board for the admin panel: squares as buttons (click a piece, then its square; or drag
// it), Unicode pieces, coordinates, and marks for the last move and the selected square.
import * as React from 'react';
import { DARK, LIGHT, MARK, SELECTED, SQUARE } from './board-style.mjs';
import { FILES } from './placement.mjs';

const GLYPHS = { k: '\u265a', q: '\u265b', r: '\u265c', b: '\u265d', n: '\u265e', p: '\u265f' };
const NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

export function pieceName(piece) {
  return `${piece === piece.toUpperCase() ? 'white' : 'black'} ${NAMES[piece.toLowerCase()]}`;
}

/** A piece as text: the filled glyph for both sides, white ones drawn light with a dark edge. */
export function Piece({ piece, size = SQUARE }) {
  const white = piece === piece.toUpperCase();
  return (
    <span
      aria-hidden="true"
      style={{
        fontSize: size * 0.8,
        lineHeight: 1,
        color: white ? '#ffffff' : '#111111',
        textShadow: white
          ? '0 0 1px #000, 0 0 1px #000, 1px 1px 0 #000, -1px -1px 0 #000, 1px -1px 0 #000, -1px 1px 0 #000'
          : 'none',
        fontFamily: '"DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols 2", serif',
        userSelect: 'none',
      }}
    >
      {GLYPHS[piece.toLowerCase()]}
      {'\ufe0e'}
    </span>
  );
}

/**
 * pieces: {square: 'P'|'n'...}; flipped: Black at the bottom; onSquare(square): a click;
 * onMove(from, to): a piece dragged or clicked then its square clicked (when `movable` says the
 * piece may move); onDropPiece(square, piece): a piece dragged from a palette.
 */
export function Board({ pieces, flipped = false, marks = [], onSquare, onMove, onDropPiece, movable, label }) {
  const [selected, setSelected] = React.useState(null);
  const ranks = flipped ? [1, 2, 3, 4, 5, 6, 7, 8] : [8, 7, 6, 5, 4, 3, 2, 1];
  const files = flipped ? [...FILES].reverse() : [...FILES];

  function clicked(square) {
    if (onSquare) {
      onSquare(square);
      return;
    }
    if (selected && selected !== square && onMove) {
      onMove(selected, square);
      setSelected(null);
    } else if (pieces[square] && (!movable || movable(square))) {
      setSelected(selected === square ? null : square);
    } else {
      setSelected(null);
    }
  }

  function dropped(event, square) {
    event.preventDefault();
    const data = event.dataTransfer.getData('text/plain');
    setSelected(null);
    if (data.startsWith('piece:')) onDropPiece?.(square, data.slice(6));
    else if (data && data !== square) onMove?.(data, square);
  }

  return (
    <div
      role="group"
      aria-label={label || 'Chess board'}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(8, ${SQUARE}px)`,
        width: SQUARE * 8,
        border: '2px solid #333',
        flex: 'none',
      }}
    >
      {ranks.flatMap((rank, row) =>
        files.map((file, column) => {
          const square = file + rank;
          const piece = pieces[square];
          const dark = (FILES.indexOf(file) + rank) % 2 === 1;
          const ground = dark ? DARK : LIGHT;
          const tint = square === selected ? SELECTED : marks.includes(square) ? MARK : null;
          return (
            <button
              key={square}
              type="button"
              data-square={square}
              aria-label={piece ? `${square}, ${pieceName(piece)}` : `${square}, empty`}
              aria-pressed={square === selected}
              draggable={Boolean(piece) && Boolean(onMove) && (!movable || movable(square))}
              onDragStart={(event) => event.dataTransfer.setData('text/plain', square)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => dropped(event, square)}
              onClick={() => clicked(square)}
              style={{
                width: SQUARE,
                height: SQUARE,
                padding: 0,
                border: 'none',
                position: 'relative',
                background: tint ? `linear-gradient(${tint}, ${tint}), ${ground}` : ground,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                cursor: 'pointer',
              }}
            >
              {piece ? <Piece piece={piece} /> : null}
              {column === 0 ? <Coordinate corner="top">{rank}</Coordinate> : null}
              {row === 7 ? <Coordinate corner="bottom">{file}</Coordinate> : null}
            </button>
          );
        }),
      )}
    </div>
  );
}

function Coordinate({ corner, children }) {
  return (
    <span
      aria-hidden="true"
      style={{
        position: 'absolute',
        fontSize: 9,
        color: '#222',
        ...(corner === 'top' ? { top: 1, left: 2 } : { bottom: 0, right: 2 }),
      }}
    >
      {children}
    </span>
  );
}
