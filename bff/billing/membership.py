"""The member's Pro membership as the account page shows it, and where to manage it."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..access.clock import iso
from ..accounts.models import User
from ..platform.errors import ApiError
from ..platform.site_paths import is_site_path
from .checkout import Billing
from .entitlements import SUBSCRIBED_STATUSES
from .models import PaymentCustomer, Subscription
from .plans import find_plan
from .stores import Stores
from .subscriptions import STORE_PROVIDERS, current_subscription, managed_by

# Where the member comes back from managing billing, unless the client names a page.
DEFAULT_RETURN_PATH = "/account"
MEMBERSHIP_STATES = ("none", "trialing", "active", "past_due", "cancelling", "lapsed")


def membership_state(row: Subscription | None) -> str:
    """none (never subscribed), trialing, active, past_due (the card is being retried; still
    Pro), cancelling (current until the period ends, then over) or lapsed (over)."""
    if row is None:
        return "none"
    if row.status not in SUBSCRIBED_STATUSES:
        return "lapsed"
    if row.cancel_at_period_end:
        return "cancelling"
    return row.status


def membership(session: Session, user: User, provider_name: str) -> dict[str, Any]:
    """Plan, price, state and dates of the member's membership, as webhooks keep them."""
    row = current_subscription(session, user.id)
    state = membership_state(row)
    plan = find_plan(row.plan_id) if row else None
    renews = state in ("trialing", "active", "past_due")
    return {
        "status": state,
        "user_tier": user.user_tier,
        "plan": {
            "id": plan.id,
            "name": plan.name,
            "period": plan.period,
            "price": f"{plan.amount:.2f}",
            "currency": plan.currency,
            "price_text": plan.price_text,
        }
        if plan
        else None,
        "trial_end": iso(row.trial_end) if row and state == "trialing" else None,
        # The next charge (the end of the trial, or of the period paid for).
        "next_billing_date": iso(row.current_period_end) if row and renews else None,
        # When Pro ends (cancelling) or ended (lapsed).
        "ends_at": iso(row.current_period_end) if row and not renews else None,
        "cancel_at_period_end": bool(row and row.cancel_at_period_end),
        "managed_by": managed_by(row) if row else None,
        "manageable": bool(row and row.provider in STORE_PROVIDERS)
        or billing_customer(session, user.id, provider_name) is not None,
    }


def billing_customer(session: Session, user_id: int, provider_name: str) -> str | None:
    found: str | None = session.scalar(
        sa.select(PaymentCustomer.customer_id).where(
            PaymentCustomer.user_id == user_id, PaymentCustomer.provider == provider_name
        )
    )
    return found


def manage_billing_url(
    session: Session,
    billing: Billing,
    user_id: int,
    return_path: str | None,
    stores: Stores | None = None,
) -> str:
    """Where the member manages their membership, coming back to ``return_path`` (a path of
    this site: 400 invalid_final_url otherwise; /account by default). 404 not_found for a
    member who never went through checkout: there is nothing to manage yet.

    A membership bought in an app is managed in its store: Apple's or Google's subscriptions
    page (which knows nothing of ``return_path``)."""
    path = DEFAULT_RETURN_PATH if return_path is None else return_path
    if not is_site_path(path):
        raise ApiError(
            400, "invalid_final_url", fields={"return_url": "Must be a path of this site."}
        )
    row = current_subscription(session, user_id)
    if row is not None and row.provider in STORE_PROVIDERS and stores is not None:
        product = stores.products_of(row.plan_id or "").get(row.provider)
        return stores.get(row.provider).manage_url(product)
    customer_id = billing_customer(session, user_id, billing.provider.name)
    if customer_id is None:
        raise ApiError(404, "not_found", "You have no membership to manage yet.")
    return billing.provider.billing_portal_url(customer_id, billing.url(path))
