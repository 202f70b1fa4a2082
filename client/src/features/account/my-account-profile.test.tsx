// My account's profile: its rules, availability check and server messages, the picture, the newsletter.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storage } from '../../lib/storage';
import { errorBody, reply } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { ada, bodyOf, cleanUpAfterEach, errorOf, openAccount, region, userFields } from './account-test-support';

jest.mock('./components/square-crop', () => ({
  AVATAR_SIDE: 512,
  cropToSquare: jest.fn(() =>
    Promise.resolve({
      blob: new Blob(['square'], { type: 'image/jpeg' }),
      preview: 'data:image/jpeg;base64,c3F1YXJl',
    }),
  ),
}));

cleanUpAfterEach();

describe('My account: profile', () => {
  it('saves the changes, shows them in the header, and says so', async () => {
    const user = userEvent.setup();
    const saved = buildUser({ ...userFields(), firstname: 'Grace', username: 'grace_h', skill_level: 'expert' });
    const { api, store } = await openAccount({ 'POST /users/profile': { data: saved } });
    const profile = region('Profile');
    await within(profile).findByRole('option', { name: 'Germany' });

    await user.clear(within(profile).getByLabelText('First name'));
    await user.type(within(profile).getByLabelText('First name'), 'Grace');
    await user.clear(within(profile).getByLabelText('Username'));
    await user.type(within(profile).getByLabelText('Username'), 'grace_h');
    await user.selectOptions(within(profile).getByLabelText('Country'), 'DE');
    await user.selectOptions(within(profile).getByLabelText('Level'), 'expert');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(bodyOf(api.callsTo('/users/profile').find((call) => call.method === 'POST')!)).toEqual({
      firstname: 'Grace',
      lastname: 'Board',
      username: 'grace_h',
      country: 'DE',
      skill_level: 'expert',
    });
    expect(store.getState().auth.user?.username).toBe('grace_h');
    expect(storage.readUser<{ username: string }>()?.username).toBe('grace_h');
  });

  it('applies the field rules before sending anything', async () => {
    const user = userEvent.setup();
    const { api } = await openAccount();
    const profile = region('Profile');

    await user.clear(within(profile).getByLabelText('First name'));
    await user.type(within(profile).getByLabelText('First name'), 'Ad4');
    await user.clear(within(profile).getByLabelText('Username'));
    await user.type(within(profile).getByLabelText('Username'), 'ada board');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(errorOf(within(profile).getByLabelText('First name'))).toBe("Name can't contain special characters.");
    expect(errorOf(within(profile).getByLabelText('Username'))).toBe("Username can't contain white spaces.");
    expect(api.callsTo('/users/profile').filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('checks a new username while it is typed, and shows why it is not free', async () => {
    const user = userEvent.setup();
    const { api } = await openAccount({
      'GET /users/check': (url: URL) => ({
        body: {
          data:
            url.searchParams.get('username') === 'magnus_c'
              ? { available: false, message: 'This username is already taken.' }
              : { available: true, message: null },
        },
      }),
    });
    const username = within(region('Profile')).getByLabelText('Username');

    await user.clear(username);
    await user.type(username, 'magnus_c');

    await waitFor(() => expect(errorOf(username)).toBe('This username is already taken.'), { timeout: 2000 });
    // Debounced: one check for the whole name.
    const checked = api.callsTo('/users/check').map((call) => call.url.searchParams.get('username') ?? '');
    expect(checked.filter((name) => name.startsWith('mag'))).toEqual(['magnus_c']);
  });

  it("shows the server's message under its field, until the field is edited", async () => {
    const user = userEvent.setup();
    await openAccount({ 'POST /users/profile': reply(409, errorBody('user_username_exists', 'taken')) });
    const profile = region('Profile');
    const username = within(profile).getByLabelText('Username');

    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(errorOf(username)).toBe('This username is already taken.'));
    expect(screen.queryByText('taken')).toBeNull();
    await user.type(username, 'x');
    expect(errorOf(username)).toBeNull();
  });

  it('crops a chosen picture, previews it, and uploads it as the avatar', async () => {
    const user = userEvent.setup();
    const { api, store } = await openAccount({
      'POST /users/profile': { data: { ...ada, avatar: { src: '/uploads/abc.webp' } } },
    });
    const profile = region('Profile');
    const input = profile.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input, new File(['photo'], 'me.png', { type: 'image/png' }));
    expect(await within(profile).findByRole('img', { name: 'Your new picture, cut to a square' })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,c3F1YXJl',
    );
    await user.click(within(profile).getByRole('button', { name: 'Save picture' }));

    expect(await screen.findByText('Your picture is saved.')).toBeInTheDocument();
    const sent = api.callsTo('/users/profile').find((call) => call.method === 'POST')!.init.body as FormData;
    expect((sent.get('avatar') as Blob).type).toBe('image/jpeg');
    expect(store.getState().auth.user?.avatar.src).toBe('/uploads/abc.webp');
    expect(within(profile).getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', '/uploads/abc.webp');
  });

  it('refuses a picture that is not JPEG, PNG or WebP', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await openAccount();
    const profile = region('Profile');

    await user.upload(profile.querySelector('input[type="file"]')!, new File(['x'], 'me.gif', { type: 'image/gif' }));

    expect(await within(profile).findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP picture.');
  });

  it('turns the newsletter on with the member address, and off again', async () => {
    const user = userEvent.setup();
    const { api } = await openAccount({
      'POST /content/subscribe': { data: { email: 'ada@example.com', subscribed: true } },
      'POST /content/unsubscribe': { data: { email: 'ada@example.com', subscribed: false } },
    });
    const newsletter = within(region('Profile')).getByRole('switch', { name: 'Newsletter' });
    await waitFor(() => expect(newsletter).toBeEnabled());

    await user.click(newsletter);
    expect(await screen.findByText('You will get the newsletter.')).toBeInTheDocument();
    expect(newsletter).toBeChecked();
    expect(bodyOf(api.callsTo('/content/subscribe')[0]!)).toEqual({ email: 'ada@example.com' });

    await waitFor(() => expect(newsletter).toBeEnabled());
    await user.click(newsletter);
    expect(await screen.findByText('You will no longer get the newsletter.')).toBeInTheDocument();
    expect(newsletter).not.toBeChecked();
    expect(api.callsTo('/content/unsubscribe')).toHaveLength(1);
  });
});
