// The Pro welcome page (/welcome-you after a yearly plan, /welcome-me after a monthly one), in
// the words editors gave the upgrade page's welcome fields.
import { Link } from 'react-router';
import type { UpgradePage } from '../../../api/contract';
import { CheckIcon } from '../../../components/icons';
import { isSitePath } from '../../../lib/site-path';
import { useUpgradePage } from '../components/use-upgrade-page';
import '../upgrade.css';

// While the editors' words load (client/README.md: Upgrade and payment, Pro welcome page): the
// documentaries benefit links to video 11.
const DEFAULT_BENEFITS: NonNullable<UpgradePage['welcome_benefits']> = [
  { text: 'Lessons and programs by grandmasters', link_url: '/programs' },
  { text: 'Unlimited rated puzzles, on the web and in the iOS and Android apps', link_url: '/puzzles' },
  { text: 'All documentaries and interviews', link_url: '/videos/11' },
];

export function WelcomePage() {
  const page = useUpgradePage();

  const benefits = page?.welcome_benefits?.length ? page.welcome_benefits : DEFAULT_BENEFITS;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <p className="eyebrow">{page?.welcome_eyebrow ?? 'Congratulations!'}</p>
      <h1 id="welcome-title" className="page__title">
        {page?.welcome_title ?? 'Welcome to Pro Membership'}
      </h1>
      <ul className="welcome__benefits">
        {benefits.map((benefit) => (
          <li key={benefit.text}>
            <CheckIcon className="welcome__check" />
            {isSitePath(benefit.link_url) ? (
              <Link to={benefit.link_url}>{benefit.text}</Link>
            ) : (
              <span>{benefit.text}</span>
            )}
          </li>
        ))}
      </ul>
      <Link className="button" to="/home">
        {page?.welcome_button ?? 'Get started'}
      </Link>
    </section>
  );
}
