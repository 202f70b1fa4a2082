"""The billing tables: payment customers, checkout sessions, subscriptions, purchases, events.

Provider ids (Stripe's `cus_`, `cs_`, `sub_`, `evt_` or the sandbox's) are kept as given; every
row that may be reported twice (by the return page and by a webhook) has a unique key so it is
recorded once whatever the order.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..access.clock import utcnow
from ..accounts.models import MemberRow
from ..platform.database import Base, UTCDateTime


class PaymentCustomer(MemberRow, Base):
    """The provider's customer that stands for one of our users (created on first checkout)."""

    __tablename__ = "payment_customers"
    __table_args__ = (
        sa.UniqueConstraint("provider", "user_id", name="uq_payment_customers_provider_user"),
    )

    provider: Mapped[str] = mapped_column(sa.String(16))
    customer_id: Mapped[str] = mapped_column(sa.String(255), unique=True)


class CheckoutSession(MemberRow, Base):
    """A checkout we started: who for, what for, and where the buyer goes afterwards."""

    __tablename__ = "checkout_sessions"

    session_id: Mapped[str] = mapped_column(sa.String(255), unique=True)
    provider: Mapped[str] = mapped_column(sa.String(16))
    mode: Mapped[str] = mapped_column(sa.String(16))  # subscription | payment
    plan_id: Mapped[str | None] = mapped_column(sa.String(64))
    entity: Mapped[str | None] = mapped_column(sa.String(32))
    entity_id: Mapped[int | None] = mapped_column(sa.Integer)
    # Minor units (cents) and ISO code of what the buyer was asked to pay.
    amount: Mapped[int | None] = mapped_column(sa.Integer)
    currency: Mapped[str | None] = mapped_column(sa.String(3))
    final_url: Mapped[str | None] = mapped_column(sa.String(2048))
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class Subscription(MemberRow, Base):
    """A Pro membership as the provider last reported it."""

    __tablename__ = "subscriptions"

    provider: Mapped[str] = mapped_column(sa.String(16))
    subscription_id: Mapped[str] = mapped_column(sa.String(255), unique=True)
    customer_id: Mapped[str | None] = mapped_column(sa.String(255))
    plan_id: Mapped[str | None] = mapped_column(sa.String(64))
    period: Mapped[str | None] = mapped_column(sa.String(16))  # monthly | yearly
    status: Mapped[str] = mapped_column(sa.String(32))  # the provider's status, as given
    current_period_end: Mapped[datetime | None] = mapped_column(UTCDateTime())
    trial_end: Mapped[datetime | None] = mapped_column(UTCDateTime())
    cancel_at_period_end: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    # When the provider's state we hold was true (an event's `created`, or when we fetched it):
    # an older report never overwrites a newer one.
    state_at: Mapped[int] = mapped_column(sa.BigInteger, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Purchase(MemberRow, Base):
    """A single item bought for good: a program, a video or the full masterclass."""

    __tablename__ = "purchases"
    __table_args__ = (
        sa.UniqueConstraint("user_id", "entity", "entity_id", name="uq_purchases_user_item"),
    )

    entity: Mapped[str] = mapped_column(sa.String(32))
    entity_id: Mapped[int] = mapped_column(sa.Integer)
    amount: Mapped[int] = mapped_column(sa.Integer)
    currency: Mapped[str] = mapped_column(sa.String(3))
    provider: Mapped[str] = mapped_column(sa.String(16))
    session_id: Mapped[str] = mapped_column(sa.String(255), unique=True)


class PaymentEvent(Base):
    """A provider event already applied: a second delivery of the same id changes nothing."""

    __tablename__ = "payment_events"

    event_id: Mapped[str] = mapped_column(sa.String(255), primary_key=True)
    provider: Mapped[str] = mapped_column(sa.String(16))
    type: Mapped[str] = mapped_column(sa.String(64))
    created: Mapped[int] = mapped_column(sa.BigInteger)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class SandboxSession(Base):
    """The sandbox provider's own record of a hosted checkout (development and tests only)."""

    __tablename__ = "sandbox_checkout_sessions"

    session_id: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    mode: Mapped[str] = mapped_column(sa.String(16))
    customer_id: Mapped[str] = mapped_column(sa.String(64))
    client_reference_id: Mapped[str | None] = mapped_column(sa.String(64))
    description: Mapped[str] = mapped_column(sa.String(255))
    amount: Mapped[int] = mapped_column(sa.Integer)
    currency: Mapped[str] = mapped_column(sa.String(3))
    price_id: Mapped[str | None] = mapped_column(sa.String(64))
    trial_days: Mapped[int | None] = mapped_column(sa.Integer)
    interval: Mapped[str | None] = mapped_column(sa.String(8))  # month | year
    success_url: Mapped[str] = mapped_column(sa.String(2048))
    cancel_url: Mapped[str] = mapped_column(sa.String(2048))
    metadata_json: Mapped[str] = mapped_column(sa.Text, default="{}")
    status: Mapped[str] = mapped_column(sa.String(16), default="open")
    payment_status: Mapped[str] = mapped_column(sa.String(24), default="unpaid")
    subscription_id: Mapped[str | None] = mapped_column(sa.String(64))
    subscription_status: Mapped[str | None] = mapped_column(sa.String(32))
    # Set and cleared on the sandbox's billing page, as Stripe's Customer Portal does.
    cancel_at_period_end: Mapped[bool] = mapped_column(
        sa.Boolean, default=False, server_default=sa.false()
    )
    created: Mapped[int] = mapped_column(sa.BigInteger)
    completed: Mapped[int | None] = mapped_column(sa.BigInteger)


class SandboxBillingSession(Base):
    """A visit to the sandbox's billing page (development and tests only): started by a one-time
    link, carried by a cookie whose random token only this row's hash knows."""

    __tablename__ = "sandbox_billing_sessions"

    token_hash: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    link_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)  # a link works once
    customer_id: Mapped[str] = mapped_column(sa.String(64))
    return_url: Mapped[str] = mapped_column(sa.String(2048))
    expires_at: Mapped[int] = mapped_column(sa.BigInteger)  # unix seconds


class StoreSubscription(Base):
    """A subscription sold by an app store, as the store last reported it, kept once per store
    and key (Apple's original transaction id, the SHA-256 of Google's purchase token) whoever
    reported it first: the app or the store's notification. Its member is known once the app
    sends it (a notification may come first); from then on it stands in `subscriptions` too."""

    __tablename__ = "store_subscriptions"
    __table_args__ = (
        sa.UniqueConstraint("store", "purchase_key", name="uq_store_subscriptions_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    store: Mapped[str] = mapped_column(sa.String(16))  # app_store | google_play
    purchase_key: Mapped[str] = mapped_column(sa.String(128))
    user_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    product_id: Mapped[str] = mapped_column(sa.String(255))
    status: Mapped[str] = mapped_column(sa.String(32))
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    cancel_at_period_end: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    # When the store's state we hold was true (milliseconds): an older report changes nothing.
    state_at: Mapped[int] = mapped_column(sa.BigInteger, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
