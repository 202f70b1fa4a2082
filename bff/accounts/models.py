"""The accounts tables: users, their social identities, sessions, one-time tokens, newsletter."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..access.clock import utcnow
from ..platform.database import Base, UTCDateTime


class MemberRow:
    """A row of one member's, deleted with their account: its id, whose it is, and when it was
    made."""

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(sa.String(31))
    # Lower-cased copies carry the unique constraints: "Magnus" and "magnus" are one name.
    username_key: Mapped[str] = mapped_column(sa.String(31), unique=True)
    email: Mapped[str] = mapped_column(sa.String(254))
    email_key: Mapped[str] = mapped_column(sa.String(254), unique=True)
    # None for accounts that only ever signed in through a social provider.
    password_hash: Mapped[str | None] = mapped_column(sa.String(255))
    firstname: Mapped[str | None] = mapped_column(sa.String(50))
    lastname: Mapped[str | None] = mapped_column(sa.String(50))
    country: Mapped[str | None] = mapped_column(sa.String(2))
    skill_level: Mapped[str | None] = mapped_column(sa.String(16))
    user_tier: Mapped[str] = mapped_column(sa.String(16), default="free", server_default="free")
    avatar: Mapped[str | None] = mapped_column(sa.String(255))
    email_confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    deactivated_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # When the member deleted their account: the row stays, emptied of everything personal, so
    # the payments it made keep an owner (bff.accounts.erasure).
    erased_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class SocialIdentity(MemberRow, Base):
    """A provider's account (provider + subject) that signs in as one of our users."""

    __tablename__ = "social_identities"
    __table_args__ = (
        sa.UniqueConstraint("provider", "subject", name="uq_social_identities_provider_subject"),
    )

    provider: Mapped[str] = mapped_column(sa.String(16))
    subject: Mapped[str] = mapped_column(sa.String(255))
    email: Mapped[str | None] = mapped_column(sa.String(254))


class RefreshToken(MemberRow, Base):
    """One refresh token of a session; every rotation adds one to the same family."""

    __tablename__ = "refresh_tokens"

    family_id: Mapped[str] = mapped_column(sa.String(32), index=True)
    # SHA-256 of the token: a stolen database row cannot be replayed.
    token_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    rotated_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    replaced_by_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("refresh_tokens.id", ondelete="SET NULL")
    )
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class MailedToken(MemberRow):
    """A token sent by mail: stored as its SHA-256, valid until expires_at, usable once."""

    token_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class EmailConfirmation(MailedToken, Base):
    __tablename__ = "email_confirmations"


class PasswordReset(MailedToken, Base):
    __tablename__ = "password_resets"


class EmailChange(MailedToken, Base):
    """A change of address waiting for its link, mailed to the new address, to be followed."""

    __tablename__ = "email_changes"

    new_email: Mapped[str] = mapped_column(sa.String(254))
    # SHA-256 of the token of the link mailed to the old address, which stops the change.
    cancel_token_hash: Mapped[str | None] = mapped_column(sa.String(64), unique=True)


class NewsletterSubscription(Base):
    __tablename__ = "newsletter_subscriptions"

    id: Mapped[int] = mapped_column(primary_key=True)
    # Lower-cased, so one address subscribes once whatever its spelling.
    email: Mapped[str] = mapped_column(sa.String(254), unique=True)
    user_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
