// The Pro welcome page (/welcome-you after a yearly plan, /welcome-me after a monthly one).
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import '../upgrade.css';

// SPEC §9: the documentaries benefit links to video 11.
const DOCUMENTARIES_VIDEO = '/videos/11';

export function WelcomePage() {
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <p className="eyebrow">Congratulations!</p>
      <h1 id="welcome-title" className="page__title">
        Welcome to Pro Membership
      </h1>
      <ul className="welcome__benefits">
        <li>
          <CheckIcon className="welcome__check" />
          <Link to="/programs">Lessons and programs by grandmasters</Link>
        </li>
        <li>
          <CheckIcon className="welcome__check" />
          <span>Unlimited puzzles in the iOS and Android apps: more than 50000</span>
        </li>
        <li>
          <CheckIcon className="welcome__check" />
          <Link to={DOCUMENTARIES_VIDEO}>All documentaries and interviews</Link>
        </li>
      </ul>
      <Link className="button" to="/home">
        Get started
      </Link>
    </section>
  );
}
