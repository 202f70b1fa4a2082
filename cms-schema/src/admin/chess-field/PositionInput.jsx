// A position field: the FEN set up on a board. A palette places and removes pieces (click a
// piece then squares, or drag it in), pieces on the board are dragged to other squares, and the
// side to move, castling rights and en passant square are chosen beside it. The FEN text below
// follows the board and the board follows the text.
import * as React from 'react';
import { fenProblem } from '../../chess/rules.mjs';
import { Board, Piece, pieceName } from './Board.jsx';
import { Frame, SmallButton, controls, textInput } from './Frame.jsx';
import { EMPTY_FEN, FILES, START_FEN, buildFen, parseFen } from './placement.mjs';

const PALETTE = ['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p'];
const CASTLING = [
  ['K', 'White O-O'],
  ['Q', 'White O-O-O'],
  ['k', 'Black O-O'],
  ['q', 'Black O-O-O'],
];

export default function PositionInput({ name, value, onChange, label, hint, error, required, disabled }) {
  const [text, setText] = React.useState(value || '');
  const [tool, setTool] = React.useState(null); // a piece to place, 'remove', or null (move)
  // The text follows the stored value when it changes from elsewhere (a reset, another tab),
  // not on the echo of this input's own changes, which may arrive after the next click.
  const sent = React.useRef(value);
  React.useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value || '');
    }
  }, [value]);
  const fields = parseFen(text) || parseFen(value) || parseFen(EMPTY_FEN);
  const problem = text.trim() ? fenProblem(text) : null;

  function save(fen) {
    sent.current = fen;
    setText(fen);
    onChange(name, fen);
  }
  function change(update) {
    save(buildFen({ ...fields, ...update }));
  }
  function placed(square, piece) {
    const pieces = { ...fields.pieces };
    if (piece) pieces[square] = piece;
    else delete pieces[square];
    change({ pieces });
  }
  function moved(from, to) {
    const pieces = { ...fields.pieces };
    pieces[to] = pieces[from];
    delete pieces[from];
    change({ pieces });
  }
  function toggleCastling(right) {
    const now = fields.castling === '-' ? '' : fields.castling;
    const next = now.includes(right) ? now.replace(right, '') : now + right;
    change({
      castling:
        'KQkq'
          .split('')
          .filter((r) => next.includes(r))
          .join('') || '-',
    });
  }
  const enPassantSquares = FILES.split('').map((file) => file + (fields.side === 'w' ? '6' : '3'));

  return (
    <Frame name={name} label={label} hint={hint} error={error} required={required} problem={problem}>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Board
          label="Position board"
          pieces={fields.pieces}
          onSquare={disabled || !tool ? undefined : (square) => placed(square, tool === 'remove' ? null : tool)}
          onMove={disabled ? undefined : moved}
          onDropPiece={disabled ? undefined : placed}
        />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 10, maxWidth: 300 }}>
          <div
            role="group"
            aria-label="Pieces to place"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 40px)', gap: 4 }}
          >
            {PALETTE.map((piece) => (
              <button
                key={piece}
                type="button"
                aria-label={`Place a ${pieceName(piece)}`}
                aria-pressed={tool === piece}
                draggable
                onDragStart={(event) => event.dataTransfer.setData('text/plain', `piece:${piece}`)}
                onClick={() => setTool(piece)}
                disabled={disabled}
                style={{
                  width: 40,
                  height: 40,
                  padding: 0,
                  border: tool === piece ? '2px solid #4945ff' : '1px solid #c0c0cf',
                  borderRadius: 4,
                  background: '#b0b0b0',
                  cursor: 'pointer',
                }}
              >
                <Piece piece={piece} size={36} />
              </button>
            ))}
          </div>
          <div style={controls}>
            <SmallButton
              pressed={tool === 'remove'}
              onClick={() => setTool(tool === 'remove' ? null : 'remove')}
              disabled={disabled}
            >
              Remove pieces
            </SmallButton>
            <SmallButton pressed={!tool} onClick={() => setTool(null)} disabled={disabled}>
              Drag to move
            </SmallButton>
          </div>
          <div style={controls}>
            <SmallButton onClick={() => save(START_FEN)} disabled={disabled}>
              Start position
            </SmallButton>
            <SmallButton onClick={() => save(EMPTY_FEN)} disabled={disabled}>
              Clear board
            </SmallButton>
          </div>
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }} disabled={disabled}>
            <legend style={{ fontSize: 13, fontWeight: 600 }}>Side to move</legend>
            <div style={controls}>
              {[
                ['w', 'White'],
                ['b', 'Black'],
              ].map(([side, word]) => (
                <label key={side} style={{ fontSize: 13 }}>
                  <input
                    type="radio"
                    name={`${name}-side`}
                    checked={fields.side === side}
                    onChange={() => change({ side, enPassant: '-' })}
                  />{' '}
                  {word}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }} disabled={disabled}>
            <legend style={{ fontSize: 13, fontWeight: 600 }}>Castling</legend>
            <div style={controls}>
              {CASTLING.map(([right, word]) => (
                <label key={right} style={{ fontSize: 13 }}>
                  <input
                    type="checkbox"
                    checked={fields.castling.includes(right)}
                    onChange={() => toggleCastling(right)}
                  />{' '}
                  {word}
                </label>
              ))}
            </div>
          </fieldset>
          <label style={{ fontSize: 13 }}>
            <span style={{ fontWeight: 600 }}>En passant square </span>
            <select
              value={fields.enPassant}
              onChange={(event) => change({ enPassant: event.target.value })}
              disabled={disabled}
              aria-label="En passant square"
            >
              <option value="-">none</option>
              {enPassantSquares.map((square) => (
                <option key={square} value={square}>
                  {square}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <label style={{ fontSize: 13 }}>
        FEN
        <input
          type="text"
          aria-label="FEN"
          value={text}
          disabled={disabled}
          onChange={(event) => {
            sent.current = event.target.value;
            setText(event.target.value);
            onChange(name, event.target.value);
          }}
          style={textInput}
        />
      </label>
    </Frame>
  );
}
