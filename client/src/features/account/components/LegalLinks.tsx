// "the terms and conditions and the privacy policy", each a link that opens its overlay (what is
// under it stays as it is): said where a visitor signs up.
import { useOpenModal } from '../../../state/hooks';

export function LegalLinks() {
  const openModal = useOpenModal();
  return (
    <>
      the{' '}
      <button type="button" className="link-button" onClick={() => openModal('terms')}>
        terms and conditions
      </button>{' '}
      and the{' '}
      <button type="button" className="link-button" onClick={() => openModal('privacy')}>
        privacy policy
      </button>
    </>
  );
}
