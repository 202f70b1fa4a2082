// Home's review card: a signed-in member with something due is told how much and of what
// ("5 to review: 3 puzzles, 2 lines"), with a link to /review; nothing otherwise.
import { Link } from 'react-router';
import type { ReviewSummary } from '../../../api/contract';
import { dueInWords } from '../../../components/review/review-words';
import '../../../components/review/review.css';

export function ReviewDueCard({ summary }: { summary: ReviewSummary | null }) {
  if (!summary || summary.due_now <= 0) return null;
  return (
    <section className="review-card" aria-labelledby="home-review">
      <p className="review-card__text" id="home-review">
        <strong>{summary.due_now} to review:</strong> {dueInWords(summary.kinds)}
      </p>
      <Link className="button" to="/review">
        Review now
      </Link>
    </section>
  );
}
