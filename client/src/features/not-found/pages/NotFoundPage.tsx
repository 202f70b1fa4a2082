// The not-found page (/404): every unknown path ends here.
import { Link } from 'react-router';
import './not-found-page.css';

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code">404 ERROR</p>
      <h1 id="not-found-title" className="not-found__title">
        {"Oops, that's a blunder! We couldn't find what you were looking for."}
      </h1>
      <Link className="button" to="/home">
        Back to home
      </Link>
    </section>
  );
}
