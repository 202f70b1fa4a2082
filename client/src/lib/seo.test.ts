import { applySeo, HOME_SEO, seoFor } from './seo';

describe('seo', () => {
  it('has a title per route and falls back to the home one', () => {
    expect(seoFor('/home').title).toBe('Learn chess online with a world champion');
    expect(seoFor('/404').title).toBe('Page not found');
    expect(seoFor('/login')).toBe(HOME_SEO);
  });

  it('sets the title and creates the meta description when the page has none', () => {
    document.head.innerHTML = '';

    applySeo({ title: 'A title', description: 'A description' });

    expect(document.title).toBe('A title');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'A description');
  });
});
