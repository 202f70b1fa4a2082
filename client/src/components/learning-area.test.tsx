import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chess } from 'chess.js';
import { stubApi } from '../test/api-stub';
import { buildUser } from '../test/member-builders';
import { renderWithStore, type TestState } from '../test/render-with-store';
import { initialAuthState } from '../state/auth-slice';
import { initialConsentState } from '../state/consent-slice';
import type { PlaybackItem } from '../state/playback-slice';
import { LearningArea } from './LearningArea';
import { VideoPlayer } from './VideoPlayer';

const item: PlaybackItem = { type: 'lesson_chapter', id: '7:2' };
const START = new Chess().fen();
const afterE4 = (() => {
  const chess = new Chess();
  chess.move('e4');
  return chess.fen();
})();

const chapter = {
  id: 2,
  title: 'Key ideas',
  positions: [
    { at: 0, fen: START, caption: 'The start' },
    { at: 192, fen: afterE4, caption: 'The king pawn' },
  ],
  pgn: null,
  game: null,
  exercises: [
    {
      id: 'lesson_chapter:7:2:e1',
      key: 'e1',
      fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1',
      prompt: 'Mate in one.',
      source: null,
      hint: null,
      explanation: 'The back rank.',
      moves: ['e1e8'],
      solved: false,
    },
  ],
};

const guestWithMedia = (): TestState => ({ consent: initialConsentState({ statistics: false, media: true }) });

function page(content: object) {
  return (
    <>
      <VideoPlayer videoId="xvid" title="Key ideas" item={item} />
      <LearningArea item={item} content={content} />
    </>
  );
}

describe('the Practise area of a chapter', () => {
  it('is not there when the chapter has nothing to practise', () => {
    renderWithStore(page({ id: 2, title: 'Key ideas' }), { preloaded: guestWithMedia() });
    expect(screen.queryByRole('heading', { name: 'Practise' })).toBeNull();
  });

  it("follows the video's time, and seeks the video to a position tapped", async () => {
    renderWithStore(page(chapter), { preloaded: guestWithMedia() });
    expect(await screen.findByRole('heading', { name: 'Practise' })).toBeInTheDocument();
    const frame = screen.getByTitle<HTMLIFrameElement>('Key ideas');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: 'event=timeupdate&time=200', source: frame.contentWindow }),
      );
    });
    const kingPawn = await screen.findByRole('button', { name: 'at 3:12 The king pawn' });
    expect(kingPawn).toHaveAttribute('aria-current', 'step');

    const sent = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'at 0:00 The start' }));
    expect(sent).toHaveBeenCalledWith('{"command":"seek","parameters":[0]}', 'https://www.dailymotion.com');
  });

  it("records a member's solved exercise", async () => {
    const api = stubApi({
      'PUT /content/exercises/lesson_chapter%3A7%3A2%3Ae1': {
        data: { id: 'lesson_chapter:7:2:e1', solved: true, hints: 0, failed: false },
      },
      'GET /users/profile': { data: buildUser() },
    });
    const member: TestState = {
      ...guestWithMedia(),
      auth: { ...initialAuthState(buildUser()), accessToken: 'token' },
    };
    const { store } = renderWithStore(<LearningArea item={item} content={chapter} />, { preloaded: member });
    await userEvent.click(await screen.findByRole('button', { name: /Exercises/ }));
    await userEvent.type(screen.getByLabelText('Your move'), 'Re8{Enter}');
    expect(screen.getByText('Solved')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().learning.solved).toEqual({ 'lesson_chapter:7:2:e1': true }));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.init.body as string)).toEqual({
      moves: ['e1e8'],
      hints: 0,
      gave_up: false,
      attempt_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
  });

  it("records a member's Show solution as given up, so that the exercise comes back in review", async () => {
    const api = stubApi({
      'PUT /content/exercises/lesson_chapter%3A7%3A2%3Ae1': {
        data: { id: 'lesson_chapter:7:2:e1', solved: false, hints: 0, failed: true, alternative: null },
      },
      'GET /users/profile': { data: buildUser() },
    });
    const member: TestState = {
      ...guestWithMedia(),
      auth: { ...initialAuthState(buildUser()), accessToken: 'token' },
    };
    renderWithStore(<LearningArea item={item} content={chapter} />, { preloaded: member });
    await userEvent.click(await screen.findByRole('button', { name: /Exercises/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Show solution' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.init.body as string)).toEqual({
      moves: [],
      hints: 0,
      gave_up: true,
      attempt_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
  });
});
