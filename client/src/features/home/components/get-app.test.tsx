import { render, screen, within } from '@testing-library/react';
import type { HomeHub } from '../../../api/contract';
import { GetApp } from './GetApp';

describe('GetApp', () => {
  it('links to the stores with their badges, drawn as SVG and named by the stores wording', () => {
    const data = {
      app_title: 'Get the app',
      app_text: 'Learn on the go.',
      app_store_url: 'https://apps.example/ios',
      play_store_url: 'https://play.example/android',
    } as HomeHub;
    render(<GetApp data={data} />);

    const app = screen.getByRole('region', { name: 'Get the app' });
    const ios = within(app).getByRole('link', { name: 'Download on the App Store' });
    const android = within(app).getByRole('link', { name: 'Get it on Google Play' });
    expect(ios).toHaveAttribute('href', 'https://apps.example/ios');
    expect(android).toHaveAttribute('href', 'https://play.example/android');
    for (const link of [ios, android]) {
      const badge = link.querySelector('svg.store-badge');
      expect(badge).not.toBeNull();
      expect(badge).toHaveAttribute('aria-hidden', 'true');
      expect(link).not.toHaveClass('button');
    }
    expect(ios.querySelector('svg')).toHaveTextContent('Download on theApp Store');
    expect(android.querySelector('svg')).toHaveTextContent('GET IT ONGoogle Play');
  });
});
