// A lesson's page: chapters, related rows, what to practise, the unlock offers and the errors.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState } from '../../state/auth-slice';
import { errorBody, flush, reply, stubApi } from '../../test/api-stub';
import { buildLesson, media, person } from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import { lockedAnswer, plansAnswer } from '../../test/offers';
import { renderApp } from '../../test/render-app';

describe('lesson page', () => {
  it('plays the first chapter, switches chapters, shows related rows and sets the title', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons/7': buildLesson(7, {
        title: 'Active rooks',
        description_short: 'Why activity.',
        description: 'Rooks belong on open files.',
        teacher: person(7, 'Ines Carvalho', {
          bio: 'Grandmaster and attacking player.',
          thumbnail: media('teacher-7'),
        }),
      }),
      'GET /cms/lessons': (url: URL) => ({
        body: url.searchParams.get('teacher')
          ? [buildLesson(7), buildLesson(30, { title: 'Same teacher' })]
          : [buildLesson(31, { title: 'Same topic' })],
      }),
    });
    renderApp('/lessons/7', { consent: { choice: { statistics: false, media: true }, bannerVisible: false } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Active rooks' })).toBeInTheDocument();
    expect(document.title).toBe('learn chess online - Active rooks');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Why activity. Rooks belong on open files.',
    );
    expect(screen.getByTitle('Introduction')).toHaveAttribute(
      'src',
      expect.stringContaining('/video/vid1?autoplay=1&subtitles-default=en&ui-highlight=7446FF'),
    );

    await user.click(screen.getByRole('button', { name: /Practice/ }));
    expect(screen.getByTitle('Practice')).toHaveAttribute('src', expect.stringContaining('/video/vid2'));

    const yourTeacher = screen.getByRole('region', { name: 'Your teacher' });
    expect(within(yourTeacher).getByText('Ines Carvalho')).toBeInTheDocument();
    expect(within(yourTeacher).getByText('Grandmaster and attacking player.')).toBeInTheDocument();
    expect(yourTeacher.querySelector('img.person__portrait')).toHaveAttribute('src', '/media/teacher-7/small.svg');

    const topic = await screen.findByRole('region', { name: 'On the same topic' });
    expect(within(topic).getByText('Same topic')).toBeInTheDocument();
    const teacher = screen.getByRole('region', { name: 'From the same teacher' });
    expect(within(teacher).queryByText('Lesson 7')).not.toBeInTheDocument();
    expect(
      api
        .callsTo('/cms/lessons')
        .map((c) => c.url.search)
        .sort(),
    ).toEqual([
      '?_limit=12&_start=0&lesson_category=4&_sortBy=difficulty_level%3Aasc',
      '?_limit=12&_start=0&teacher=7&_sortBy=title%3Aasc',
    ]);
  });

  it("shows the selected chapter's key positions and exercises to practise, and none for a chapter without", async () => {
    const user = userEvent.setup();
    const lesson = buildLesson(7);
    const [first, second] = lesson.chapters;
    // The learning fields as the BFF adds them (client/README.md: Playing along).
    const practised = {
      ...second!,
      positions: [{ at: 65, fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', caption: 'The rook behind' }],
      pgn: null,
      game: null,
      exercises: [
        { id: 'lesson_chapter:7:2:e1', key: 'e1', fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', prompt: 'Cut the king off.' },
      ],
    };
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons/7': { ...lesson, chapters: [first!, practised] },
      'GET /cms/lessons': [],
    });
    renderApp('/lessons/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 7' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Practise' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Practice/ }));
    const practise = await screen.findByRole('region', { name: 'Practise' });
    expect(await within(practise).findByRole('button', { name: 'at 1:05 The rook behind' })).toBeInTheDocument();
    expect(within(practise).getByRole('application', { name: 'Chess board, White to move' })).toBeInTheDocument();
    await user.click(within(practise).getByRole('button', { name: 'Exercises (1)' }));
    expect(within(practise).getByText('Cut the king off.')).toBeInTheDocument();
  });

  it('a locked lesson shows a guest its own page: what it is, what is inside, and Sign up / Log in coming back', async () => {
    stubApi({ 'GET /cms/lessons/65': lockedAnswer(), 'GET /subscriptions/plans': plansAnswer() });
    renderApp('/lessons/65');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Lucena position' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lessons\/65$/);
    expect(screen.getByText('Anna Petrova · Intermediate 1400+')).toBeInTheDocument();
    expect(screen.getByText('Build a bridge with your rook and bring the pawn home.')).toBeInTheDocument();
    const inside = screen.getByRole('region', { name: 'What’s inside?' });
    expect(within(inside).getByText('3 chapters · 31 min · 3 exercises')).toBeInTheDocument();
    expect(
      within(inside)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Introduction5\u00a0min', 'Building the bridge15\u00a0min', 'Practice11\u00a0min']);
    const unlock = screen.getByRole('region', { name: 'Unlock this lesson' });
    expect(within(unlock).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/register/email?redirect=%2Flessons%2F65',
    );
    expect(within(unlock).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Flessons%2F65',
    );
    expect(
      await within(unlock).findByText(
        /Pro Monthly \$9\.99 a month or Pro Yearly \$99\.99 a year \(you save \$19\.89\)\. The first 7 days are free/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
  });

  it('a locked lesson offers a free member Pro with its price and trial, on the same address', async () => {
    stubApi({
      'GET /cms/lessons/65': lockedAnswer(),
      'GET /users/profile': { data: buildUser() },
      'GET /subscriptions/plans': plansAnswer(),
    });
    renderApp('/lessons/65', { auth: { ...initialAuthState(buildUser()), accessToken: 't' } });

    const unlock = await screen.findByRole('region', { name: 'Unlock this lesson' });
    expect(await within(unlock).findByRole('link', { name: 'Start your 7-day free trial' })).toHaveAttribute(
      'href',
      '/upgrade-account',
    );
    expect(within(unlock).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(unlock).queryByRole('button', { name: /Buy/ })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lessons\/65$/);
  });

  it('a 403 that tells nothing of the lesson still sends a guest to log in and come back', async () => {
    stubApi({ 'GET /cms/lessons/1': reply(403, errorBody('content_locked')) });
    renderApp('/lessons/1');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Flessons%2F1');
  });

  it('a 404 goes to the not-found page; another failure shows the lesson error', async () => {
    stubApi({
      'GET /cms/lessons/404': reply(404, errorBody('not_found')),
      'GET /cms/lessons/500': reply(500, errorBody('server_error')),
    });
    const { unmount } = renderApp('/lessons/404');
    await screen.findByText('404 ERROR');
    unmount();

    const { store } = renderApp('/lessons/500');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong fetching the lesson.');
    await act(flush);
    expect(store.getState().toasts.items[0]!.message).toBe('Something went wrong fetching the lesson.');
  });
});
