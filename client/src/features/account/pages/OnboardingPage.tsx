// /onboarding: the ways to sign up, and the way to log in instead.
import { SignUpChoices } from '../components/SignUpChoices';
import '../account.css';

export function OnboardingPage() {
  return (
    <section className="page account-page" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title" className="page__title">
        Sign up
      </h1>
      <p>Learn from the best: lessons and programs by master players, documentaries and the masterclass.</p>
      <SignUpChoices />
    </section>
  );
}
