// An exercise's line, recorded by playing it: the learner's moves and the replies on the board,
// from the exercise's own position (its FEN field). Each move has its comment beside it; at a
// learner's move an alternative (a move as good as the line's, and its own replies) is recorded
// the same way. What is stored is what the fields always held: the moves as UCI text, the
// comments and alternatives as JSON.
import * as React from 'react';
import { useField } from '@strapi/strapi/admin';
import { Chess, fenProblem, lineProblem } from '../../chess/rules.mjs';
import { Board } from './Board.jsx';
import { Frame, SmallButton, controls, textInput } from './Frame.jsx';
import { piecesOf } from './placement.mjs';

const words = (text) => (typeof text === 'string' ? text.trim().split(/\s+/).filter(Boolean) : []);

/** The moves of a line played from a FEN, with their SAN, as far as they are legal. */
function played(fen, moves) {
  const board = new Chess(fen);
  const found = [];
  for (const uci of moves) {
    try {
      const move = board.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
      found.push({ uci: move.lan, san: move.san });
    } catch {
      break;
    }
  }
  return { board, found };
}

function numbered(fen, index, san) {
  const [, side, , , , full] = fen.split(' ');
  const ply = index + (side === 'b' ? 1 : 0);
  const number = Number(full || 1) + Math.floor(ply / 2);
  return ply % 2 === 0 ? `${number}. ${san}` : `${number}... ${san}`;
}

export default function LineInput({ name, value, onChange, label, hint, error, required, disabled }) {
  const prefix = name.slice(0, name.lastIndexOf('.') + 1);
  const fenField = useField(`${prefix}fen`);
  const commentsField = useField(`${prefix}comments`);
  const alternativesField = useField(`${prefix}alternatives`);
  const fen = typeof fenField.value === 'string' ? fenField.value.trim() : '';
  const line = words(value);
  const comments = Array.isArray(commentsField.value) ? commentsField.value : [];
  const alternatives = Array.isArray(alternativesField.value) ? alternativesField.value : [];
  const [view, setView] = React.useState(line.length);
  const [branch, setBranch] = React.useState(null); // {at, moves, comment} while recording
  const [promotion, setPromotion] = React.useState('q');
  React.useEffect(() => setView((current) => Math.min(current, line.length)), [line.length]);

  if (!fen || fenProblem(fen)) {
    return (
      <Frame name={name} label={label} hint={hint} error={error} required={required}>
        <p style={{ fontSize: 13 }}>Set up a legal position in the FEN field first: the line is played from it.</p>
        <input
          type="text"
          aria-label="Moves (UCI)"
          value={value || ''}
          disabled={disabled}
          onChange={(e) => onChange(name, e.target.value)}
          style={textInput}
        />
      </Frame>
    );
  }

  const learnerIsBlack = fen.split(' ')[1] === 'b';
  const { found: moves } = played(fen, line);
  const shownMoves = branch ? [...line.slice(0, branch.at), ...branch.moves] : line.slice(0, view);
  const { board, found: shown } = played(fen, shownMoves);
  const last = shown[shown.length - 1];
  const problem = value && value.trim() ? lineProblem(fen, value)?.message : null;

  function saveLine(next) {
    const firstChange = next.findIndex((move, index) => move !== line[index]);
    const kept = firstChange === -1 ? next.length : firstChange;
    onChange(name, next.join(' '));
    if (comments.length || commentsField.value != null) {
      commentsField.onChange(
        `${prefix}comments`,
        next.map((_, index) => (index < kept ? (comments[index] ?? null) : null)),
      );
    }
    if (alternatives.length) {
      alternativesField.onChange(
        `${prefix}alternatives`,
        alternatives.filter((alt) => alt.at < kept && alt.at < next.length),
      );
    }
    setView(next.length);
  }

  function moved(from, to) {
    const piece = board.get(from);
    const promoting = piece?.type === 'p' && (to[1] === '8' || to[1] === '1');
    let move;
    try {
      move = board.move({ from, to, promotion: promoting ? promotion : undefined });
    } catch {
      return; // not a legal move: the board stays as it was
    }
    if (branch) setBranch({ ...branch, moves: [...branch.moves, move.lan] });
    else saveLine([...line.slice(0, view), move.lan]);
  }

  function setComment(index, text) {
    const next = line.map((_, i) => (i === index ? text || null : (comments[i] ?? null)));
    commentsField.onChange(`${prefix}comments`, next);
  }

  function saveBranch() {
    const entry = { at: branch.at, moves: branch.moves.join(' '), comment: branch.comment || null };
    alternativesField.onChange(`${prefix}alternatives`, [...alternatives, entry]);
    setBranch(null);
  }

  return (
    <Frame name={name} label={label} hint={hint} error={error} required={required} problem={problem}>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Board
            label="Exercise board"
            pieces={piecesOf(board)}
            flipped={learnerIsBlack}
            marks={last ? [last.uci.slice(0, 2), last.uci.slice(2, 4)] : []}
            onMove={disabled ? undefined : moved}
            movable={(square) => board.get(square)?.color === board.turn()}
          />
          <div style={controls}>
            <SmallButton aria-label="First position" onClick={() => setView(0)} disabled={Boolean(branch)}>
              ⏮
            </SmallButton>
            <SmallButton
              aria-label="Previous move"
              onClick={() => setView(Math.max(0, view - 1))}
              disabled={Boolean(branch)}
            >
              ◀
            </SmallButton>
            <SmallButton
              aria-label="Next move"
              onClick={() => setView(Math.min(line.length, view + 1))}
              disabled={Boolean(branch)}
            >
              ▶
            </SmallButton>
            <SmallButton aria-label="Last position" onClick={() => setView(line.length)} disabled={Boolean(branch)}>
              ⏭
            </SmallButton>
            <label style={{ fontSize: 13 }}>
              Promote to{' '}
              <select value={promotion} onChange={(e) => setPromotion(e.target.value)} aria-label="Promote to">
                <option value="q">queen</option>
                <option value="r">rook</option>
                <option value="b">bishop</option>
                <option value="n">knight</option>
              </select>
            </label>
          </div>
          <div style={controls}>
            <SmallButton
              onClick={() =>
                branch ? setBranch({ ...branch, moves: branch.moves.slice(0, -1) }) : saveLine(line.slice(0, -1))
              }
              disabled={disabled}
            >
              Take back the last move
            </SmallButton>
            {!branch ? (
              <SmallButton onClick={() => saveLine([])} disabled={disabled || !line.length}>
                Clear the line
              </SmallButton>
            ) : null}
          </div>
        </div>
        <div style={{ flex: '1 1 280px', minWidth: 260, fontSize: 13 }}>
          <p style={{ margin: '0 0 6px' }}>
            {branch
              ? `Recording an alternative to move ${branch.at + 1}: play the learner's move, the replies, and end on a learner's move.`
              : view < line.length
                ? `Showing the position after move ${view}. A move played now replaces the rest of the line.`
                : `Play the learner's move (${learnerIsBlack ? 'Black' : 'White'}), then the reply, and so on; the line ends on a learner's move.`}
          </p>
          <ol
            aria-label="The line"
            style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 4 }}
          >
            {moves.map((move, index) => (
              <li key={`${index}-${move.uci}`} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                <SmallButton
                  pressed={!branch && view === index + 1}
                  onClick={() => setView(index + 1)}
                  aria-label={`Show the position after ${move.san}`}
                >
                  {numbered(fen, index, move.san)}
                </SmallButton>
                <span style={{ width: 48, color: '#666' }}>{index % 2 === 0 ? 'learner' : 'reply'}</span>
                <input
                  type="text"
                  aria-label={`Comment on ${move.san}`}
                  placeholder="Comment"
                  value={comments[index] || ''}
                  disabled={disabled}
                  onChange={(e) => setComment(index, e.target.value)}
                  style={{ ...textInput, fontFamily: 'inherit', flex: 1, padding: '4px 6px' }}
                />
                {index % 2 === 0 && !branch ? (
                  <SmallButton
                    onClick={() => setBranch({ at: index, moves: [], comment: '' })}
                    disabled={disabled}
                    aria-label={`Add an alternative to ${move.san}`}
                  >
                    + alt
                  </SmallButton>
                ) : null}
              </li>
            ))}
          </ol>
          {branch ? (
            <div style={{ marginTop: 8, padding: 8, border: '1px dashed #4945ff', borderRadius: 4 }}>
              <div>
                Alternative:{' '}
                {played(fen, [...line.slice(0, branch.at), ...branch.moves])
                  .found.slice(branch.at)
                  .map((m) => m.san)
                  .join(' ') || '(play it on the board)'}
              </div>
              <input
                type="text"
                aria-label="Comment on the alternative"
                placeholder="Comment on the alternative"
                value={branch.comment}
                onChange={(e) => setBranch({ ...branch, comment: e.target.value })}
                style={{ ...textInput, fontFamily: 'inherit', marginTop: 6 }}
              />
              <div style={{ ...controls, marginTop: 6 }}>
                <SmallButton onClick={saveBranch} disabled={branch.moves.length % 2 === 0}>
                  Keep the alternative
                </SmallButton>
                <SmallButton onClick={() => setBranch(null)}>Cancel</SmallButton>
              </div>
            </div>
          ) : null}
          {alternatives.length ? (
            <div style={{ marginTop: 10 }}>
              <strong>Alternatives</strong>
              <ul style={{ paddingLeft: 16, margin: '4px 0' }}>
                {alternatives.map((alt, index) => (
                  <li key={index}>
                    at move {Number(alt.at) + 1}:{' '}
                    {played(fen, [
                      ...line.slice(0, alt.at),
                      ...words(Array.isArray(alt.moves) ? alt.moves.join(' ') : alt.moves),
                    ])
                      .found.slice(alt.at)
                      .map((m) => m.san)
                      .join(' ')}
                    {alt.comment ? ` \u2014 ${alt.comment}` : ''}{' '}
                    <SmallButton
                      onClick={() =>
                        alternativesField.onChange(
                          `${prefix}alternatives`,
                          alternatives.filter((_, i) => i !== index),
                        )
                      }
                      disabled={disabled}
                    >
                      Remove
                    </SmallButton>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
      <label style={{ fontSize: 13 }}>
        Moves (UCI, as stored)
        <input
          type="text"
          aria-label="Moves (UCI)"
          value={value || ''}
          disabled={disabled}
          onChange={(e) => onChange(name, e.target.value)}
          style={textInput}
        />
      </label>
    </Frame>
  );
}
