// /account, My account: what a member manages (profile, picture, newsletter, the boards' look and
// sounds, password, e-mail address, membership, purchases, their data). A guest is offered the
// login overlay and comes back here once signed in; their board settings stay on this device.
// The e-mail change link lands here (?email_changed=1, ?error=...).
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { profileRequested, redirectAfterLoginChosen, selectIsSignedIn, selectUser } from '../../../state/auth-slice';
import { ERROR_CODES } from '../../../state/messages';
import { modalOpened } from '../../../state/modal-slice';
import { AvatarField } from '../components/AvatarField';
import { BoardSettings } from '../components/BoardSettings';
import { DataSection } from '../components/DataSection';
import { MembershipPanel } from '../components/MembershipPanel';
import { NewsletterSwitch } from '../components/NewsletterSwitch';
import { ProfileForm } from '../components/ProfileForm';
import { PurchaseList } from '../components/PurchaseList';
import { EmailForm, PasswordForm } from '../components/SecurityForms';
import { membershipRequested, myAccountLeft, newsletterRequested, purchasesRequested } from '../my-account-slice';
import { AccountNotice } from '../components/AccountNotice';
import '../account.css';

export const EMAIL_CHANGED = 'Your e-mail address is changed.';
export const EMAIL_LINK_INVALID = 'This link is invalid or has expired. Ask for a new one below.';
export const GUEST_PROMPT = 'Log in to see your account.';

/** What the e-mail change link's landing says (?email_changed=1 or ?error=code), or null. */
function landingNotice(search: string): { text: string; error: boolean } | null {
  const query = new URLSearchParams(search);
  if (query.get('email_changed') === '1') return { text: EMAIL_CHANGED, error: false };
  const code = query.get('error');
  if (!code) return null;
  if (code === 'email_verification_invalid_token') return { text: EMAIL_LINK_INVALID, error: true };
  return { text: ERROR_CODES[code] ?? ERROR_CODES.server_error!, error: true };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id} className="account-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function GuestPrompt({ back }: { back: string }) {
  const dispatch = useAppDispatch();
  const open = () => {
    dispatch(redirectAfterLoginChosen(back));
    dispatch(modalOpened('login'));
  };
  // Offered at once, as for any page of members: signing in comes back here (client/README.md: My
  // account).
  useEffect(open, [dispatch, back]);
  return (
    <div className="list-state" role="status">
      <p className="list-state__message">{GUEST_PROMPT}</p>
      <button type="button" className="button" onClick={open}>
        Log in
      </button>
    </div>
  );
}

export function AccountPage() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectUser);
  const notice = landingNotice(search);
  const emailChanged = notice?.text === EMAIL_CHANGED;

  // Each visit asks again: the membership may have changed on the billing page.
  useEffect(() => {
    if (!signedIn) return undefined;
    dispatch(membershipRequested());
    dispatch(purchasesRequested());
    dispatch(newsletterRequested());
    return () => void dispatch(myAccountLeft());
  }, [dispatch, signedIn]);

  // The address changed by the link: the profile says so.
  useEffect(() => {
    if (signedIn && emailChanged) dispatch(profileRequested());
  }, [dispatch, signedIn, emailChanged]);

  return (
    <section className="page account-page account-page--wide" aria-labelledby="account-title">
      <h1 id="account-title" className="page__title">
        My account
      </h1>
      {notice && <AccountNotice error={notice.error}>{notice.text}</AccountNotice>}
      {!signedIn || !user ? (
        <>
          <GuestPrompt back={pathname + search} />
          {/* A guest's board settings stay on this device until they sign in. */}
          <div className="account-sections">
            <Section id="account-board" title="Board">
              <BoardSettings />
            </Section>
          </div>
        </>
      ) : (
        <div className="account-sections">
          <Section id="account-profile" title="Profile">
            <AvatarField />
            <ProfileForm key={user.id} user={user} />
            <NewsletterSwitch email={user.email} />
          </Section>
          <Section id="account-board" title="Board">
            <BoardSettings />
          </Section>
          <Section id="account-membership" title="Membership">
            <MembershipPanel />
          </Section>
          <Section id="account-purchases" title="Purchases">
            <PurchaseList />
          </Section>
          <Section id="account-password" title="Password">
            <PasswordForm />
          </Section>
          <Section id="account-email" title="E-mail address">
            <EmailForm current={user.email} />
          </Section>
          <Section id="account-data" title="Your data">
            <DataSection />
          </Section>
        </div>
      )}
    </section>
  );
}
