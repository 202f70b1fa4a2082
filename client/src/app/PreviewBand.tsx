// The band of a preview session: drafts are on screen, for this browser only, until it leaves.
import { useLocation } from 'react-router';
import { inPreview, leavePreviewHref } from '../api/preview';

export function PreviewBand() {
  const { pathname, search } = useLocation();
  if (!inPreview()) return null;
  return (
    <aside className="preview-band" aria-label="Preview">
      <p>
        <strong>Preview</strong> You see drafts
      </p>
      <a className="preview-band__leave" href={leavePreviewHref(pathname + search)}>
        Leave preview
      </a>
    </aside>
  );
}
