import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import type { Masterclass } from '../../api/contract';
import { buildEpisode, buildEpisodeCard } from '../../test/builders';
import { buildFooter } from '../../test/page-builders';
import { plansAnswer } from '../../test/offers';
import { renderApp } from '../../test/render-app';
import { episodeNumber, otherEpisodes, showUnlock } from './slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function masterclass(iap: { purchased: boolean } | null): { data: Masterclass } {
  const price = { price: '79.99', currency: 'USD' as const };
  return {
    data: {
      id: 1,
      slug: 'masterclass',
      title: 'Masterclass',
      hero_title: 'Learn chess with a world champion',
      intro: 'Eighteen episodes.',
      hero_image: null,
      iap: iap && {
        product_id: 'masterclass_full',
        title: 'The full masterclass',
        description: null,
        entity: 'masterclass',
        entityId: 1,
        price,
        currentUserPrice: price,
        ...iap,
      },
      chapters: [
        {
          id: 1,
          title: 'Opening philosophy',
          description: 'How the champion chooses.',
          position: 1,
          episodes: [buildEpisodeCard(1), buildEpisodeCard(2, { locked: true })],
        },
        { id: 2, title: 'Endgames', description: 'Late.', position: 2, episodes: [buildEpisodeCard(9)] },
      ],
    },
  };
}

describe('masterclass rules', () => {
  it('shows the unlock button only for an offer not yet purchased', () => {
    expect(showUnlock(masterclass({ purchased: false }).data)).toBe(true);
    expect(showUnlock(masterclass({ purchased: true }).data)).toBe(false);
    expect(showUnlock(masterclass(null).data)).toBe(false);
  });

  it('offers no unlock to a viewer for whom nothing is locked (a Pro member)', () => {
    const open = masterclass({ purchased: false }).data;
    open.chapters = open.chapters.map((chapter) => ({
      ...chapter,
      episodes: chapter.episodes.map((episode) => ({ ...episode, locked: false })),
    }));
    expect(showUnlock(open)).toBe(false);
  });

  it('numbers an episode by its 1-based position in its chapter', () => {
    expect(episodeNumber(buildEpisode(5, [4, 5, 6]))).toBe(2);
    expect(episodeNumber(buildEpisode(4, [4, 5, 6]))).toBe(1);
    expect(otherEpisodes(buildEpisode(5, [4, 5, 6])).map((e) => e.id)).toEqual([4, 6]);
  });

  it('matches siblings by masterclass_episode_id when present', () => {
    const episode = buildEpisode(50, [], {
      masterclass_episode_id: 7,
      chapter: [
        buildEpisodeCard(60, { masterclass_episode_id: 6 }),
        buildEpisodeCard(70, { masterclass_episode_id: 7 }),
      ],
    });
    expect(episodeNumber(episode)).toBe(2);
  });
});

describe('masterclass pages', () => {
  it('shows the landing with chapters, episode counts, cards and the unlock with its price and what Pro includes', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /masterclasses/masterclass': masterclass({ purchased: false }),
      'GET /subscriptions/plans': plansAnswer(),
    });
    renderApp('/masterclass');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learn chess with a world champion' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Masterclass: Learn with the world champion');
    const chapter = screen.getByRole('heading', { name: 'Opening philosophy' }).closest('section')!;
    expect(within(chapter).getByText('2 episodes')).toBeInTheDocument();
    expect(
      within(screen.getByRole('heading', { name: 'Endgames' }).closest('section')!).getByText('1 episode'),
    ).toBeInTheDocument();
    expect(within(chapter).getByRole('link', { name: /Episode title 1/ })).toHaveAttribute(
      'href',
      '/masterclass/chapter/1',
    );

    expect(screen.getByText('One payment, and every episode is yours for good.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        /^Pro includes every episode too, .* Pro Monthly \$9\.99 a month or Pro Yearly \$99\.99 a year \(you save \$19\.89\)\./,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlock the full masterclass for $79.99' }));
    expect(screen.getByRole('dialog', { name: 'Become a member' })).toBeInTheDocument();
  });

  it('hides the unlock button once purchased', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /masterclasses/masterclass': masterclass({ purchased: true }),
    });
    renderApp('/masterclass');

    await screen.findByRole('heading', { name: 'Opening philosophy' });
    expect(screen.queryByRole('button', { name: /Unlock the full masterclass/ })).not.toBeInTheDocument();
  });

  it('shows an episode with its number, the other episodes and their count', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/masterclass_episodes/5': buildEpisode(5, [4, 5, 6], { title: 'The fifth' }),
    });
    renderApp('/masterclass/chapter/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'The fifth' })).toBeInTheDocument();
    expect(screen.getByText('Episode 2')).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Other episodes' });
    expect(within(others).getByText('2 episodes')).toBeInTheDocument();
    expect(within(others).getAllByRole('link')).toHaveLength(2);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('an episode without a status error shows the episode toast', async () => {
    stubApi({ 'GET /cms/masterclass_episodes/5': reply(500, errorBody('server_error')) });
    const { store } = renderApp('/masterclass/chapter/5');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong fetching the episode.');
    await act(flush);
    expect(store.getState().toasts.items.map((t) => t.message)).toContain('Something went wrong fetching the episode.');
  });
});
