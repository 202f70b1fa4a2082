"""The puzzle pages' first screens: the heading, the words above the board and the board's place.

Drawn as client/src/features/puzzles/pages/ draws them while the puzzle and the board's code are
on their way (the same class names and words), so that nothing moves when they arrive: the board's
place is ``BoardPlaceholder``'s box, of the board's final size (puzzles.css). /puzzles shows a
guest the day's puzzle and an invitation, a member their standing's place and the board's:
both are in the HTML, the one not meant for this browser hidden (first-screen.css).
"""

from __future__ import annotations

from .markup import h1

PUZZLES = "/puzzles"
DAILY = "/puzzles/daily"
PAGES = frozenset({PUZZLES, DAILY})

# client/src/features/puzzles/pages/PuzzlesPage.tsx's GuestPuzzles.
GUEST_LEDE = "The daily puzzle, free for everyone. Find the best move!"

# components/PuzzleBoard.tsx's BoardPlaceholder.
_BOARD = (
    '<div class="puzzle-board-placeholder" role="status">'
    '<span class="visually-hidden">Loading the puzzle…</span>'
    '<div class="puzzle-board-placeholder__board"></div></div>'
)

# components/GuestInvitation.tsx.
_INVITATION = (
    '<section class="puzzle-offer" aria-labelledby="first-screen-invite">'
    '<h2 id="first-screen-invite" class="puzzle-offer__title">Play rated puzzles</h2>'
    "<p>Sign up for a puzzle rating, puzzles by theme, a daily streak and a review of the puzzles"
    " you miss: 5 rated puzzles a day for free, unlimited with Pro.</p>"
    '<div class="puzzle-offer__actions">'
    '<button type="button" class="button">Sign up</button>'
    '<button type="button" class="button button--secondary">Log in</button></div></section>'
)

# DailyPuzzlePage.tsx's block for a member.
_MORE = (
    '<section class="puzzle-side__block" aria-labelledby="first-screen-more">'
    '<h2 id="first-screen-more" class="puzzle-side__title">More puzzles</h2>'
    "<p>Rated puzzles near your rating, by theme, with your streak and review.</p>"
    '<a class="button button--secondary" href="/puzzles">Go to puzzles</a></section>'
)

# components/StandingPanel.tsx's StandingPlaceholder: the strip's place until the standing comes.
_STANDING = (
    '<dl class="puzzle-standing puzzle-standing--pending" aria-hidden="true">'
    + "".join(
        f"<div><dt>{name}</dt><dd>\u00a0</dd></div>" for name in ("Rating", "Streak", "To review")
    )
    + "</dl>"
)


def _layout(main: str, side: str) -> str:
    return (
        f'<div class="puzzles__layout"><div class="puzzles__main">{main}</div>'
        f'<aside class="puzzles__side">{side}</aside></div>'
    )


def _lede(text: str) -> str:
    return f'<p class="puzzles__lede">{text}</p>'


def screen(path: str) -> tuple[str, str]:
    """The page's heading and its main's HTML, for a guest and for a member (one shown)."""
    if path == DAILY:
        heading = "Daily puzzle"
        # The day's date comes with the puzzle: its line's place until then, as the client's.
        top = h1(heading) + _lede("\u00a0")
        guest = top + _layout(_BOARD, _INVITATION)
        member = top + _layout(_BOARD, _MORE)
    else:
        heading = "Puzzles"
        guest = h1(heading) + _lede(GUEST_LEDE) + _layout(_BOARD, _INVITATION)
        member = h1(heading) + _STANDING + _layout(_BOARD, "")
    main = (
        f'<div class="page puzzles for-member">{member}</div>'
        f'<div class="page puzzles for-guest">{guest}</div>'
    )
    return heading, main
