import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storage } from '../../lib/storage';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { media } from '../../test/builders';
import { buildFooter } from '../../test/page-builders';
import { buildLockedItem, lockedAnswer } from '../../test/offers';
import { renderApp } from '../../test/render-app';

const video = {
  id: 1,
  title: 'Sixty-Four Squares',
  subhead: 'A village of players',
  description: 'A documentary.',
  duration: 3065,
  hero_image: media('video-1'),
  video_id: 'xt00upl',
  video_category: { id: 1, name: 'Documentaries' },
  related: [{ id: 9, title: "Champion's Road", duration: 1885, hero_image: media('video-9'), locked: true }],
};

describe('video page', () => {
  it('asks for media cookies before loading the player, then plays with subtitles en and the highlight colour', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/videos/1': video });
    renderApp('/videos/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sixty-Four Squares' })).toBeInTheDocument();
    expect(screen.getByText('A village of players')).toBeInTheDocument();
    expect(screen.getByText('52 min')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Allow media cookies' }));

    const frame = screen.getByTitle('Sixty-Four Squares');
    expect(frame).toHaveAttribute(
      'src',
      'https://www.dailymotion.com/embed/video/xt00upl?autoplay=1&subtitles-default=en&ui-highlight=7446FF&api=1',
    );
    expect(storage.readConsent()).toEqual({ statistics: false, media: true });
  });

  it("lists related videos; a locked one leads a guest to the video's own page with its price", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/videos/1': video,
      'GET /cms/videos/9': lockedAnswer(
        buildLockedItem({
          kind: 'video',
          id: 9,
          title: "Champion's Road",
          parts: [],
          exercise_count: 0,
          teacher: null,
          level: null,
        }),
        {
          entity: 'video',
          entityId: 9,
          title: "Champion's Road",
          hero_image: media('video-9'),
          currentUserPrice: { price: '6.99', currency: 'USD' },
        },
      ),
    });
    renderApp('/videos/1');

    const related = await screen.findByRole('region', { name: 'Related videos' });
    await user.click(within(related).getByRole('link', { name: /Champion's Road.*\(Pro, locked\)/ }));

    expect(await screen.findByRole('heading', { level: 1, name: "Champion's Road" })).toBeInTheDocument();
    const unlock = screen.getByRole('region', { name: 'Unlock this video' });
    expect(within(unlock).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fvideos%2F9',
    );
    expect(within(unlock).getByText('Or buy it on its own for $6.99 once you have an account.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the video is unavailable when it has no video', async () => {
    stubApi({ 'GET /cms/videos/2': { ...video, id: 2, video_id: null } });
    renderApp('/videos/2');

    expect(await screen.findByText('This video is unavailable at the moment.')).toBeInTheDocument();
  });

  it('says the video is unavailable on a failure, with the video toast', async () => {
    stubApi({ 'GET /cms/videos/3': reply(500, errorBody('server_error')) });
    const { store } = renderApp('/videos/3');

    expect(await screen.findByText('This video is unavailable at the moment.')).toBeInTheDocument();
    expect(store.getState().toasts.items[0]!.message).toBe('Something went wrong fetching this video.');
  });

  it('sends a missing video to the 404 page', async () => {
    stubApi({ 'GET /cms/videos/99': reply(404, errorBody('not_found')) });
    renderApp('/videos/99');

    expect(await screen.findByText('404 ERROR')).toBeInTheDocument();
  });
});
