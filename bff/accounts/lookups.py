"""Finding a member by e-mail or username, and whether one is free to register."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import Session

from . import rules
from .models import User


def find_by_email(session: Session, email: str) -> User | None:
    return session.scalar(sa.select(User).where(User.email_key == rules.email_key(email)))


def find_by_username(session: Session, username: str) -> User | None:
    return session.scalar(sa.select(User).where(User.username_key == rules.username_key(username)))


USERNAME_TAKEN = "This username is already taken."


EMAIL_TAKEN = "That email is already taken"


def username_unavailable(session: Session, username: str, own: int | None = None) -> str | None:
    """Why a username cannot be registered (the message registration would give), or None
    when it is free and acceptable. ``own``: the member asking, whose own name is theirs to
    keep (a profile change)."""
    if problem := rules.username_problem(username):
        return problem.message
    holder = find_by_username(session, username)
    return USERNAME_TAKEN if holder is not None and holder.id != own else None


def email_unavailable(session: Session, email: str, own: int | None = None) -> str | None:
    """Why an address cannot be registered, or None when it is free and valid (``own``: as
    for usernames)."""
    email = rules.normalise_email(email)
    if problem := rules.email_problem(email):
        return problem.message
    holder = find_by_email(session, email)
    return EMAIL_TAKEN if holder is not None and holder.id != own else None
