// One button per social provider that is on (GET /users/social_providers); a provider that is
// off has no button. Its SDK loads only once its button is used (social-sdk.ts).
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { REGISTER_TYPES, SOCIAL_PROVIDERS } from '../../../lib/constants';
import { useRedirectParam } from '../paths';
import { selectAccount, socialProvidersRequested, socialSignInRequested } from '../slice';

interface SocialButtonsProps {
  verb: 'Continue with' | 'Sign up with';
  /** 'OR' above the buttons, when there are any. */
  separated?: boolean;
}

export function SocialButtons({ verb, separated = false }: SocialButtonsProps) {
  const dispatch = useAppDispatch();
  const { providers, providersStatus, loginStatus } = useAppSelector(selectAccount);
  const redirect = useRedirectParam();

  useEffect(() => {
    if (providersStatus === 'idle') dispatch(socialProvidersRequested());
  }, [dispatch, providersStatus]);

  const on = SOCIAL_PROVIDERS.filter((provider) => providers?.[provider]);
  if (on.length === 0) return null;
  const busy = loginStatus === 'loading';
  return (
    <>
      {separated && <p className="account-or">OR</p>}
      <div className="social-buttons">
        {on.map((provider) => (
          <button
            key={provider}
            type="button"
            className={`button button--block button--secondary social-button social-button--${provider}`}
            disabled={busy}
            onClick={() => dispatch(socialSignInRequested({ provider, redirect }))}
          >
            {verb} {REGISTER_TYPES[provider]}
          </button>
        ))}
      </div>
    </>
  );
}
