// The review page's states (guest, loading, nothing due, items, all done, error), its words, home's
// review card and a program chapter's lines to drill.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Drill, ReviewNext, ReviewSummary } from '../../api/contract';
import { typeMove } from '../../components/board/board-test-support';
import { initialAuthState } from '../../state/auth-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildChapter } from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildFooter, buildHome } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import { dueInWords, nextDueInWords, placeLink } from '../../components/review/review-words';

const member = { auth: { ...initialAuthState(buildUser()), accessToken: 'token' } };

function summary(due: { puzzle?: number; exercise?: number; line?: number }, extra: Partial<ReviewSummary> = {}) {
  const kinds = (['puzzle', 'exercise', 'line'] as const).map((kind) => ({
    kind,
    due_now: due[kind] ?? 0,
    due_today: due[kind] ?? 0,
    next_due: null,
  }));
  const due_now = kinds.reduce((sum, kind) => sum + kind.due_now, 0);
  const data: ReviewSummary = { due_now, due_today: due_now, next_due: null, kinds, items: [], ...extra };
  return { data };
}

const MATE_ID = 'lesson_chapter:12:3:e1';
const EXERCISE_ITEM: ReviewNext = {
  kind: 'exercise',
  id: MATE_ID,
  due: '2026-12-07T09:00:00Z',
  puzzle: null,
  line: null,
  exercise: {
    id: MATE_ID,
    key: 'e1',
    fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1',
    prompt: 'White mates in one.',
    source: null,
    moves: ['e1e8'],
    comments: ['The back rank.'],
    solved: false,
  },
  place: {
    title: 'Back-rank mates',
    subtitle: 'Checkmate patterns',
    thumbnail: null,
    link: { lesson_id: 12, chapter: 3 },
  },
};

function stubMember(routes: Record<string, unknown>) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /users/profile': { data: buildUser() },
    ...routes,
  });
}

describe('review words', () => {
  it('says what is due by kind, leaving out the kinds with nothing due', () => {
    expect(dueInWords(summary({ puzzle: 3, exercise: 2, line: 4 }).data.kinds)).toBe('3 puzzles, 2 exercises, 4 lines');
    expect(dueInWords(summary({ puzzle: 1, line: 2 }).data.kinds)).toBe('1 puzzle, 2 lines');
  });

  it('says when the next comes in the member’s own time', () => {
    const now = new Date(2026, 11, 7, 10, 0);
    expect(nextDueInWords(new Date(2026, 11, 7, 10, 8).toISOString(), now)).toBe('in 8 minutes');
    expect(nextDueInWords(new Date(2026, 11, 7, 14, 5).toISOString(), now)).toBe('today at 14:05');
    expect(nextDueInWords(new Date(2026, 11, 8, 9, 30).toISOString(), now)).toBe('tomorrow at 09:30');
    expect(nextDueInWords(new Date(2026, 11, 14, 9, 30).toISOString(), now)).toBe('on December 14 at 09:30');
  });

  it('links an item to its lesson chapter or program video, the exercise open', () => {
    expect(placeLink(EXERCISE_ITEM)).toBe(`/lessons/12?chapter=3&exercise=${encodeURIComponent(MATE_ID)}`);
    const line = {
      kind: 'line' as const,
      id: 'program_subchapter:40:2:line-1a2b3c4d',
      place: { title: 'Part 2', subtitle: 'The main line', thumbnail: null, link: { chapter_id: 40, program_id: 42 } },
    };
    expect(placeLink(line)).toBe('/program-chapter/40?video=40%3A2');
    expect(placeLink({ kind: 'puzzle', id: '00sHx', place: null })).toBeNull();
  });
});

describe('review page', () => {
  it('tells a guest what the review is and offers to log in', async () => {
    stubApi({ 'GET /content/footer': buildFooter() });
    renderApp('/review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
    expect(screen.getByText(/Log in to see yours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows a loader until the review is in', async () => {
    let answer: (value: unknown) => void = () => {};
    stubMember({ 'GET /content/review': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/review', member);
    expect(await screen.findByText('Loading your review…')).toBeInTheDocument();
    // Identical calls in flight are shared: the next test must not wait on this one.
    answer({ body: summary({ puzzle: 1 }) });
    expect(await screen.findByRole('button', { name: 'Start review' })).toBeInTheDocument();
  });

  it('says when the next comes when nothing is due', async () => {
    const next = new Date(Date.now() + 30 * 60_000).toISOString();
    stubMember({ 'GET /content/review': summary({}, { next_due: next }) });
    renderApp('/review', member);
    expect(await screen.findByText(/Nothing to review now\. Next: in (29|30) minutes\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start review' })).toBeNull();
  });

  it('shows an error with Retry when the review does not load', async () => {
    const user = userEvent.setup();
    let answer = reply(500, errorBody('server_error'));
    stubMember({ 'GET /content/review': () => answer });
    renderApp('/review', member);
    expect(await screen.findByText('Something went wrong fetching your review.')).toBeInTheDocument();
    answer = reply(200, summary({ puzzle: 1 }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 puzzle')).toBeInTheDocument();
  });

  it('plays the due items one after another, each with where it comes from, until all is done', async () => {
    const user = userEvent.setup();
    let served = false;
    const api = stubMember({
      'GET /content/review': summary({ exercise: 1, line: 2 }),
      'GET /content/review/next': () => {
        if (served) return reply(404, errorBody('not_found'));
        served = true;
        return reply(200, { data: EXERCISE_ITEM });
      },
      [`PUT /content/exercises/${encodeURIComponent(MATE_ID)}`]: {
        data: { id: MATE_ID, solved: true, hints: 0, failed: false, alternative: null },
      },
    });
    renderApp('/review', member);
    expect(await screen.findByText('3 to review:')).toBeInTheDocument();
    expect(screen.getByText('1 exercise, 2 lines')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start review' }));
    expect(await screen.findByText('White mates in one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back-rank mates · Checkmate patterns' })).toHaveAttribute(
      'href',
      `/lessons/12?chapter=3&exercise=${encodeURIComponent(MATE_ID)}`,
    );
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    await typeMove(user, 'Re8#');
    expect(await screen.findByText('Solved')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`/content/exercises/${encodeURIComponent(MATE_ID)}`)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('All done')).toBeInTheDocument();
  });

  it('says so when the next item does not load', async () => {
    const user = userEvent.setup();
    stubMember({
      'GET /content/review': summary({ puzzle: 2 }),
      'GET /content/review/next': reply(500, errorBody('server_error')),
    });
    renderApp('/review', member);
    await user.click(await screen.findByRole('button', { name: 'Start review' }));
    expect(await screen.findByText('Something went wrong fetching the next item.')).toBeInTheDocument();
  });
});

describe("home's review card", () => {
  it('tells a member with something due how much, with a link to the review', async () => {
    stubMember({
      'GET /cms/hubs/home': buildHome(),
      'GET /content/continue': { data: [] },
      'GET /content/review': summary({ puzzle: 3, line: 2 }),
    });
    renderApp('/home', member);
    const card = await screen.findByRole('region', { name: /5 to review/ });
    expect(card).toHaveTextContent('5 to review: 3 puzzles, 2 lines');
    expect(within(card).getByRole('link', { name: 'Review now' })).toHaveAttribute('href', '/review');
  });

  it('shows nothing when nothing is due', async () => {
    stubMember({
      'GET /cms/hubs/home': buildHome(),
      'GET /content/continue': { data: [] },
      'GET /content/review': summary({}),
    });
    renderApp('/home', member);
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome back/ })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Masterclass' });
    expect(screen.queryByText(/to review/)).toBeNull();
  });

  it('shows nothing to a guest, who is not asked', async () => {
    const api = stubApi({ 'GET /cms/hubs/home': buildHome(), 'GET /content/footer': buildFooter() });
    renderApp('/home');
    await screen.findByRole('region', { name: 'Masterclass' });
    expect(screen.queryByText(/to review/)).toBeNull();
    expect(api.callsTo('/content/review')).toHaveLength(0);
  });
});

describe("a program chapter's lines to drill", () => {
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  const drill: Drill = {
    side: 'black',
    fen: START,
    lines: [
      {
        id: 'program_subchapter:241:1:line-aaaaaaaa',
        key: 'line-aaaaaaaa',
        name: 'Main line',
        fen: AFTER_E4,
        before: ['e2e4'],
        moves: ['e7e5', 'g1f3', 'b8c6'],
        comments: ['Meet the centre.', null, 'Defend the pawn.'],
        solved: false,
      },
      {
        id: 'program_subchapter:241:1:line-bbbbbbbb',
        key: 'line-bbbbbbbb',
        name: 'Side line 2.Nc3',
        fen: AFTER_E4,
        before: ['e2e4'],
        moves: ['e7e5', 'b1c3', 'g8f6'],
        comments: [null, null, null],
        solved: false,
      },
    ],
  };
  const chapter = buildChapter(241, ['Part 1', 'Part 2']);
  chapter.subchapters[0]!.drill = drill;

  it("lists each line with whether it is due, and drills a line on the board from Black's side", async () => {
    const user = userEvent.setup();
    const api = stubMember({
      'GET /cms/program-chapters/241': chapter,
      'GET /content/review': summary(
        { line: 1 },
        { items: [{ kind: 'line', id: drill.lines[1]!.id, due: '2026-12-07T09:00:00Z' }] },
      ),
      [`PUT /content/exercises/${encodeURIComponent(drill.lines[0]!.id)}`]: {
        data: { id: drill.lines[0]!.id, solved: true, hints: 0, failed: false, alternative: null },
      },
    });
    const { container } = renderApp('/program-chapter/241', member);
    const section = await screen.findByRole('region', { name: 'Lines to drill' });
    const lines = within(section).getAllByRole('listitem');
    await waitFor(() => expect(lines[1]).toHaveTextContent('Side line 2.Nc3 · Due now'));
    expect(lines[0]).toHaveTextContent('Main line · New');
    expect(within(section).getByRole('button', { name: 'Drill all due lines (1)' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Drill Main line' }));
    expect(await within(section).findByText('After 1.e4')).toBeInTheDocument();
    // Black's side at the bottom: the first rank's squares are at the top.
    await waitFor(() => expect(container.querySelector('[data-square]')).not.toBeNull());
    expect(container.querySelector('[data-square]')!.getAttribute('data-square')).toBe('h1');
    await typeMove(user, 'e5');
    expect(await within(section).findByText('Meet the centre.')).toBeInTheDocument();
    expect(await within(section).findByText(/Your move\./, {}, { timeout: 3000 })).toBeInTheDocument();
    await typeMove(user, 'Nc6');
    expect(await within(section).findByText('Solved')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo(`/content/exercises/${encodeURIComponent(drill.lines[0]!.id)}`)).toHaveLength(1),
    );
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('Main line · Known');
  });

  it('shows no drill on a locked part (its answer carries none)', async () => {
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/program-chapters/241': buildChapter(241, ['Part 1']) });
    renderApp('/program-chapter/241');
    expect(await screen.findByRole('heading', { level: 1, name: 'Part 1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lines to drill' })).toBeNull();
  });
});
