// Account pages (log in, sign up, upgrade) until their forms arrive: a clear way on.
import { Link, useLocation } from 'react-router';

const PAGES: Record<string, { title: string; text: string }> = {
  login: { title: 'Log in', text: 'Logging in on the website opens very soon. You can already log in in our iOS and Android apps.' },
  onboarding: { title: 'Sign up', text: 'Signing up on the website opens very soon. You can already sign up in our iOS and Android apps.' },
  register: { title: 'Sign up', text: 'Signing up on the website opens very soon. You can already sign up in our iOS and Android apps.' },
  'upgrade-account': { title: 'Go Pro', text: 'Choosing a plan on the website opens very soon. You can already go Pro in our iOS and Android apps.' },
};

export function AccountEntryPage() {
  const { pathname } = useLocation();
  const page = PAGES[pathname.split('/')[1] ?? ''] ?? PAGES.login!;
  return (
    <section className="page account-entry" aria-labelledby="account-entry-title">
      <h1 id="account-entry-title" className="page__title">
        {page.title}
      </h1>
      <p>{page.text}</p>
      <Link className="button" to="/home">
        Back to home
      </Link>
    </section>
  );
}
