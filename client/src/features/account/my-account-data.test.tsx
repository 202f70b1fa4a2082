// My account's data: Download my data and Delete my account.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../lib/browser';
import { navigation } from '../../lib/navigation';
import { storage } from '../../lib/storage';
import {
  ada,
  bodyOf,
  cleanUpAfterEach,
  errorOf,
  location,
  openAccount,
  region,
  wrongPasswordOnce,
} from './account-test-support';

cleanUpAfterEach();

describe('My account: data', () => {
  it('Download my data saves the export as my-data.json', async () => {
    const save = jest.spyOn(browser, 'saveFile').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const exported = { profile: { email: 'ada@example.com' }, purchases: [] };
    await openAccount({ 'GET /users/account/export': { data: exported } });

    await user.click(within(region('Your data')).getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText('Your data is downloaded (my-data.json).')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith('my-data.json', JSON.stringify(exported, null, 2));
  });

  it('Delete my account asks for the password; once deleted the member is signed out and sent home', async () => {
    const user = userEvent.setup();
    storage.writeUser(ada);
    const { api, store } = await openAccount({
      'POST /users/account/delete': wrongPasswordOnce('password', { data: { message: 'Your account is deleted.' } }),
    });

    await user.click(within(region('Your data')).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(errorOf(within(dialog).getByLabelText('Password'))).toBe('This field is required.');
    expect(api.callsTo('/users/account/delete')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'Wrong4ever!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(errorOf(within(dialog).getByLabelText('Password'))).toBe('Password is incorrect. Please try again.'),
    );

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Queen4ever!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(location()).toBe('/home'));
    expect(await screen.findByText('Your account is deleted.')).toBeInTheDocument();
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.accessToken).toBeNull();
    expect(storage.readUser()).toBeNull();
    // Gone home before signing out: no login is offered, no redirect to an account that is gone.
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
    expect(storage.readRedirect()).toBeNull();
    expect(bodyOf(api.callsTo('/users/account/delete')[1]!)).toEqual({ password: 'Queen4ever!' });
  });

  it('once the account is deleted, a later step that fails never tells the form the deletion failed', async () => {
    const user = userEvent.setup();
    storage.writeUser(ada);
    const { store } = await openAccount({
      'POST /users/account/delete': () => ({ body: { data: { message: 'Your account is deleted.' } } }),
    });
    const go = jest.spyOn(navigation, 'go').mockImplementation(() => {
      throw new Error('The router is gone');
    });

    await user.click(within(region('Your data')).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
    await user.type(within(dialog).getByLabelText('Password'), 'Queen4ever!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(go).toHaveBeenCalledWith('/home', { replace: true }));
    expect(store.getState().myAccount.deletion).toEqual({ status: 'succeeded', errors: {} });
    expect(storage.readUser()).toBeNull();
    expect(screen.queryByText(/went wrong/)).toBeNull();
  });
});
