"""The title and description of each page whose head does not come from content.

The client sets the same ones as it navigates (client/src/lib/seo.ts): a change here is a
change there."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageText:
    title: str
    description: str


HOME = PageText(
    "Learn chess online with a world champion",
    "Learn chess from a world champion: masterclass episodes, lessons, improvement programs,"
    " documentaries and the latest chess news.",
)
NOT_FOUND = PageText("Page not found", "We couldn't find the page you were looking for.")
PAYMENT = PageText("Payment", "Confirming your payment.")
WELCOME = PageText(
    "Welcome to Pro Membership",
    "Your Pro membership has started: every lesson, program, documentary and interview is yours.",
)

BY_PATH: dict[str, PageText] = {
    "/home": HOME,
    "/masterclass": PageText(
        "Masterclass: Learn with the world champion",
        "Learn chess with a world champion: episodes on openings, preparation, calculation and"
        " the endgame, taught by the champion.",
    ),
    "/search": PageText(
        "Search",
        "Find lessons, programs, articles, videos and masterclass episodes by title, teacher or"
        " topic.",
    ),
    "/articles": PageText(
        "Chess news and articles",
        "The latest chess news, tournament reports and training advice from our editors.",
    ),
    "/lessons": PageText(
        "Chess lessons by master players",
        "A library of chess lessons by named teachers: openings, tactics, strategy and endgames"
        " for every level.",
    ),
    "/puzzles": PageText(
        "Chess puzzles",
        "Rated chess puzzles by theme, near your rating: a daily puzzle for everyone, a streak,"
        " a rating chart and a review of the puzzles you miss.",
    ),
    "/puzzles/daily": PageText(
        "Daily chess puzzle",
        "The chess puzzle of the day, the same for everyone: find the best move.",
    ),
    "/puzzles/run": PageText(
        "Puzzle runs",
        "Solve as many chess puzzles as you can in three minutes, or in a row without a mistake.",
    ),
    "/grand-chess-tour": PageText(
        "Grand Chess Tour 2022",
        "Watch the Grand Chess Tour live: the five events of the 2022 season and the story of"
        " the tour.",
    ),
    "/programs": PageText(
        "Chess improvement programs",
        "More than 40 step-by-step chess programs by master players, from the opening to the"
        " endgame.",
    ),
    "/upgrade-account": PageText(
        "Become a Pro member",
        "Go Pro: every lesson and program by master players, all documentaries and interviews,"
        " and unlimited rated puzzles. Monthly or yearly, with a 7-day free trial.",
    ),
    "/review": PageText(
        "Review",
        "The puzzles and exercises you missed and the lines you drill, when they are due again.",
    ),
    "/account": PageText(
        "My account",
        "Your profile, password, e-mail address, membership, purchases and data.",
    ),
    "/welcome-you": WELCOME,
    "/welcome-me": WELCOME,
    "/payment/success": PAYMENT,
    "/product-payment/success": PAYMENT,
    "/product-payment/cancel": PAYMENT,
    # The client gives these the home page's title and description.
    "/login": HOME,
    "/onboarding": HOME,
    "/reset_password": HOME,
}

# Pages a search engine has no use for: a step of a payment or of an account, a member's own.
NOT_INDEXED = frozenset(
    {
        "/welcome-you",
        "/welcome-me",
        "/payment/success",
        "/product-payment/success",
        "/product-payment/cancel",
        "/login",
        "/reset_password",
        "/account",
        "/review",
    }
)

REGISTER_TYPES = {"email": "E-mail", "facebook": "Facebook", "google": "Google", "apple": "Apple"}

LEGAL_PAGES = {
    "terms": "Terms and conditions",
    "refund-policy": "Refund policy",
    "disclaimer": "Disclaimer",
    "acceptable-use": "Acceptable use policy",
    "dmca": "DMCA policy",
    "privacy": "Privacy policy",
    "cookie-policy": "Cookie policy",
}


def register(type_name: str) -> PageText:
    label = REGISTER_TYPES.get(type_name)
    if label is None:
        return HOME
    return PageText(
        f"Register with {label}",
        f"Create your chess learning account with {label} and start learning from the best.",
    )


def legal(slug: str) -> PageText | None:
    label = LEGAL_PAGES.get(slug)
    return None if label is None else PageText(label, f"{label} of the chess learning site.")
