// My account's data: Download my data (one JSON file), and Delete my account, confirmed with the
// password in a dialog.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Overlay } from '../../../components/Overlay';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { formRules } from '../../../validation/rules';
import { deletionDialogOpened, deletionRequested, exportRequested, selectMyAccount } from '../my-account-slice';
import { bound, PasswordField } from './fields';
import { useAccountForm } from './use-account-form';
import { SubmitButton } from '../../../components/SubmitButton';

export const DELETE_WARNING =
  'Your profile, progress, newsletter subscription and sign-ins are erased, and a current membership is canceled. This cannot be undone.';

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const form = useAccountForm('deletion', { password: '' }, { password: formRules.currentPassword });

  const submit = form.onSubmit(() => {
    dispatch(deletionRequested(form.values.password));
  });

  return (
    <Overlay title="Delete my account" onClose={onClose} className="account-dialog">
      <form className="account-form__fields" onSubmit={submit} noValidate aria-label="Delete my account">
        <p>{DELETE_WARNING}</p>
        <PasswordField label="Password" autoComplete="current-password" {...bound(form, 'password')} />
        <div className="account-actions">
          <SubmitButton busy={form.busy} className="button button--danger">
            Delete my account
          </SubmitButton>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Keep my account
          </button>
        </div>
      </form>
    </Overlay>
  );
}

export function DataSection() {
  const dispatch = useAppDispatch();
  const { exportStatus } = useAppSelector(selectMyAccount);
  const [confirming, setConfirming] = useState(false);
  const exporting = exportStatus === 'loading';

  return (
    <div className="account-form__fields">
      <p>
        Everything we keep about you (profile, newsletter, memberships, purchases, payments and progress), in one file.
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={exporting}
        aria-busy={exporting}
        onClick={() => dispatch(exportRequested())}
      >
        Download my data
      </button>
      <p>Deleting your account erases your personal data. Payments are kept for accounting, without your name.</p>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          dispatch(deletionDialogOpened());
          setConfirming(true);
        }}
      >
        Delete my account
      </button>
      {/* On the body: the page's fade makes a layer of its own, under the sticky header. */}
      {confirming && createPortal(<DeleteDialog onClose={() => setConfirming(false)} />, document.body)}
    </div>
  );
}
