// The save check's chess rules (src/chess/rules.mjs) on the cases the BFF is tested on too
// (chess-cases.json; tests/bff/cms/test_chess_cases.py): both judge each case the same.
// Run: node --test cms-schema/tests/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { exerciseProblems, fenProblem, lineProblem, pgnProblem, readPgn } from '../src/chess/rules.mjs';

const cases = JSON.parse(readFileSync(new globalThis.URL('./chess-cases.json', import.meta.url)));

for (const { fen, legal, about } of cases.positions) {
  test(`position: ${about}`, () => {
    assert.equal(fenProblem(fen) === null, legal, fenProblem(fen) ?? 'accepted');
  });
}

for (const { fen, moves, legal, about } of cases.lines) {
  test(`line: ${about}`, () => {
    const problem = lineProblem(fen, moves);
    assert.equal(problem === null, legal, problem?.message ?? 'accepted');
  });
}

for (const { pgn, legal, about } of cases.games) {
  test(`game: ${about}`, () => {
    assert.equal(pgnProblem(pgn) === null, legal, pgnProblem(pgn) ?? 'accepted');
  });
}

test('a wrong move is named with its number', () => {
  const problem = lineProblem(cases.positions[0].fen, 'e2e4 e7e5 e1e3');
  assert.equal(problem.field, 'moves');
  assert.match(problem.message, /^move 3 'e1e3' is not legal/);
});

test('comments, alternatives and mistakes must fit the line', () => {
  const start = cases.positions[0].fen;
  const exercise = { fen: start, moves: 'e2e4 e7e5 g1f3' };
  assert.deepEqual(exerciseProblems({ ...exercise, comments: ['a', null, 'b'] }), []);
  assert.equal(exerciseProblems({ ...exercise, comments: ['a'] })[0].field, 'comments');
  const good = { at: 0, moves: 'd2d4', comment: 'as good' };
  assert.deepEqual(exerciseProblems({ ...exercise, alternatives: [good] }), []);
  const [wrong] = exerciseProblems({ ...exercise, alternatives: [{ at: 1, moves: 'd7d5' }] });
  assert.equal(wrong.field, 'alternatives');
  const [own] = exerciseProblems({ ...exercise, mistakes: [{ at: 2, moves: 'g1f3 b8c6' }] });
  assert.match(own.message, /the line's own move/);
});

test('a PGN is read into its main line and variations', () => {
  const game = readPgn(cases.games[1].pgn);
  assert.equal(game.headers.White, 'A');
  assert.deepEqual(
    game.moves.map((move) => move.san),
    ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'],
  );
  assert.equal(game.moves[0].comment, "The king's pawn.");
  assert.deepEqual(
    game.moves[1].variations[0].map((move) => move.uci),
    ['c7c5', 'g1f3'],
  );
});
