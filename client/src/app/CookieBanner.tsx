// The cookie banner: shown after COOKIE_BANNER_DELAY_MS until a choice is stored.
import { useEffect } from 'react';
import { COOKIE_BANNER_DELAY_MS } from '../lib/constants';
import { bannerShown, consentChosen, selectBannerVisible, selectConsentDecided } from '../state/consent-slice';
import { useAppDispatch, useAppSelector } from '../state/store-hooks';

export function CookieBanner() {
  const dispatch = useAppDispatch();
  const visible = useAppSelector(selectBannerVisible);
  const decided = useAppSelector(selectConsentDecided);

  useEffect(() => {
    if (decided) return undefined;
    const timer = window.setTimeout(() => dispatch(bannerShown()), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, decided]);

  if (!visible) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>We use cookies on this website to enhance your experience</p>
      <div className="cookie-banner__actions">
        <button type="button" className="button button--secondary" onClick={() => dispatch(consentChosen(false))}>
          No, thanks
        </button>
        <button type="button" className="button" onClick={() => dispatch(consentChosen(true))}>
          Yes, I accept
        </button>
      </div>
    </section>
  );
}
