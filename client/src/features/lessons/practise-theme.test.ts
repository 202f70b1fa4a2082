import { puzzlesFor } from './components/PractiseThemeLink';

describe('Practise this theme', () => {
  it("links a lesson's category to the puzzles of a theme that fits it", () => {
    expect(puzzlesFor('Tactics')).toBe('/puzzles?theme=fork');
    expect(puzzlesFor('Endgames')).toBe('/puzzles?theme=endgame');
    expect(puzzlesFor('Checkmates')).toBe('/puzzles?theme=mate');
    expect(puzzlesFor('Chess history')).toBe('/puzzles');
    expect(puzzlesFor(null)).toBe('/puzzles');
  });
});
