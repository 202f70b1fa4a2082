// One button per social provider (GET /users/social_providers), always all three: one that is
// off on this site is disabled, with the BFF's word for why next to it (aria-describedby), so
// that nobody presses a button that cannot work. Its SDK loads only once its button is used
// (social-sdk.ts).
import { useEffect, useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { REGISTER_TYPES, SOCIAL_PROVIDERS } from '../../../api/sign-in';
import { useRedirectParam } from '../paths';
import { selectAccount, socialProvidersRequested, socialSignInRequested } from '../slice';
import { SocialIcon } from './SocialIcons';

// Said once under the buttons when the list of providers could not be fetched at all.
export const PROVIDERS_FAILED =
  'Sign-in with Facebook, Google or Apple is unavailable at the moment. Please try again later.';

interface SocialButtonsProps {
  verb: 'Continue with' | 'Sign up with';
  /** Where 'OR' stands: above the buttons (after a form) or below them (before another way). */
  or?: 'before' | 'after';
}

export function SocialButtons({ verb, or }: SocialButtonsProps) {
  const dispatch = useAppDispatch();
  const {
    providers: { data: providers, status: providersStatus },
    loginStatus,
  } = useAppSelector(selectAccount);
  const redirect = useRedirectParam();
  const id = useId();

  useEffect(() => {
    if (providersStatus === 'idle') dispatch(socialProvidersRequested());
  }, [dispatch, providersStatus]);

  const failed = providersStatus === 'failed';
  const failedId = `${id}-failed`;
  const busy = loginStatus === 'loading';
  const separator = <p className="account-or">OR</p>;
  return (
    <>
      {or === 'before' && separator}
      <ul className="social-buttons" aria-label="Social sign-in">
        {SOCIAL_PROVIDERS.map((provider) => {
          const on = Boolean(providers?.[provider]);
          const why = providers?.unavailable?.[provider]?.message;
          const whyId = `${id}-${provider}`;
          const describedBy = why ? whyId : failed ? failedId : undefined;
          return (
            <li key={provider} className="social-option">
              <button
                type="button"
                className={`button button--block social-button social-button--${provider}`}
                // Until the list arrives no button can work yet; then only the providers that are on.
                disabled={!on || busy}
                aria-describedby={describedBy}
                onClick={() => dispatch(socialSignInRequested({ provider, redirect }))}
              >
                <SocialIcon provider={provider} />
                <span>
                  {verb} {REGISTER_TYPES[provider]}
                </span>
              </button>
              {why && (
                <p id={whyId} className="social-option__note">
                  {why}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {failed && (
        <p id={failedId} className="social-option__note" role="status">
          {PROVIDERS_FAILED}
        </p>
      )}
      {or === 'after' && separator}
    </>
  );
}
