// The first page's data asked for before its code: one request each, whether the answer comes
// before or after the page renders.
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { errorBody, reply, stubApi } from '../test/api-stub';
import { buildArticle, lessonCards } from '../test/builders';
import { buildFooter, buildHome } from '../test/page-builders';
import { homeRequested } from '../features/home/slice';
import { routeEntered } from './app-slice';
import { firstPageSteps, preloadFirstPage } from './preload';
import { AppRoutes } from './routes';
import { makeStore } from './store';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let lastStore: ReturnType<typeof makeStore>;
const toasts = () => lastStore.getState().toasts.items;
const failure = reply(500, errorBody('server_error'));

function visit(path: string, { answerFirst = false } = {}) {
  const store = makeStore();
  lastStore = store;
  preloadFirstPage(path, store.dispatch);
  const show = () =>
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </Provider>,
    );
  return answerFirst ? flush().then(show) : Promise.resolve(show());
}

describe('preloadFirstPage', () => {
  it('asks for an article once, when the answer comes after the page renders', async () => {
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/articles/5': buildArticle(5, { title: 'Opening mistakes' }),
      'GET /cms/articles/mostviewed': [],
    });
    await visit('/articles/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Opening mistakes' })).toBeInTheDocument();
    expect(api.callsTo('/cms/articles/5')).toHaveLength(1);
    expect(api.callsTo('/cms/articles/mostviewed')).toHaveLength(1);
  });

  it('asks for an article once, when the answer is there before the page renders', async () => {
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/articles/5': buildArticle(5, { title: 'Opening mistakes' }),
      'GET /cms/articles/mostviewed': [],
    });
    await visit('/articles/5', { answerFirst: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Opening mistakes' })).toBeInTheDocument();
    await flush();
    expect(api.callsTo('/cms/articles/5')).toHaveLength(1);
  });

  it('asks for the lessons, their count and the filters once', async () => {
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons': lessonCards(3),
      'GET /cms/lessons/count': 3,
      'GET /cms/lesson-categories': [],
      'GET /cms/teachers': [],
      'GET /cms/difficulty-levels': [],
    });
    await visit('/lessons');

    expect(await screen.findByText('3 Lessons')).toBeInTheDocument();
    expect(api.callsTo('/cms/lessons')).toHaveLength(1);
    expect(api.callsTo('/cms/lessons/count')).toHaveLength(1);
    expect(api.callsTo('/cms/teachers')).toHaveLength(1);
  });

  it('asks for the home data once', async () => {
    const api = stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/hubs/home': buildHome() });
    await visit('/home');

    expect(await screen.findByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
    expect(api.callsTo('/cms/hubs/home')).toHaveLength(1);
  });

  describe('when the first load fails, asks once and shows one toast', () => {
    it.each([false, true])('home (answer before the page renders: %s)', async (answerFirst) => {
      const api = stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/hubs/home': failure });
      await visit('/home', { answerFirst });
      await flush();
      await flush();

      expect(api.callsTo('/cms/hubs/home')).toHaveLength(1);
      expect(toasts()).toHaveLength(1);
    });

    it.each([false, true])('an article (answer before the page renders: %s)', async (answerFirst) => {
      const api = stubApi({
        'GET /content/footer': buildFooter(),
        'GET /cms/articles/5': failure,
        'GET /cms/articles/mostviewed': [],
      });
      await visit('/articles/5', { answerFirst });
      await flush();
      await flush();

      expect(api.callsTo('/cms/articles/5')).toHaveLength(1);
      expect(toasts()).toHaveLength(1);
    });

    it.each([false, true])('lessons (answer before the page renders: %s)', async (answerFirst) => {
      const api = stubApi({
        'GET /content/footer': buildFooter(),
        'GET /cms/lessons': failure,
        'GET /cms/lessons/count': failure,
        'GET /cms/lesson-categories': [],
        'GET /cms/teachers': [],
        'GET /cms/difficulty-levels': [],
      });
      await visit('/lessons', { answerFirst });
      await flush();
      await flush();

      expect(api.callsTo('/cms/lessons')).toHaveLength(1);
      expect(toasts()).toHaveLength(1);
    });

    it.each([false, true])('programs (answer before the page renders: %s)', async (answerFirst) => {
      const api = stubApi({
        'GET /content/footer': buildFooter(),
        'GET /cms/programs': failure,
        'GET /cms/program-categories': [],
        'GET /cms/teachers': [],
        'GET /cms/difficulty-levels': [],
      });
      await visit('/programs', { answerFirst });
      await flush();
      await flush();

      expect(api.callsTo('/cms/programs')).toHaveLength(1);
      expect(toasts()).toHaveLength(1);
    });
  });

  it('asks again on a later visit of the page whose first load failed', async () => {
    const api = stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/hubs/home': failure });
    const store = makeStore();
    preloadFirstPage('/home', store.dispatch);
    await flush();
    store.dispatch(routeEntered('/lessons'));
    store.dispatch(routeEntered('/home'));
    store.dispatch(homeRequested());
    await flush();

    expect(api.callsTo('/cms/hubs/home')).toHaveLength(2);
  });

  it('leaves a list whose address has a query to its page, which reads the filters', async () => {
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons': lessonCards(3),
      'GET /cms/lessons/count': 3,
      'GET /cms/lesson-categories': [],
      'GET /cms/teachers': [{ id: 7, name: 'Ines Carvalho' }],
      'GET /cms/difficulty-levels': [],
    });
    const store = makeStore();
    preloadFirstPage('/lessons', store.dispatch, '?teacher=7');
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/lessons?teacher=7']}>
          <AppRoutes />
        </MemoryRouter>
      </Provider>,
    );

    expect(await screen.findByText('3 Lessons')).toBeInTheDocument();
    expect(api.callsTo('/cms/lessons').map((call) => call.url.searchParams.get('teacher'))).toEqual(['7']);
    expect(api.callsTo('/cms/teachers')).toHaveLength(1);
  });

  it('asks for nothing on a page it does not know', async () => {
    const api = stubApi({ 'GET /content/footer': buildFooter() });
    const store = makeStore();
    preloadFirstPage('/legal/terms', store.dispatch);
    await flush();

    expect(api.calls.filter((call) => call.url.pathname.startsWith('/cms'))).toHaveLength(0);
  });

  it('gives its work as steps, one for the code and one a request, that ask for nothing until run', async () => {
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/articles/5': buildArticle(5),
      'GET /cms/articles/mostviewed': [],
    });
    const store = makeStore();
    const steps = firstPageSteps('/articles/5', store.dispatch);
    await flush();
    expect(steps).toHaveLength(3);
    expect(api.callsTo('/cms/articles/5')).toHaveLength(0);

    steps.forEach((step) => step());
    await flush();
    expect(api.callsTo('/cms/articles/5')).toHaveLength(1);
    expect(api.callsTo('/cms/articles/mostviewed')).toHaveLength(1);
  });
});
