// My account's Board: the colours, pieces and sounds chosen there apply to the boards at once, are
// saved for the member (PATCH /users/preferences) and come back from the BFF on the next visit; a
// saving that fails keeps the choice on this device and says so.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { boardPreferences, changeBoardPreferences, DEFAULT_BOARD_PREFERENCES } from '../../state/board-preferences';
import { errorBody, reply } from '../../test/api-stub';
import { bodyOf, cleanUpAfterEach, openAccount, region } from './account-test-support';

cleanUpAfterEach();

const KEPT = { data: { board_theme: 'violet', piece_set: 'classic', sounds: null } };

beforeEach(() => {
  changeBoardPreferences(DEFAULT_BOARD_PREFERENCES);
});

const patches = (api: Awaited<ReturnType<typeof openAccount>>['api']) =>
  api
    .callsTo('/users/preferences')
    .filter((call) => call.method === 'PATCH')
    .map(bodyOf);

describe('My account: Board', () => {
  it("loads the member's preferences from the BFF", async () => {
    await openAccount({
      'GET /users/preferences': { data: { board_theme: 'brown', piece_set: 'flat', sounds: false } },
    });
    await waitFor(() => expect(boardPreferences()).toEqual({ boardTheme: 'brown', pieceSet: 'flat', sounds: false }));
    const board = region('Board');
    expect(within(board).getByRole('radio', { name: 'Brown' })).toBeChecked();
    expect(within(board).getByRole('radio', { name: 'Flat' })).toBeChecked();
    expect(within(board).getByRole('switch', { name: 'Sounds' })).not.toBeChecked();
    expect(board.querySelector<HTMLElement>('.board-preview')?.dataset.boardTheme).toBe('brown');
  });

  it('applies a choice at once, previews it and saves it for the member', async () => {
    const user = userEvent.setup();
    const { api } = await openAccount({
      'GET /users/preferences': KEPT,
      'PATCH /users/preferences': { data: { board_theme: 'blue', piece_set: 'classic', sounds: null } },
    });
    const board = region('Board');
    await waitFor(() => expect(api.callsTo('/users/preferences')).toHaveLength(1));
    // Sounds are on at a computer until switched off.
    expect(within(board).getByRole('switch', { name: 'Sounds' })).toBeChecked();

    await user.click(within(board).getByRole('radio', { name: 'Blue' }));
    expect(board.querySelector<HTMLElement>('.board-preview')?.dataset.boardTheme).toBe('blue');
    await user.click(within(board).getByRole('radio', { name: 'Flat' }));
    expect(board.querySelector('.board-preview svg')?.getAttribute('data-piece-set')).toBe('flat');
    await user.click(within(board).getByRole('switch', { name: 'Sounds' }));
    expect(within(board).getByRole('switch', { name: 'Sounds' })).not.toBeChecked();

    await waitFor(() =>
      expect(patches(api)).toEqual([{ board_theme: 'blue' }, { piece_set: 'flat' }, { sounds: false }]),
    );
    expect(boardPreferences()).toEqual({ boardTheme: 'blue', pieceSet: 'flat', sounds: false });
    expect(JSON.parse(window.localStorage.getItem('boardPreferences') ?? '{}')).toMatchObject({ boardTheme: 'blue' });
  });

  it('keeps the choice on this device when saving fails, and says so', async () => {
    const user = userEvent.setup();
    await openAccount({
      'GET /users/preferences': KEPT,
      'PATCH /users/preferences': reply(500, errorBody('server_error')),
    });
    await user.click(within(region('Board')).getByRole('radio', { name: 'Green' }));
    expect(
      await screen.findByText('Your board settings could not be saved to your account: they hold on this device.'),
    ).toBeInTheDocument();
    expect(boardPreferences().boardTheme).toBe('green');
  });
});
