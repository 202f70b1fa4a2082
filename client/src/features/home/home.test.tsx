import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../app/store';
import { initialAuthState, signedIn } from '../../state/auth-slice';
import { subscriptionChanged } from '../../state/events';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildArticle, buildLesson } from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildFooter, buildHome } from '../../test/page-builders';
import { everyItemShown, renderApp } from '../../test/render-app';
import { episodeLink } from '../../components/cards';
import { homeRequested, sectionItems } from './slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('home rules', () => {
  it('links episodes by masterclass_episode_id, or id when absent', () => {
    expect(episodeLink({ id: 3, masterclass_episode_id: 12 })).toBe('/masterclass/chapter/12');
    expect(episodeLink({ id: 3, masterclass_episode_id: null })).toBe('/masterclass/chapter/3');
  });

  it('shows the most read articles in the news, the newest when nobody has read any yet', () => {
    const newest = [buildArticle(30)];
    const base = { title: 'n', target_type: 'news' as const, link_label: null, link_url: null, items: newest };
    expect(
      sectionItems({ ...base, byRanking: { data: [buildArticle(29), buildArticle(12)] } }).map(({ id }) => id),
    ).toEqual([29, 12]);
    expect(sectionItems({ ...base, byRanking: { data: [] } })).toEqual(newest);
    expect(sectionItems({ ...base, target_type: 'lessons', items: [buildLesson(3)] }).map(({ id }) => id)).toEqual([3]);
  });
});

describe('home saga', () => {
  it('loads once, and again after a sign-in or a subscription change', async () => {
    const api = stubApi({ 'GET /cms/hubs/home': buildHome(), 'GET /content/footer': buildFooter() });
    const store = makeStore();

    store.dispatch(homeRequested());
    await flush();
    store.dispatch(homeRequested());
    await flush();
    expect(api.callsTo('/cms/hubs/home')).toHaveLength(1);

    store.dispatch(signedIn({ access: 'a', user: buildUser() }));
    await flush();
    store.dispatch(subscriptionChanged());
    await flush();
    expect(api.callsTo('/cms/hubs/home')).toHaveLength(3);
  });

  it('a failure shows the page data toast', async () => {
    stubApi({ 'GET /cms/hubs/home': reply(503, errorBody('cms_unavailable')) });
    const store = makeStore();

    store.dispatch(homeRequested());
    await flush();

    expect(store.getState().toasts.items[0]!.message).toBe('Something went wrong fetching this page data.');
  });
});

describe('home page', () => {
  it('shows every section with its links for a visitor, with Sign up opening the register overlay', async () => {
    const user = userEvent.setup();
    renderApp('/home');

    const masterclass = await screen.findByRole('region', { name: 'Masterclass' });
    await everyItemShown();
    expect(within(masterclass).getByRole('link', { name: 'See all >' })).toHaveAttribute('href', '/masterclass');
    expect(within(masterclass).getByRole('link', { name: /Episode title 1/ })).toHaveAttribute(
      'href',
      '/masterclass/chapter/1',
    );
    expect(within(masterclass).getByRole('link', { name: /Episode title 2.*\(Pro, locked\)/ })).toHaveAttribute(
      'href',
      '/masterclass/chapter/2',
    );

    const programs = screen.getByRole('region', { name: 'Develop your personal playing style' });
    expect(within(programs).getByRole('link', { name: 'Discover all programs' })).toHaveAttribute('href', '/programs');
    const lessons = screen.getByRole('region', { name: 'Lessons library' });
    expect(within(lessons).getByRole('link', { name: 'See all >' })).toHaveAttribute('href', '/lessons');
    expect(within(lessons).getByRole('link', { name: /Lesson 7/ })).toHaveAttribute('href', '/lessons/7');
    const watch = screen.getByRole('region', { name: 'Watch' });
    expect(within(watch).getByRole('region', { name: 'Documentaries' })).toBeInTheDocument();
    expect(within(watch).getByRole('link', { name: /First Norm/ })).toHaveAttribute('href', '/videos/14');
    const news = screen.getByRole('region', { name: 'In the news' });
    expect(within(news).getByRole('link', { name: 'Discover all the news' })).toHaveAttribute('href', '/articles');
    expect(within(news).getByRole('link', { name: /Article 29/ })).toHaveAttribute('href', '/articles/29');
    const app = screen.getByRole('region', { name: 'Get the app' });
    expect(within(app).getByRole('link', { name: /App Store/ })).toHaveAttribute('href', 'https://apps.example/ios');
    expect(within(app).getByRole('link', { name: /Google Play/ })).toHaveAttribute(
      'href',
      'https://play.example/android',
    );

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
  });

  it("a locked card leads a visitor to the item's own page, never to a prompt", async () => {
    renderApp('/home');
    await screen.findByRole('region', { name: 'Masterclass' });
    await everyItemShown();

    expect(screen.getByRole('link', { name: /Program 3.*\(Pro, locked\)/ })).toHaveAttribute('href', '/program/3');
    expect(screen.getByRole('link', { name: /Lesson 8.*\(Pro, locked\)/ })).toHaveAttribute('href', '/lessons/8');
    expect(screen.queryByRole('button', { name: /locked/ })).toBeNull();
  });

  it("hides Sign up for a signed-in member, whose locked card leads to the item's page", async () => {
    stubApi({
      'GET /cms/hubs/home': buildHome(),
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
    });
    renderApp('/home', { auth: { ...initialAuthState(buildUser()), accessToken: 't' } });

    await screen.findByRole('region', { name: 'Masterclass' });
    await everyItemShown();
    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: /Lesson 8.*\(Pro, locked\)/ })).toHaveAttribute('href', '/lessons/8');
  });

  it('leaves out the programs section when there are no programs', async () => {
    const home = buildHome();
    home.sections = home.sections.filter((s) => s.target_type !== 'programs');
    stubApi({ 'GET /cms/hubs/home': home, 'GET /content/footer': buildFooter() });
    renderApp('/home');

    await screen.findByRole('region', { name: 'Masterclass' });
    await everyItemShown();
    expect(screen.queryByRole('region', { name: 'Develop your personal playing style' })).not.toBeInTheDocument();
  });

  it('shows the texts, order and links editors gave', async () => {
    const home = buildHome({ hero_title: 'Play like a champion', watch_title: 'Films', app_title: 'Our apps' });
    const [masterclass, programs, lessons, documentaries, journeys, news] = home.sections;
    home.sections = [
      { ...news!, title: 'Fresh news' },
      { ...lessons!, link_label: 'Every lesson', link_url: '/lessons' },
      { ...documentaries!, title: 'Feature films' },
      masterclass!,
      journeys!,
      { ...programs!, link_label: 'Elsewhere', link_url: 'https://elsewhere.example/' },
    ];
    stubApi({ 'GET /cms/hubs/home': home, 'GET /content/footer': buildFooter() });
    renderApp('/home');

    await screen.findByRole('heading', { level: 1, name: 'Play like a champion' });
    await screen.findByRole('region', { name: 'Fresh news' });
    await everyItemShown();
    const main = screen.getByRole('main');
    const titles = within(main)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Fresh news',
      'Lessons library',
      'Films',
      'Masterclass',
      'Develop your personal playing style',
      'Our apps',
    ]);
    const films = screen.getByRole('region', { name: 'Films' });
    expect(
      within(films)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Feature films', 'Chess journeys']);
    const lessonsRegion = screen.getByRole('region', { name: 'Lessons library' });
    expect(within(lessonsRegion).getByRole('link', { name: 'Every lesson' })).toHaveAttribute('href', '/lessons');
    const programsRegion = screen.getByRole('region', { name: 'Develop your personal playing style' });
    expect(within(programsRegion).queryByRole('link', { name: 'Elsewhere' })).not.toBeInTheDocument();
  });

  it('shows the hero image alone when editors gave no slideshow', async () => {
    const hero = buildHome().slideshow[0]!;
    stubApi({
      'GET /cms/hubs/home': buildHome({ slideshow: [], hero_image: hero }),
      'GET /content/footer': buildFooter(),
    });
    renderApp('/home');

    await screen.findByRole('group', { name: 'Life at the chessboard' });
    expect(document.querySelectorAll('.slideshow__slide')).toHaveLength(1);
  });

  it('runs the slideshow: the next image every 4 s, fading over 800 ms', async () => {
    jest.useFakeTimers();
    renderApp('/home');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    const slides = () => Array.from(document.querySelectorAll<HTMLElement>('.slideshow__slide'));
    expect(slides()).toHaveLength(4);
    expect(slides().map((s) => s.dataset.active)).toEqual(['true', 'false', 'false', 'false']);
    expect(slides()[0]!.style.transitionDuration).toBe('800ms');

    // 4 s after the slideshow appeared (the page's cards render as a deferred update, a tick
    // after the data).
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4000);
    });
    expect(slides()[1]!.dataset.active).toBe('true');
    expect(slides()[1]!.style.opacity).toBe('1');
    expect(slides()[0]!.style.opacity).toBe('0');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(12000);
    });
    expect(slides()[0]!.dataset.active).toBe('true');
    jest.useRealTimers();
  });
});
