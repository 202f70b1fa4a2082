// My account's password and e-mail address: the changes, their messages and the link landing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import {
  ada,
  bodyOf,
  cleanUpAfterEach,
  errorOf,
  openAccount,
  region,
  userFields,
  wrongPasswordOnce,
} from './account-test-support';

cleanUpAfterEach();

describe('My account: password and e-mail address', () => {
  it('a wrong current password shows under its field; a change keeps the new session', async () => {
    const user = userEvent.setup();
    const { api, store } = await openAccount({
      'POST /users/change_password': wrongPasswordOnce('current_password', {
        data: { access: 'new-token', user: ada },
      }),
    });
    const password = region('Password');
    expect(password).toHaveTextContent('signs you out on your other devices');

    await user.type(within(password).getByLabelText('Current password'), 'Wrong4ever!');
    await user.type(within(password).getByLabelText('New password'), 'Bishop4ever!');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    const current = within(password).getByLabelText('Current password');
    await waitFor(() => expect(errorOf(current)).toBe('Password is incorrect. Please try again.'));

    await user.clear(current);
    await user.type(current, 'Queen4ever! ');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password is changed. You were signed out everywhere else.'),
    ).toBeInTheDocument();
    expect(store.getState().auth.accessToken).toBe('new-token');
    expect(bodyOf(api.callsTo('/users/change_password')[1]!)).toMatchObject({
      current_password: 'Queen4ever!',
      password: 'Bishop4ever!',
    });
    expect(api.callsTo('/users/change_password')[1]!.init.credentials).toBe('include');
    expect(within(password).getByLabelText('Current password')).toHaveValue('');
  });

  it('an e-mail change says where the link went; a taken address shows under the field', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { api } = await openAccount({
      'POST /users/change_email': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 409, body: errorBody('user_email_exists', 'That email is already taken') }
          : { body: { data: { message: 'sent' } } };
      },
    });
    const email = region('E-mail address');
    expect(email).toHaveTextContent('Current address ada@example.com');

    await user.type(within(email).getByLabelText('New e-mail address'), 'taken@example.com');
    await user.type(within(email).getByLabelText('Password'), 'Queen4ever!');
    await user.click(within(email).getByRole('button', { name: 'Send the link' }));
    const field = within(email).getByLabelText('New e-mail address');
    await waitFor(() => expect(errorOf(field)).toBe('That email is already taken'));

    await user.clear(field);
    await user.type(field, ' new@example.com ');
    await user.click(within(email).getByRole('button', { name: 'Send the link' }));

    expect(await within(email).findByText(/We sent a link to new@example.com\./)).toBeInTheDocument();
    expect(bodyOf(api.callsTo('/users/change_email')[1]!)).toEqual({
      email: 'new@example.com',
      password: 'Queen4ever!',
    });
  });

  it('the link landing says the address changed and loads the profile again', async () => {
    const changed = buildUser({ ...userFields(), email: 'new@example.com' });
    const { api } = await openAccount({ 'GET /users/profile': { data: changed } }, '/account?email_changed=1');

    expect(screen.getByText('Your e-mail address is changed.')).toBeInTheDocument();
    await waitFor(() => expect(region('E-mail address')).toHaveTextContent('Current address new@example.com'));
    expect(api.callsTo('/users/profile')).toHaveLength(1);
  });

  it('the link landing with an error says what went wrong', async () => {
    const { unmount } = await openAccount({}, '/account?error=email_verification_invalid_token');
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
      'This link is invalid or has expired. Ask for a new one below.',
    );
    unmount();

    await openAccount({}, '/account?error=user_email_exists');
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('That email is already taken');
  });
});
