// A game field: the PGN as text, read as it is typed, and its main line stepped through on a
// board (a move's comment shown under it, its variations counted). A PGN that cannot be read
// says where, as the save check will.
import * as React from 'react';
import { Chess, readPgn } from '../../chess/rules.mjs';
import { Board } from './Board.jsx';
import { Frame, SmallButton, controls, textInput } from './Frame.jsx';
import { piecesOf } from './placement.mjs';

export default function GameInput({ name, value, onChange, label, hint, error, required, disabled }) {
  const text = value || '';
  const game = React.useMemo(() => (text.trim() ? readPgn(text) : null), [text]);
  const [step, setStep] = React.useState(0);
  const moves = game && !game.error ? game.moves : [];
  React.useEffect(() => setStep((current) => Math.min(current, moves.length)), [moves.length]);
  const fen = step === 0 ? game?.fen : moves[step - 1]?.fen;
  const pieces = piecesOf(new Chess(fen || undefined));
  const current = moves[step - 1];
  const title = game?.headers ? [game.headers.White, game.headers.Black].filter(Boolean).join(' \u2013 ') : '';

  return (
    <Frame
      name={name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      problem={game?.error ? `The PGN cannot be read: ${game.error}` : null}
    >
      <textarea
        aria-label="PGN"
        value={text}
        disabled={disabled}
        rows={6}
        onChange={(event) => onChange(name, event.target.value)}
        style={{ ...textInput, resize: 'vertical' }}
      />
      {moves.length ? (
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Board
              label="Game board"
              pieces={pieces}
              marks={current ? [current.uci.slice(0, 2), current.uci.slice(2, 4)] : []}
              onSquare={() => {}}
            />
            <div style={controls}>
              <SmallButton aria-label="Start of the game" onClick={() => setStep(0)}>
                ⏮
              </SmallButton>
              <SmallButton aria-label="Previous move" onClick={() => setStep(Math.max(0, step - 1))}>
                ◀
              </SmallButton>
              <SmallButton aria-label="Next move" onClick={() => setStep(Math.min(moves.length, step + 1))}>
                ▶
              </SmallButton>
              <SmallButton aria-label="End of the game" onClick={() => setStep(moves.length)}>
                ⏭
              </SmallButton>
            </div>
          </div>
          <div style={{ flex: '1 1 260px', fontSize: 13 }}>
            {title ? <p style={{ margin: '0 0 6px', fontWeight: 600 }}>{title}</p> : null}
            <p style={{ margin: '0 0 6px' }}>
              {moves.length} moves in the main line
              {game.count > moves.length ? `, ${game.count - moves.length} in variations` : ''}.
            </p>
            <div aria-label="Main line" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
              {moves.map((move, index) => (
                <SmallButton key={index} pressed={index + 1 === step} onClick={() => setStep(index + 1)}>
                  {move.san}
                </SmallButton>
              ))}
            </div>
            {current?.comment ? <p style={{ marginTop: 8 }}>{current.comment}</p> : null}
            {current?.variations?.length ? (
              <p style={{ marginTop: 4, color: '#666' }}>{current.variations.length} variation(s) replace this move.</p>
            ) : null}
          </div>
        </div>
      ) : null}
    </Frame>
  );
}
