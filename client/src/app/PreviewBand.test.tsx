import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { inPreview, leavePreviewHref, PREVIEW_COOKIE } from '../api/preview';
import { PreviewBand } from './PreviewBand';

function clearCookie() {
  document.cookie = `${PREVIEW_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

afterEach(clearCookie);

test('a preview session is told by its readable cookie alone', () => {
  expect(inPreview('a=1; cms_preview_band=1')).toBe(true);
  expect(inPreview('cms_preview_band=0; x_cms_preview_band=1')).toBe(false);
  expect(inPreview('')).toBe(false);
});

test('the band shows in a preview session and leaves it from the same page', () => {
  document.cookie = `${PREVIEW_COOKIE}=1; path=/`;
  render(
    <MemoryRouter initialEntries={['/lessons/5?tab=2']}>
      <PreviewBand />
    </MemoryRouter>,
  );
  expect(screen.getByRole('complementary', { name: 'Preview' })).toHaveTextContent('You see drafts');
  expect(screen.getByRole('link', { name: 'Leave preview' })).toHaveAttribute(
    'href',
    leavePreviewHref('/lessons/5?tab=2'),
  );
  expect(leavePreviewHref('/lessons/5?tab=2')).toBe('/cms/preview/exit?path=%2Flessons%2F5%3Ftab%3D2');
});

test('no band outside a preview session', () => {
  const { container } = render(
    <MemoryRouter>
      <PreviewBand />
    </MemoryRouter>,
  );
  expect(container).toBeEmptyDOMElement();
});
