// Lists keep their filters, sort and page count in the address: a link, a reload and Back bring
// them back.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '../../test/api-stub';
import { lessonCards } from '../../test/builders';
import { buildFooter } from '../../test/page-builders';
import { everyItemShown, renderApp } from '../../test/render-app';
import { initialLessonsState, NO_LESSON_FILTERS } from './slice';
import { listQueryString, parseListQuery } from '../../lib/list-query';

const KEYS = ['lesson_category', 'teacher', 'difficulty_level'] as const;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a list query in the address', () => {
  it('reads filters, sort and pages, and leaves defaults out when written back', () => {
    const query = parseListQuery('?teacher=7&sort=created_at&pages=3', KEYS);
    expect(query).toEqual({
      filters: { lesson_category: null, teacher: 7, difficulty_level: null },
      sort: 'created_at',
      pages: 3,
    });
    expect(listQueryString(query, KEYS)).toBe('teacher=7&sort=created_at&pages=3');
    expect(listQueryString(parseListQuery('', KEYS), KEYS)).toBe('');
  });

  it('takes the default for what is wrong: unknown sort, bad ids, silly page counts', () => {
    expect(parseListQuery('?teacher=x&sort=price&pages=-2&lesson_category=1.5', KEYS)).toEqual({
      filters: { lesson_category: null, teacher: null, difficulty_level: null },
      sort: 'title',
      pages: 1,
    });
    expect(parseListQuery('?pages=999', KEYS).pages).toBe(20);
  });
});

function stubLessons(total: number) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/lessons': (url: URL) => {
      const start = Number(url.searchParams.get('_start'));
      const limit = Number(url.searchParams.get('_limit'));
      return { body: lessonCards(Math.max(0, Math.min(limit, total - start)), start + 1) };
    },
    'GET /cms/lessons/count': total,
    'GET /cms/lesson-categories': [],
    'GET /cms/teachers': [{ id: 7, name: 'Ines Carvalho' }],
    'GET /cms/difficulty-levels': [],
  });
}

describe('the lessons list and its address', () => {
  it('a link with filters, sort and pages shows that list', async () => {
    const api = stubLessons(60);
    renderApp('/lessons?teacher=7&sort=created_at&pages=2');

    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2, name: /Lesson \d+/ })).toHaveLength(48), {
      timeout: 10_000,
    });
    const asked = api.callsTo('/cms/lessons').map((call) => call.url.searchParams);
    expect(asked.map((params) => params.get('_start'))).toEqual(['0', '24']);
    expect(asked.every((params) => params.get('teacher') === '7' && params.get('_sortBy') === 'created_at:desc')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/lessons?teacher=7&sort=created_at&pages=2');
  });

  it('a sort and Load more are written into the address', async () => {
    const user = userEvent.setup();
    const api = stubLessons(60);
    renderApp('/lessons');
    await screen.findAllByRole('heading', { level: 2, name: /Lesson \d+/ });
    await everyItemShown();
    expect(screen.getAllByRole('heading', { level: 2, name: /Lesson \d+/ })).toHaveLength(24);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lessons$/);

    await user.click(screen.getByRole('button', { name: 'Sort' }));
    await user.click(screen.getByRole('button', { name: 'Release date' }));
    await flush();
    expect(screen.getByTestId('location')).toHaveTextContent('/lessons?sort=created_at');

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2, name: /Lesson \d+/ })).toHaveLength(48), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/lessons?sort=created_at&pages=2');
    // One request a step: the address following the list asks for nothing again.
    expect(api.callsTo('/cms/lessons').map((call) => call.url.searchParams.get('_start'))).toEqual(['0', '0', '24']);
  });

  it('a list filtered earlier shows whole again when the address has no filter', async () => {
    const api = stubLessons(30);
    const { store } = renderApp('/lessons', {
      lessons: { ...initialLessonsState, filters: { ...NO_LESSON_FILTERS, teacher: 7 } },
    });
    await act(async () => {
      await flush();
    });

    expect(store.getState().lessons.filters.teacher).toBeNull();
    expect(api.callsTo('/cms/lessons').at(-1)!.url.searchParams.has('teacher')).toBe(false);
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
  });
});
