// The reset password page: its address, both passwords checked, then the way to log in.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { MESSAGES } from '../../validation/rules';
import { errorOf, field, location, stubPages as stub } from './account-test-support';

describe('reset password page', () => {
  it('without a query string goes home', async () => {
    stub();
    renderApp('/reset_password');
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('validates both passwords, refuses different ones, then shows the way to log in', async () => {
    const user = userEvent.setup();
    const api = stub({ 'POST /users/recover_password': { data: { message: 'ok' } } });
    renderApp('/reset_password?token=tok');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    const password = field('New password');
    const repeat = field('Repeat your new password');

    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(errorOf(password)).toBe('This field is required.');
    expect(errorOf(repeat)).toBe('This field is required.');
    await user.type(password, 'short');
    expect(errorOf(password)).toBe(MESSAGES.password(8, 20));

    await user.clear(password);
    await user.type(password, 'King4ever!');
    await user.type(repeat, 'King4ever?');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText("The passwords don't match. Please try again.")).toBeInTheDocument();
    expect(api.callsTo('/users/recover_password')).toHaveLength(0);

    await user.clear(repeat);
    await user.type(repeat, 'King4ever!');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    expect(
      await screen.findByText('Your password has been updated. You can now log in using your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your password has been updated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/home');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(location()).toBe('/home?open=login');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });
});
