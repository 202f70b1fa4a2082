"""The reminders' words and what each opens in the app."""

from __future__ import annotations

from dataclasses import dataclass

DAILY_PUZZLE, STREAK_AT_RISK, REVIEWS_DUE = KINDS = (
    "daily_puzzle",
    "streak_at_risk",
    "reviews_due",
)


@dataclass(frozen=True)
class Text:
    title: str
    body: str
    path: str  # the app's (and the site's) page it opens


def daily_puzzle() -> Text:
    return Text("Your daily puzzle is ready", "A new puzzle is waiting for you.", "/puzzles/daily")


def streak_at_risk(days: int) -> Text:
    # A streak at risk is at least one day long: "1-day streak" is the singular.
    return Text(
        f"Your {days}-day streak ends tonight: one puzzle keeps it",
        "Solve a puzzle before the day ends.",
        "/puzzles",
    )


def reviews_due(count: int) -> Text:
    noun = "review is" if count == 1 else "reviews are"
    return Text(f"{count} {noun} due", "A few minutes now keeps them fresh.", "/review")
