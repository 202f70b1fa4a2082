// A free member's puzzles of the day are played: when more come (in their own time) and the Pro
// offer of unlimited puzzles. How many a day is the BFF's figure (the standing's allowance), named
// only when the standing has arrived.
import { Link } from 'react-router';
import { availableWhen } from '../format';

export function ProOffer({ availableAt, perDay }: { availableAt: string | null; perDay: number | null }) {
  return (
    <section className="puzzle-offer" aria-labelledby="puzzle-offer-title">
      <h2 id="puzzle-offer-title" className="puzzle-offer__title">
        {perDay === null ? "That's your free puzzles for today" : `That's your ${perDay} free puzzles for today`}
      </h2>
      <p>
        More free puzzles {availableAt ? availableWhen(availableAt) : 'tomorrow'} (your time). Pro members solve as many
        rated puzzles as they like, every day.
      </p>
      <Link className="button" to="/upgrade-account">
        Go Pro for unlimited puzzles
      </Link>
    </section>
  );
}
