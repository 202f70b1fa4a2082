// What a guest is offered beside the daily puzzle: an account for rated puzzles.
import { useOpenModal } from '../../../state/hooks';

export function GuestInvitation() {
  const openModal = useOpenModal();
  return (
    <section className="puzzle-offer" aria-labelledby="puzzle-invite-title">
      <h2 id="puzzle-invite-title" className="puzzle-offer__title">
        Play rated puzzles
      </h2>
      <p>
        Sign up for a puzzle rating, puzzles by theme, a daily streak and a review of the puzzles you miss: 5 rated
        puzzles a day for free, unlimited with Pro.
      </p>
      <div className="puzzle-offer__actions">
        <button type="button" className="button" onClick={() => openModal('register')}>
          Sign up
        </button>
        <button type="button" className="button button--secondary" onClick={() => openModal('login')}>
          Log in
        </button>
      </div>
    </section>
  );
}
