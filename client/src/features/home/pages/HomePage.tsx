// The home page (/home). For now the hero; the content sections come with the CMS data.
import './home-page.css';

export function HomePage() {
  return (
    <section className="hero" aria-labelledby="home-hero-title">
      <h1 id="home-hero-title" className="hero__title">
        Learn from the best
      </h1>
      <p className="hero__lede">
        Masterclass episodes with a world champion, lessons and programs by master players,
        documentaries and the latest chess news.
      </p>
    </section>
  );
}
