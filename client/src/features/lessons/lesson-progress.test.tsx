import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { figuresHeld, figuresShort, figuresText, withSolved } from '../../components/figures';
import { initialAuthState } from '../../state/auth-slice';
import { stubApi } from '../../test/api-stub';
import { buildLesson, lessonCards } from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import { everyItemShown, renderApp } from '../../test/render-app';

const NBSP = '\u00a0';
const member = { auth: { ...initialAuthState(buildUser()), accessToken: 'token' } };
const figures = (watched: number, videos: number, solved: number, exercises: number) => ({
  videos_watched: watched,
  videos_total: videos,
  exercises_solved: solved,
  exercises_total: exercises,
});

/** Mate in one on the back rank: Re8#, a line of one move. */
const exercise = (key: string, solved = false) => ({
  id: `lesson_chapter:12:2:${key}`,
  key,
  fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1',
  prompt: `Mate in one (${key}).`,
  hint: null,
  explanation: 'The back rank.',
  moves: ['e1e8'],
  solved,
});

function lessonWithExercises() {
  const lesson = buildLesson(12, { ...figures(1, 2, 1, 3), progress: 60 });
  const [first, second] = lesson.chapters;
  return {
    ...lesson,
    chapters: [
      { ...first!, progress: 100, ...figures(1, 1, 0, 0) },
      {
        ...second!,
        progress: 20,
        ...figures(0, 1, 1, 3),
        exercises: [exercise('e1', true), exercise('e2'), exercise('e3')],
      },
    ],
  };
}

describe('the figures of progress', () => {
  it('say videos watched and exercises solved, in the singular or plural, with no break before units', () => {
    expect(figuresText(figures(2, 5, 1, 3))).toBe(`2 of 5${NBSP}videos watched, 1 of 3${NBSP}exercises solved`);
    expect(figuresText(figures(0, 1, 1, 1))).toBe(`0 of 1${NBSP}video watched, 1 of 1${NBSP}exercise solved`);
    // No exercises: no word of them.
    expect(figuresText(figures(3, 4, 0, 0))).toBe(`3 of 4${NBSP}videos watched`);
    // Only exercises (no video): no word of videos.
    expect(figuresText(figures(0, 0, 2, 6))).toBe(`2 of 6${NBSP}exercises solved`);
    expect(figuresShort(figures(2, 5, 1, 3))).toBe(`2/5${NBSP}videos · 1/3${NBSP}exercises`);
    expect(figuresShort(figures(1, 1, 0, 1))).toBe(`1/1${NBSP}video · 0/1${NBSP}exercise`);
    expect(figuresHeld(figures(0, 5, 0, 1))).toBe(`5${NBSP}videos · 1${NBSP}exercise`);
  });

  it('count exercises solved since the answer at once, in the count and the percent', () => {
    expect(withSolved({ ...figures(1, 2, 1, 2), progress: 50 }, 1)).toEqual({ ...figures(1, 2, 2, 2), progress: 75 });
    // Never more than there are.
    expect(withSolved({ ...figures(0, 1, 1, 1), progress: 50 }, 3)).toEqual({ ...figures(0, 1, 1, 1), progress: 50 });
  });
});

describe("a lesson's progress", () => {
  it('shows videos watched and exercises solved for the lesson and each chapter, and counts a solve at once', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /cms/lessons/12': lessonWithExercises(),
      'GET /cms/lessons': [],
      'PUT /content/exercises/lesson_chapter%3A12%3A2%3Ae2': {
        data: { id: 'lesson_chapter:12:2:e2', solved: true, hints: 0, failed: false },
      },
    });
    renderApp('/lessons/12?chapter=2&exercise=lesson_chapter%3A12%3A2%3Ae2', member);

    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 12' })).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Your progress' });
    expect(progress).toHaveValue(60);
    const block = progress.closest('.watch-progress') as HTMLElement;
    expect(block?.textContent).toContain(`1 of 2${NBSP}videos watched, 1 of 3${NBSP}exercises solved`);
    const chapters = within(screen.getByRole('list', { name: 'Lessons' })).getAllByRole('button');
    expect(chapters[0]?.textContent).toContain(`1 of 1${NBSP}video watched`);
    expect(chapters[0]?.textContent).not.toContain('exercise');
    expect(chapters[1]?.textContent).toContain(`0 of 1${NBSP}video watched, 1 of 3${NBSP}exercises solved`);

    // The link opened the Exercises tab at the second exercise.
    const practise = await screen.findByRole('region', { name: 'Practise' });
    expect(await within(practise).findByText('Exercise 2 of 3')).toBeInTheDocument();
    expect(within(practise).getByText('Mate in one (e2).')).toBeInTheDocument();

    await user.type(within(practise).getByLabelText('Your move'), 'Re8{Enter}');
    expect(within(practise).getByText('Solved')).toBeInTheDocument();
    await waitFor(() =>
      expect(block?.textContent).toContain(`1 of 2${NBSP}videos watched, 2 of 3${NBSP}exercises solved`),
    );
    // One exercise of five things to do: 20 points more.
    expect(progress).toHaveValue(80);
    expect(chapters[1]?.textContent).toContain(`2 of 3${NBSP}exercises solved`);
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows no figures to a guest', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons/12': lessonWithExercises(),
      'GET /cms/lessons': [],
    });
    renderApp('/lessons/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 12' })).toBeInTheDocument();
    expect(screen.queryByText(/videos? watched/)).toBeNull();
  });

  it("opens a link's exercise on the Exercises tab even when the chapter has other things to practise", async () => {
    const lesson = lessonWithExercises();
    const second = lesson.chapters[1]!;
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons/12': {
        ...lesson,
        chapters: [
          lesson.chapters[0]!,
          { ...second, positions: [{ at: 5, fen: exercise('e1').fen, caption: 'The back rank' }] },
        ],
      },
      'GET /cms/lessons': [],
    });
    renderApp('/lessons/12?chapter=2&exercise=lesson_chapter%3A12%3A2%3Ae3');
    const practise = await screen.findByRole('region', { name: 'Practise' });
    expect(await within(practise).findByText('Exercise 3 of 3')).toBeInTheDocument();
    expect(within(practise).getByRole('button', { name: 'Exercises (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(practise).getByText('Mate in one (e3).')).toBeInTheDocument();
  });
});

describe('lesson cards in the list', () => {
  it("show a member's figures once fetched, in a line kept from the first render", async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /cms/lessons': (url: URL) => ({ body: url.searchParams.get('_start') === '0' ? lessonCards(3) : [] }),
      'GET /cms/lessons/count': 3,
      'GET /cms/lesson-categories': [],
      'GET /cms/teachers': [],
      'GET /cms/difficulty-levels': [],
      'GET /content/progress/cards': {
        data: {
          lessons: { '2': { progress: 40, completed: 1, count: 2, ...figures(1, 2, 2, 5) } },
          programs: {},
        },
      },
    });
    renderApp('/lessons', member);
    await everyItemShown();
    const card = await screen.findByRole('link', { name: /Lesson 2/ });
    await waitFor(() =>
      expect(card?.textContent).toContain(`1 of 2${NBSP}videos watched, 2 of 5${NBSP}exercises solved`),
    );
    expect(card.querySelector('.content-card__figures [aria-hidden="true"]')?.textContent).toBe(
      `1/2${NBSP}videos · 2/5${NBSP}exercises`,
    );
    // A lesson never started keeps its (empty) line.
    const other = screen.getByRole('link', { name: /Lesson 1/ });
    expect(other.querySelector('.content-card__figures')).toHaveTextContent(/^\s*$/);
  });
});
