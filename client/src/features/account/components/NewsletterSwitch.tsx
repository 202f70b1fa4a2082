// My account's newsletter switch: on subscribes the member's address, off takes it off the list.
import { useId } from 'react';
import { ErrorState } from '../../../components/Status';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { newsletterRequested, newsletterToggled, selectMyAccount } from '../my-account-slice';

export const NEWSLETTER_FAILED = 'Something went wrong fetching your newsletter setting.';

export function NewsletterSwitch({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const { newsletter, newsletterSaving } = useAppSelector(selectMyAccount);
  const id = useId();

  if (newsletter.status === 'failed' && newsletter.data === null) {
    return <ErrorState message={NEWSLETTER_FAILED} onRetry={() => dispatch(newsletterRequested())} />;
  }
  const on = newsletter.data === true;
  return (
    <div className="newsletter-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        disabled={newsletter.data === null || newsletterSaving}
        aria-describedby={`${id}-hint`}
        onChange={(event) => dispatch(newsletterToggled(event.target.checked))}
      />
      <label htmlFor={id}>Newsletter</label>
      <p id={`${id}-hint`} className="field__hint">
        Chess tips and news of lessons, sent to {email}.
      </p>
    </div>
  );
}
