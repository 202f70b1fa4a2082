// "Practise this theme": a lesson's link to puzzles of a theme that fits its category.
import { Link } from 'react-router';

/** Lesson categories (by name, lower case) and the Lichess puzzle theme that practises each. */
const THEME_OF_CATEGORY: Record<string, string> = {
  openings: 'opening',
  'middlegame strategy': 'middlegame',
  tactics: 'fork',
  endgames: 'endgame',
  'attack and defence': 'mate',
  checkmates: 'mate',
  'calculation and visualization': 'long',
};

/** /puzzles with the theme of the category, or without one when none fits. */
export function puzzlesFor(category: string | null | undefined): string {
  const theme = category ? THEME_OF_CATEGORY[category.trim().toLowerCase()] : undefined;
  return theme ? `/puzzles?theme=${theme}` : '/puzzles';
}

export function PractiseThemeLink({ category }: { category: string | null | undefined }) {
  return (
    <p className="lesson__puzzles">
      <Link className="button button--secondary" to={puzzlesFor(category)}>
        Practise this theme
      </Link>
    </p>
  );
}
