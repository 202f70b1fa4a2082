import { branchAt, judgeMove, playUci } from './move-check';

// White mates on the back rank with either rook: Ra8# and Re8#.
const BACK_RANK = '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1';

describe('judgeMove', () => {
  it("takes the line's move", () => {
    expect(judgeMove(BACK_RANK, 'a1a8', 0, ['a1a8'])).toEqual({ kind: 'line' });
  });

  it("takes any mate at the line's last move", () => {
    expect(judgeMove(BACK_RANK, 'e1e8', 0, ['a1a8'])).toEqual({ kind: 'mate' });
  });

  it('takes no mate before the last move: the line goes on', () => {
    expect(judgeMove(BACK_RANK, 'e1e8', 0, ['a1a2', 'h7h6', 'a2a8'])).toBeNull();
  });

  it('refuses another move, and an illegal one', () => {
    expect(judgeMove(BACK_RANK, 'g1f1', 0, ['a1a8'])).toBeNull();
    expect(judgeMove(BACK_RANK, 'a1h8', 0, ['a1a8'])).toBeNull();
  });

  it('follows an alternative at its move, before calling it a mate', () => {
    const alternative = { at: 0, moves: ['e1e8'], comment: 'Either rook mates.' };
    expect(judgeMove(BACK_RANK, 'e1e8', 0, ['a1a8'], [alternative])).toEqual({
      kind: 'alternative',
      branch: alternative,
    });
  });

  it('takes an alternative only where it leaves the line', () => {
    const alternative = { at: 2, moves: ['g1f1'] };
    expect(judgeMove(BACK_RANK, 'g1f1', 0, ['a1a2', 'h7h6', 'a2a8'], [alternative])).toBeNull();
  });
});

describe('playUci and branchAt', () => {
  it('plays a promotion, and answers null for an illegal move', () => {
    const played = playUci('8/4P1k1/8/8/8/8/8/4K3 w - - 0 1', 'e7e8q');
    expect(played?.move.san).toBe('e8=Q');
    expect(playUci('8/4P1k1/8/8/8/8/8/4K3 w - - 0 1', 'e7e6')).toBeNull();
  });

  it('finds the branch leaving at a move with its first move', () => {
    const branches = [
      { at: 0, moves: ['a1a8'] },
      { at: 2, moves: ['e1e8'] },
    ];
    expect(branchAt(branches, 2, 'e1e8')).toBe(branches[1]);
    expect(branchAt(branches, 0, 'e1e8')).toBeNull();
    expect(branchAt(undefined, 0, 'e1e8')).toBeNull();
  });
});
