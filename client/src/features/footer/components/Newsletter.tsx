// The newsletter widget: e-mail form, validation under the field, in progress, thank-you view.
import { type FormEvent, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { CheckIcon } from '../../../components/icons';
import { formRules, validate } from '../../../validation/rules';
import { selectFooter, selectSubscribed, subscribeRequested } from '../slice';
import { SubmitButton } from '../../../components/SubmitButton';

export function Newsletter() {
  const dispatch = useAppDispatch();
  const subscribed = useAppSelector(selectSubscribed);
  const { subscribeStatus } = useAppSelector(selectFooter);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  if (subscribed) {
    return (
      <div className="newsletter newsletter--done" role="status">
        <CheckIcon className="newsletter__check" />
        <p>Thank you for subscribing!</p>
      </div>
    );
  }

  function onChange(value: string) {
    setEmail(value);
    // Once something has been typed, every change re-validates.
    if (touched || value !== '') {
      setTouched(true);
      setError(validate(value, formRules.newsletterEmail));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const message = validate(email, formRules.newsletterEmail);
    setTouched(true);
    setError(message);
    if (email.trim() && !message) dispatch(subscribeRequested(email.trim()));
  }

  const busy = subscribeStatus === 'loading';
  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate aria-label="Newsletter">
      <label htmlFor="newsletter-email" className="visually-hidden">
        E-mail
      </label>
      <div className="newsletter__row">
        <input
          id="newsletter-email"
          className={`newsletter__input${error ? ' field--invalid' : ''}`}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="Your e-mail"
          value={email}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'newsletter-error' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <SubmitButton busy={busy} className="button">
          {busy ? 'Subscribing…' : 'Subscribe'}
        </SubmitButton>
      </div>
      {error && (
        <p id="newsletter-error" className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}
