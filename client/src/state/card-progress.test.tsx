import { screen, waitFor } from '@testing-library/react';
import { errorBody, reply, stubApi } from '../test/api-stub';
import { buildLesson, buildProgram, lessonCards } from '../test/builders';
import { buildUser } from '../test/member-builders';
import { buildFooter } from '../test/page-builders';
import { everyItemShown, renderApp } from '../test/render-app';
import { storeFor as makeStore } from '../test/render-with-store';
import { initialAuthState, loggedOut } from './auth-slice';
import { cardsShown, selectCardProgress } from './card-progress-slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const member = { auth: { ...initialAuthState(buildUser()), accessToken: 'token' } };
// Without a profile the session ends (a 404 for it signs the member out).
const profile = { 'GET /users/profile': { data: buildUser() } };
const figures = (progress: number, completed = 0, count = 5) => ({
  progress,
  completed,
  count,
  videos_watched: completed,
  videos_total: count,
  exercises_solved: 0,
  exercises_total: 0,
});

describe('card progress saga', () => {
  it("asks for the member's progress in the cards shown, fifty ids of a kind a call", async () => {
    const api = stubApi({
      ...profile,
      'GET /content/progress/cards': (url: URL) => ({
        body: {
          data: url.searchParams.getAll('lessons').includes('2')
            ? { lessons: { '2': figures(40, 1) }, programs: { '4': figures(10, 2, 21) } }
            : { lessons: { '55': figures(100, 5) }, programs: {} },
        },
      }),
    });
    const store = makeStore(member);
    const lessons = Array.from({ length: 60 }, (_, i) => i + 1);

    store.dispatch(cardsShown({ lessons: [...lessons, 2], programs: [4] }));
    await waitFor(() => expect(api.callsTo('/content/progress/cards')).toHaveLength(2));
    await flush();

    const [first, second] = api.callsTo('/content/progress/cards').map((call) => call.url.searchParams);
    expect(first!.getAll('lessons')).toEqual(lessons.slice(0, 50).map(String));
    expect(first!.getAll('programs')).toEqual(['4']);
    expect(second!.getAll('lessons')).toEqual(lessons.slice(50).map(String));
    expect(second!.getAll('programs')).toEqual([]);
    const state = store.getState();
    expect(selectCardProgress(state, 'lessons', 2)).toBe(40);
    expect(selectCardProgress(state, 'lessons', 55)).toBe(100);
    expect(selectCardProgress(state, 'lessons', 3)).toBe(0);
    expect(selectCardProgress(state, 'programs', 4)).toBe(10);
  });

  it('forgets figures the answer leaves out now, and all of them on logging out', async () => {
    let answer: unknown = { data: { lessons: { '2': figures(40) }, programs: {} } };
    stubApi({ ...profile, 'GET /content/progress/cards': () => ({ body: answer }) });
    const store = makeStore(member);

    store.dispatch(cardsShown({ lessons: [2] }));
    await waitFor(() => expect(selectCardProgress(store.getState(), 'lessons', 2)).toBe(40));
    answer = { data: { lessons: {}, programs: {} } };
    store.dispatch(cardsShown({ lessons: [2, 3] }));
    await waitFor(() => expect(selectCardProgress(store.getState(), 'lessons', 2)).toBe(0));

    answer = { data: { lessons: { '2': figures(40) }, programs: {} } };
    store.dispatch(cardsShown({ lessons: [2] }));
    await waitFor(() => expect(selectCardProgress(store.getState(), 'lessons', 2)).toBe(40));
    store.dispatch(loggedOut());
    expect(store.getState().cardProgress).toEqual({ lessons: {}, programs: {} });
  });

  it('asks nothing for a guest', async () => {
    const api = stubApi({});
    const store = makeStore();
    store.dispatch(cardsShown({ lessons: [1, 2] }));
    await flush();
    expect(api.callsTo('/content/progress/cards')).toHaveLength(0);
  });

  it('is silent when the call fails: no figures, no toast', async () => {
    const api = stubApi({ ...profile, 'GET /content/progress/cards': reply(500, errorBody('server_error')) });
    const store = makeStore(member);
    store.dispatch(cardsShown({ lessons: [1] }));
    await waitFor(() => expect(api.callsTo('/content/progress/cards')).toHaveLength(1));
    await flush();
    expect(store.getState().cardProgress).toEqual({ lessons: {}, programs: {} });
    expect(store.getState().toasts.items).toEqual([]);
  });
});

function stubLists() {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /users/profile': { data: buildUser() },
    'GET /cms/lessons': lessonCards(3),
    'GET /cms/lessons/count': 3,
    'GET /cms/programs': [buildProgram(4), buildProgram(5)],
    'GET /cms/programs/count': 2,
    'GET /content/progress/cards': {
      data: { lessons: { '2': figures(40, 2) }, programs: { '5': figures(24, 5, 21) } },
    },
  });
}

const cardOf = (title: string) => screen.getByText(title).closest('a')!;
const barsIn = (card: HTMLElement) => card.querySelectorAll('.content-card__media .progress-bar--card');

describe('lesson and program cards', () => {
  it("show a member's progress on the lessons started, over the picture's bottom edge", async () => {
    const api = stubLists();
    renderApp('/lessons', member);
    await screen.findByText('Lesson 3');
    await everyItemShown();

    await waitFor(() => expect(cardOf('Lesson 2')).toHaveTextContent('40% watched'));
    expect(barsIn(cardOf('Lesson 2'))).toHaveLength(1);
    expect(cardOf('Lesson 1')).not.toHaveTextContent('watched');
    expect(barsIn(cardOf('Lesson 1'))).toHaveLength(0);
    expect(api.callsTo('/content/progress/cards')[0]!.url.search).toBe('?lessons=1&lessons=2&lessons=3');
  });

  it("show a member's progress on the programs started", async () => {
    stubLists();
    renderApp('/programs', member);
    await screen.findByText('Program 4');

    await waitFor(() => expect(cardOf('Program 5')).toHaveTextContent('24% watched'));
    expect(cardOf('Program 4')).not.toHaveTextContent('watched');
  });

  it("show a member's progress in a lesson's related rows", async () => {
    const api = stubApi({
      ...profile,
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons/7': buildLesson(7, { title: 'Active rooks' }),
      'GET /cms/lessons': (url: URL) => ({
        body: url.searchParams.get('teacher')
          ? [buildLesson(7), buildLesson(30, { title: 'Same teacher' })]
          : [buildLesson(31, { title: 'Same topic' })],
      }),
      'GET /content/progress/cards': { data: { lessons: { '30': figures(60, 3) }, programs: {} } },
    });
    renderApp('/lessons/7', member);
    await screen.findByText('Same topic');

    await waitFor(() => expect(cardOf('Same teacher')).toHaveTextContent('60% watched'));
    expect(cardOf('Same topic')).not.toHaveTextContent('watched');
    expect(api.callsTo('/content/progress/cards').at(-1)!.url.searchParams.getAll('lessons')).toEqual(
      expect.arrayContaining(['30', '31']),
    );
  });

  it('show a guest no bar and ask nothing', async () => {
    const api = stubLists();
    renderApp('/lessons');
    await screen.findByText('Lesson 3');
    await flush();

    expect(api.callsTo('/content/progress/cards')).toHaveLength(0);
    expect(document.querySelectorAll('.progress-bar')).toHaveLength(0);
  });
});
