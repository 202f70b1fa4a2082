import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ContentCard } from './ContentCard';
import { Markdown, safeHref } from './Markdown';
import { Picture } from './Picture';
import { initialAuthState } from '../state/auth-slice';
import { renderWithStore } from '../test/render-with-store';
import { playerHeight, playerUrl } from './player-size';
import { VideoPlayer } from './VideoPlayer';

describe('player size on wide screens', () => {
  it('keeps 16:9 on phones and on screens not over 768 px high', () => {
    expect(playerHeight(360, 800)).toBeNull();
    expect(playerHeight(1440, 768)).toBeNull();
  });

  it('is the window height minus 200 when wider than 1660', () => {
    expect(playerHeight(1920, 1080)).toBe(880);
  });

  it('is the width minus 792 beside a side column, minus 628 without', () => {
    expect(playerHeight(1440, 900, true)).toBe(648);
    expect(playerHeight(1440, 900)).toBe(812);
  });
});

describe('player URL', () => {
  it('fills the template and adds autoplay, subtitles and highlight', () => {
    expect(
      playerUrl('https://player.example/embed/{id}', 'x1', { autoplay: false, subtitles: 'en', highlight: '#7446FF' }),
    ).toBe('https://player.example/embed/x1?autoplay=0&subtitles-default=en&ui-highlight=7446FF');
    expect(
      playerUrl('https://p.example/e?v={id}', 'x1', { autoplay: true, subtitles: 'en', highlight: '#7446FF' }),
    ).toContain('?v=x1&autoplay=1');
  });
});

describe('ContentCard', () => {
  it('links an unlocked item', () => {
    render(
      <MemoryRouter>
        <ContentCard to="/lessons/1" title="Open lesson" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Open lesson' })).toHaveAttribute('href', '/lessons/1');
  });

  it('links a locked item to its page too, with a lock and saying it is locked', () => {
    const { container } = render(
      <MemoryRouter>
        <ContentCard to="/lessons/1" title="Pro lesson" locked />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Pro lesson.*\(Pro, locked\)/ })).toHaveAttribute('href', '/lessons/1');
    expect(container.querySelector('.content-card__lock svg')).not.toBeNull();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Picture', () => {
  it('sizes the image from the API and loads it lazily unless eager', () => {
    const media = {
      url: '/o.svg',
      width: 1000,
      height: 562,
      alternativeText: null,
      formats: { small: { url: '/s.svg', width: 500, height: 281 } },
    };
    const { rerender } = render(<Picture media={media} alt="A board" />);
    const img = screen.getByRole('img', { name: 'A board' });
    expect(img).toHaveAttribute('src', '/s.svg');
    expect(img).toHaveAttribute('width', '500');
    expect(img).toHaveAttribute('height', '281');
    expect(img).toHaveAttribute('loading', 'lazy');
    rerender(<Picture media={media} alt="A board" eager />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img').style.objectPosition).toBe('');
  });

  it('keeps the focal point editors set in view when the image is cropped', () => {
    const media = {
      url: '/o.svg',
      width: 1000,
      height: 562,
      alternativeText: null,
      formats: {},
      focalPoint: { x: 20, y: 75.5 },
    };
    render(<Picture media={media} alt="A board" />);
    expect(screen.getByRole('img', { name: 'A board' }).style.objectPosition).toBe('20% 75.5%');
  });
});

describe('Markdown', () => {
  it('keeps only safe links', () => {
    expect(safeHref('https://x.example')).toBe('https://x.example');
    expect(safeHref('/lessons')).toBe('/lessons');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
  });

  it('renders lists, emphasis and code, and raw HTML as text', async () => {
    const { container } = render(
      <MemoryRouter>
        <Markdown source={'1. **one**\n2. *two*\n\n- `code`\n\n<img src=x onerror="alert(1)">'} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(container).toHaveTextContent('<img src=x onerror="alert(1)">'));
    expect(container.querySelector('ol')).toHaveTextContent('onetwo');
    expect(container.querySelector('em')).toHaveTextContent('two');
    expect(container.querySelector('code')).toHaveTextContent('code');
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)">');
  });

  it("renders a long text's first blocks at once and the rest a few a task", async () => {
    const source = Array.from({ length: 20 }, (_, i) => `Paragraph ${i + 1}.`).join('\n\n');
    const { container } = render(<Markdown source={source} />);
    const paragraphs = () => container.querySelectorAll('p').length;
    expect(paragraphs()).toBeGreaterThan(0);
    expect(paragraphs()).toBeLessThan(20);
    expect(container.querySelector('.pending-items')).not.toBeNull();
    await waitFor(() => expect(paragraphs()).toBe(20));
    expect(container.querySelector('.pending-items')).toBeNull();
    expect(container.querySelectorAll('p')[19]).toHaveTextContent('Paragraph 20.');
  });
});

describe('VideoPlayer on a wide screen', () => {
  it('caps its height by the window size rule', () => {
    Object.assign(window, { innerWidth: 1920, innerHeight: 1080 });
    const { container } = renderWithStore(<VideoPlayer videoId="x1" title="A video" />, {
      preloaded: { consent: { choice: { statistics: false, media: true }, bannerVisible: false } },
    });
    expect(container.querySelector('.player')).toHaveStyle({ maxHeight: '880px' });
    Object.assign(window, { innerWidth: 1024, innerHeight: 768 });
  });
});

describe('VideoPlayer poster', () => {
  it('keeps the focal point of its image in view, as cards do', () => {
    const focused = renderWithStore(
      <VideoPlayer videoId={null} title="A video" poster="/p.webp" posterFocus={{ x: 30, y: 80 }} />,
    );
    const poster = focused.container.querySelector<HTMLImageElement>('.player__poster');
    expect(poster?.style.objectPosition).toBe('30% 80%');
    focused.unmount();
    const centred = renderWithStore(<VideoPlayer videoId={null} title="A video" poster="/p.webp" />);
    expect(centred.container.querySelector<HTMLImageElement>('.player__poster')?.style.objectPosition).toBe('');
  });
});

describe('VideoPlayer in an embedded view', () => {
  const embedded = (media: boolean) => ({
    auth: { ...initialAuthState(null), embedded: true, accessToken: 'app' },
    consent: { choice: { statistics: false, media }, bannerVisible: false },
  });

  it('without media consent shows a short notice for the app, and no consent prompt', () => {
    renderWithStore(<VideoPlayer videoId="x1" title="A video" />, { preloaded: embedded(false) });

    expect(
      screen.getByText("Videos play once media cookies are allowed in the app's privacy settings."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow media cookies' })).not.toBeInTheDocument();
    expect(screen.queryByTitle('A video')).not.toBeInTheDocument();
  });

  it('with media consent plays', () => {
    renderWithStore(<VideoPlayer videoId="x1" title="A video" />, { preloaded: embedded(true) });

    expect(screen.getByTitle('A video')).toHaveAttribute('src', expect.stringContaining('/video/x1'));
  });
});
