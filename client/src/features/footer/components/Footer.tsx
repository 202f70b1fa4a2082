// The site footer: newsletter, social links from the footer data and the legal pages.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { LEGAL_PAGES } from '../../../lib/constants';
import { FacebookMark, InstagramMark, XMark, YouTubeMark } from '../../../components/brand-icons';
import { footerRequested, selectFooter } from '../slice';
import { Newsletter } from './Newsletter';
import './footer.css';

const SOCIAL = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookMark },
  { key: 'instagram', label: 'Instagram', Icon: InstagramMark },
  { key: 'youtube', label: 'YouTube', Icon: YouTubeMark },
  { key: 'twitter', label: 'X (Twitter)', Icon: XMark },
] as const;

export function Footer() {
  const dispatch = useAppDispatch();
  const { data, status } = useAppSelector(selectFooter);

  useEffect(() => {
    if (status === 'idle') dispatch(footerRequested());
  }, [dispatch, status]);

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__news" aria-labelledby="footer-news-title">
          <h2 id="footer-news-title" className="site-footer__title">
            Want to get updates on chess content, events and features?
          </h2>
          <Newsletter />
        </section>
        {data && (
          <nav aria-label="Social networks">
            <ul className="site-footer__social">
              {SOCIAL.filter(({ key }) => data.urls?.[key]).map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    className="site-footer__social-link"
                    href={data.urls[key] ?? undefined}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={label}
                    title={label}
                  >
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <nav aria-label="Legal">
          <ul className="site-footer__legal">
            {LEGAL_PAGES.map(({ slug, label }) => (
              <li key={slug}>
                <Link to={`/legal/${slug}`}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">© {new Date().getFullYear()} Chess learning</p>
      </div>
    </footer>
  );
}
