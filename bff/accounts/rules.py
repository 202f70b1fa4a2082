"""The validation rules of accounts, with their messages word for word.

The rules run in the services rather than only in the request schemas because a failure needs
a catalogue code of its own (`user_username_contains_spaces`, `user_username_profane`, ...) as
well as the per-field message, and because services are called without HTTP too."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import pycountry
from better_profanity import Profanity
from email_validator import EmailNotValidError, validate_email

from ..platform.errors import ApiError

REQUIRED = "This field is required."
MUST_CHECK = "You must select this checkbox"
EMAIL_FORMAT = "Email format is invalid."
# A message, not a password.
PASSWORD_RULE = (
    "Password length must be between 8 and 20 and have at least one number and one special "  # noqa: S105
    "character (~!@#$%^&*)."
)
USERNAME_SPACES = "Username can't contain white spaces."
USERNAME_CHARACTERS = "Username can't contain special characters."
NAME_CHARACTERS = "Name can't contain special characters."
UNKNOWN_COUNTRY = "Choose a country from the list."
UNKNOWN_LEVEL = "Choose a level from the list."

USERNAME_LENGTH = (5, 31)
EMAIL_LENGTH = (5, 63)
PASSWORD_LENGTH = (8, 20)
NAME_LENGTH = (3, 50)

# The value and label of each level, in order (docs/accounts.md).
SKILL_LEVELS: dict[str, str] = {
    "beginner": "Beginner - 800",
    "casual": "Casual - 1000",
    "club": "Club - 1200",
    "league": "League - 1400",
    "tournament": "Tournament - 1600",
    "advanced": "Advanced - 1800",
    "expert": "Expert - 2000",
    "master": "Master - 2200+",
}

USERNAME_ALLOWED = re.compile(r"^[A-Za-z0-9.'_-]+$")
PASSWORD_SPECIAL = re.compile(r"[0-9~!@#$%^&*]")
# Something, @, and a dotted domain; no space or control character anywhere.
EMAIL_SHAPE = re.compile(
    r"^[^@\s\x00-\x1f\x7f-\x9f]+@[^@\s\x00-\x1f\x7f-\x9f.]+(\.[^@\s\x00-\x1f\x7f-\x9f.]+)+$"
)
NAME_SHAPE = re.compile(r"^[^\W\d_]+(?:[ '\-][^\W\d_]+)*$")


@dataclass(frozen=True)
class Problem:
    field: str
    message: str
    code: str = "validation_failed"


def min_length(n: int) -> str:
    return f"Minimum length of {n} is not met."


def max_length(n: int) -> str:
    return f"Maximum length of {n} exceeded."


def _length(value: str, bounds: tuple[int, int]) -> str | None:
    low, high = bounds
    if len(value) < low:
        return min_length(low)
    if len(value) > high:
        return max_length(high)
    return None


@cache
def _profanity() -> Profanity:
    return Profanity()  # the library's maintained word list, with its look-alike spellings


def is_profane(text: str) -> bool:
    # Separators inside a username ("bad_word", "bad.word") count as spaces between words.
    return _profanity().contains_profanity(re.sub(r"[._'-]+", " ", text))


def username_problem(value: str | None) -> Problem | None:
    if value is None or not value.strip():
        return Problem("username", REQUIRED)
    if message := _length(value, USERNAME_LENGTH):
        return Problem("username", message)
    if any(char.isspace() for char in value):
        return Problem("username", USERNAME_SPACES, "user_username_contains_spaces")
    if not USERNAME_ALLOWED.match(value):
        return Problem("username", USERNAME_CHARACTERS, "user_username_contains_special_characters")
    if is_profane(value):
        return Problem("username", "Keep it clean, please", "user_username_profane")
    return None


def email_problem(value: str | None) -> Problem | None:
    """Required, 5 to 63 characters and something@a.dotted.domain, then what email-validator
    says of the address (its syntax, a domain that can receive mail, no invisible or other
    unsafe character), then one script per part: an
    address whose local part or a label of whose domain mixes alphabets (a Cyrillic "а" among
    Latin letters) is refused, so no look-alike registers beside the real one."""
    if value is None or not value.strip():
        return Problem("email", REQUIRED, "user_email_required")
    if message := _length(value, EMAIL_LENGTH):
        return Problem("email", message)
    if not EMAIL_SHAPE.match(value):
        return Problem("email", EMAIL_FORMAT)
    checked = _validated(value.strip())
    if checked is None:
        return Problem("email", EMAIL_FORMAT)
    local, _, domain = checked.rpartition("@")
    if any(_mixes_scripts(part) for part in (local, *domain.split("."))):
        return Problem("email", EMAIL_FORMAT)
    return None


def _validated(value: str) -> str | None:
    """The address as email-validator normalises it (Unicode NFC, the domain lower-cased and in
    Unicode), or None when it refuses it. Deliverability (DNS) is not asked: the mailed link
    shows whether the address receives mail."""
    try:
        return validate_email(value, check_deliverability=False).normalized
    except EmailNotValidError:
        return None


# Scripts that are written together (UTS #39's "highly restrictive" level): Latin with the
# Japanese, Korean or Chinese scripts. Any other mixture within one part is refused.
_TOGETHER = (
    frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "CJK", "HANGUL"}),
    frozenset({"LATIN", "CJK", "BOPOMOFO"}),
)


def _script(char: str) -> str | None:
    """The script of a letter, from its Unicode name ("CYRILLIC SMALL LETTER A"); None for
    what belongs to every script (digits, punctuation, marks)."""
    if not unicodedata.category(char).startswith("L"):
        return None
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] if name else "UNKNOWN"


def _mixes_scripts(part: str) -> bool:
    scripts = {script for char in part if (script := _script(char)) is not None}
    return len(scripts) > 1 and not any(scripts <= allowed for allowed in _TOGETHER)


def password_problem(value: str | None, field: str = "password") -> Problem | None:
    if value is None or not value.strip():
        return Problem(field, REQUIRED, "user_password_required")
    low, high = PASSWORD_LENGTH
    if not low <= len(value) <= high or not PASSWORD_SPECIAL.search(value):
        return Problem(field, PASSWORD_RULE)
    return None


def name_problem(value: str, field: str) -> str | None:
    """Firstname and lastname: letters, with inner spaces, hyphens, apostrophes."""
    if message := _length(value, NAME_LENGTH):
        return message
    if not NAME_SHAPE.match(value):
        return NAME_CHARACTERS
    return None


def country_problem(value: str | None) -> Problem | None:
    """A country code from GET /users/countries (case aside: it is stored upper-case)."""
    code = (value or "").strip().upper()
    if not code:
        return Problem("country", REQUIRED)
    return None if code in country_codes() else Problem("country", UNKNOWN_COUNTRY)


def level_problem(value: str | None) -> Problem | None:
    level = (value or "").strip()
    if not level:
        return Problem("skill_level", REQUIRED)
    return None if level in SKILL_LEVELS else Problem("skill_level", UNKNOWN_LEVEL)


@cache
def countries() -> tuple[tuple[str, str], ...]:
    """Every ISO 3166 country as (code, name), by name; the common name where there is one."""
    rows = (
        (country.alpha_2, getattr(country, "common_name", None) or country.name)
        for country in pycountry.countries
    )
    return tuple(sorted(rows, key=lambda row: row[1]))


@cache
def country_codes() -> frozenset[str]:
    return frozenset(code for code, _ in countries())


def normalise_email(value: str) -> str:
    """The address as it is stored and mailed: trimmed and normalised by email-validator (the
    domain lower-cased and in Unicode, whether it came as punycode or not); an address it
    refuses is only trimmed (``email_problem`` says why)."""
    value = value.strip()
    return _validated(value) or value


def email_key(value: str) -> str:
    """The address's unique key: normalised, then lower-cased whole ("Magnus@EXAMPLE.com" and
    "magnus@example.com" are one address, as every provider treats them)."""
    return normalise_email(value).lower()


def username_key(value: str) -> str:
    return value.lower()


def raise_problems(problems: Sequence[Problem | None], status: int = 400) -> None:
    """The envelope: the first problem's code and message, and every field's first message."""
    found = [problem for problem in problems if problem is not None]
    if not found:
        return
    fields: dict[str, str] = {}
    for problem in found:
        fields.setdefault(problem.field, problem.message)
    first = found[0]
    message = first.message if first.code != "validation_failed" else None
    raise ApiError(status, first.code, message, fields=fields)
