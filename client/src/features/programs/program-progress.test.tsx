import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState } from '../../state/auth-slice';
import { stubApi } from '../../test/api-stub';
import { buildChapter, buildChapterSummary, buildProgramDetail } from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';

const NBSP = '\u00a0';
const member = { auth: { ...initialAuthState(buildUser()), accessToken: 'token' } };
const text = (element: Element | null | undefined) => element?.textContent ?? '';

const exercise = (key: string, solved = false) => ({
  id: `program_subchapter:241:2:${key}`,
  key,
  fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1',
  prompt: `Back rank (${key}).`,
  source: null,
  hint: null,
  explanation: null,
  moves: ['e1e8'],
  solved,
});

function program() {
  return buildProgramDetail(42, {
    title: 'A solid repertoire',
    progress: 30,
    completed_lessons: 3,
    lesson_count: 13,
    videos_watched: 3,
    videos_total: 13,
    exercises_solved: 1,
    exercises_total: 12,
    chapters: [
      buildChapterSummary(241, 'The Caro-Kann', {
        videos_watched: 2,
        videos_total: 5,
        exercises_solved: 1,
        exercises_total: 4,
      }),
      buildChapterSummary(242, 'The Slav', { videos_total: 8, exercises_total: 0 }),
      buildChapterSummary(243, 'A quiz', { videos_total: 0, exercises_total: 1 }),
    ],
  });
}

describe("a program's progress", () => {
  it('shows videos watched and exercises solved for the program and each chapter card', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /cms/programs/42': program(),
    });
    renderApp('/program/42', member);
    const bar = await screen.findByRole('progressbar', { name: 'Your progress' });
    expect(text(bar.closest('.watch-progress'))).toContain(
      `3 of 13${NBSP}videos watched, 1 of 12${NBSP}exercises solved`,
    );
    const cards = within(screen.getByRole('region', { name: /chapters/i })).getAllByRole('link');
    expect(text(cards[0])).toContain(`2 of 5${NBSP}videos watched1 of 4${NBSP}exercises solved`);
    expect(text(cards[1])).toContain(`0 of 8${NBSP}videos watched`);
    expect(text(cards[1])).not.toContain('exercise');
    expect(text(cards[2])).toContain(`0 of 1${NBSP}exercise solved`);
    expect(text(cards[2])).not.toContain('video');
  });

  it('tells a guest what each chapter holds, with no figures of theirs', async () => {
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/programs/42': program() });
    renderApp('/program/42');
    await screen.findByRole('heading', { level: 1, name: 'A solid repertoire' });
    expect(screen.queryByRole('progressbar', { name: 'Your progress' })).toBeNull();
    const cards = within(screen.getByRole('region', { name: /chapters/i })).getAllByRole('link');
    expect(text(cards[0])).toContain(`5${NBSP}videos · 4${NBSP}exercises`);
    expect(text(cards[1])).toContain(`8${NBSP}videos`);
  });
});

describe("a program chapter's progress", () => {
  it('opens the linked exercise of the linked video and counts its solve at once', async () => {
    const user = userEvent.setup();
    const chapter = buildChapter(241, ['Part 1', 'Part 2'], {
      progress: 40,
      videos_watched: 1,
      videos_total: 2,
      exercises_solved: 0,
      exercises_total: 3,
      chapters: [
        buildChapterSummary(241, 'The Caro-Kann'),
        buildChapterSummary(242, 'The Slav', { videos_watched: 8, videos_total: 8, progress: 100 }),
      ],
    });
    chapter.subchapters[1] = {
      ...chapter.subchapters[1]!,
      exercises: [exercise('e1'), exercise('e2'), exercise('e3')],
    };
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /cms/program-chapters/241': chapter,
      'PUT /content/exercises/program_subchapter%3A241%3A2%3Ae3': {
        data: { id: 'program_subchapter:241:2:e3', solved: true, hints: 0, failed: false },
      },
    });
    renderApp('/program-chapter/241?video=241%3A2&exercise=program_subchapter%3A241%3A2%3Ae3', member);

    expect(await screen.findByRole('heading', { level: 1, name: 'Part 2' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Your progress' });
    const block = bar.closest('.watch-progress');
    expect(text(block)).toContain(`1 of 2${NBSP}videos watched, 0 of 3${NBSP}exercises solved`);
    const other = within(screen.getByRole('region', { name: 'Other chapters' })).getByRole('link');
    expect(text(other)).toContain(`8 of 8${NBSP}videos watched`);

    const practise = await screen.findByRole('region', { name: 'Practise' });
    expect(await within(practise).findByText('Exercise 3 of 3')).toBeInTheDocument();
    await user.type(within(practise).getByLabelText('Your move'), 'Re8{Enter}');
    await waitFor(() => expect(text(block)).toContain(`1 of 2${NBSP}videos watched, 1 of 3${NBSP}exercises solved`));
    expect(bar).toHaveValue(60);
  });
});
