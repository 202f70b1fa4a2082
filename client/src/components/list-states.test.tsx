// Loading lists show grey cards of the cards to come, replaced by the cards when they arrive;
// home shows skeleton sections, and a Retry when it fails.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, reply, stubApi } from '../test/api-stub';
import { buildArticle, buildFooter, buildHome, lessonCards } from '../test/builders';
import { renderApp } from '../test/render-app';
import { SkeletonCards } from './SkeletonCards';

/** An answer held until `release` is called. */
function held<T>(body: T) {
  let release: () => void = () => undefined;
  const answer = new Promise<{ body: T }>((resolve) => {
    release = () => resolve({ body });
  });
  return { respond: () => answer, release: () => release() };
}

describe('skeleton cards', () => {
  it('are announced once by their label and hidden from screen readers themselves', () => {
    const { container } = render(<SkeletonCards label="Loading lessons…" count={3} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading lessons…');
    expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(3);
    expect(container.querySelector('ul')).toHaveAttribute('aria-hidden', 'true');
  });

  it('stand in for the lessons while they load, then give way to the cards', async () => {
    const lessons = held(lessonCards(2));
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons': lessons.respond,
      'GET /cms/lessons/count': 2,
      'GET /cms/lesson-categories': [],
      'GET /cms/teachers': [],
      'GET /cms/difficulty-levels': [],
    });
    const { container } = renderApp('/lessons');

    expect(await screen.findByText('Loading lessons…')).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton').length).toBeGreaterThan(0);
    expect(container.querySelector('.page-loader__spinner')).toBeNull();

    lessons.release();

    expect(await screen.findAllByRole('heading', { level: 2, name: /Lesson \d+/ })).toHaveLength(2);
    expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(0);
  });

  it('stand in for the articles while they load', async () => {
    const articles = held([buildArticle(1)]);
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/articles': articles.respond });
    const { container } = renderApp('/articles');

    expect(await screen.findByText('Loading articles…')).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton').length).toBeGreaterThan(0);

    articles.release();

    expect(await screen.findByRole('link', { name: /Article 1/ })).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(0);
  });
});

describe('home while loading and after a failure', () => {
  it('shows skeleton sections, then the sections', async () => {
    const home = held(buildHome());
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/hubs/home': home.respond });
    const { container } = renderApp('/home');

    expect(await screen.findByText('Loading the home page…')).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton').length).toBeGreaterThan(0);

    home.release();

    expect(await screen.findByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(0);
  });

  it('a failed load shows the error with Retry, which loads the page', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/hubs/home': () => (failures-- > 0 ? reply(500, errorBody('server_error')) : { body: buildHome() }),
    });
    renderApp('/home');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong fetching this page data.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
    expect(api.callsTo('/cms/hubs/home')).toHaveLength(2);
  });
});
