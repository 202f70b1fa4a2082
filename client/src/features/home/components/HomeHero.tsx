// The home page's hero: its title and text, Sign up for a visitor, and the slideshow (its place
// kept while the data loads, so that the hero does not grow under the eye).
import type { HomeHub, Media } from '../../../api/contract';
import { Slideshow } from '../../../components/Slideshow';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import type { RequestStatus } from '../../../state/status';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { modalOpened } from '../../../state/modal-slice';

/** The page's h1 for a visitor; under a member's greeting (the page's h1 then), an h2. */
export function HomeHero({ data, status, level = 1 }: { data: HomeHub | null; status: RequestStatus; level?: 1 | 2 }) {
  const Title = `h${level}` as const;
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <section className="hero" aria-labelledby="home-hero-title">
      <div className="hero__text">
        <Title id="home-hero-title" className="hero__title">
          {data?.hero_title ?? 'Learn from the best'}
        </Title>
        <p className="hero__lede">
          {data?.hero_text ??
            'Masterclass episodes with a world champion, lessons and programs by master players, documentaries and the latest chess news.'}
        </p>
        {!signedIn && (
          <button type="button" className="button button--light" onClick={() => dispatch(modalOpened('register'))}>
            Sign up
          </button>
        )}
      </div>
      {data && heroImages(data).length > 0 && (
        <Slideshow images={heroImages(data)} label={data.slideshow_label ?? 'Life at the chessboard'} />
      )}
      {!data && status !== 'failed' && <div className="slideshow" aria-hidden="true" />}
    </section>
  );
}

/** The slideshow's four images, or the hero image alone when editors gave no slideshow. */
function heroImages(home: HomeHub): Media[] {
  if (home.slideshow.length > 0) return home.slideshow.slice(0, 4);
  return home.hero_image ? [home.hero_image] : [];
}
