"""The sandbox payment provider: Stripe's checkout, played locally, for development and tests.

It keeps its sessions in its own table and serves a small hosted checkout page
(GET /sandbox/checkout/{id}) with Pay and Cancel. Pay completes the session and redirects to its
success URL with `{CHECKOUT_SESSION_ID}` filled in, Cancel to its cancel URL: exactly what
Stripe does, so the client and the recording code run the same path. It sends no webhooks, and
it never runs in production (create_app refuses).
"""

from __future__ import annotations

import json
import secrets
import time
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from flask import Flask, Response, redirect
from flask.views import MethodView
from markupsafe import escape

from ....app_context import app_context
from ....platform.openapi import Blueprint
from ....platform.security import inline_hash, origin_of, page_policy
from ...models import SandboxSession
from ...plans import CURRENCY_SYMBOLS
from ...provider import (
    CheckoutState,
    InvalidWebhook,
    PaymentCheckout,
    ProviderRefused,
    SubscriptionCheckout,
    SubscriptionState,
)

PAGE_PATH = "/sandbox/checkout/"
INTERVAL_DAYS = {"month": 30, "year": 365}


class SandboxProvider:
    name = "sandbox"

    def __init__(self, db, public_base_url: str, clock=None):
        self.db = db
        self.public_base_url = public_base_url
        self.clock = clock or (lambda: int(time.time()))

    # Every plan, at the plans' own prices (bff.billing.plans).
    price_ids = None

    def install(self, app: Flask) -> None:
        """The hosted checkout pages, under a page policy of their own."""
        app_context(app).api.register_blueprint(blp)
        page_policy(app, "sandbox.SandboxCheckoutPage", page_directives(self.public_base_url))

    @property
    def session(self):
        return self.db.session

    # The provider interface --------------------------------------------------------------

    def create_customer(self, *, user_id: int, email: str) -> str:
        return f"cus_sandbox_{user_id}_{secrets.token_hex(4)}"

    def create_subscription_checkout(self, checkout: SubscriptionCheckout) -> CheckoutState:
        return self._open(
            mode="subscription",
            customer_id=checkout.customer_id,
            client_reference_id=checkout.client_reference_id,
            description=checkout.description,
            amount=checkout.amount,
            currency=checkout.currency,
            price_id=checkout.price_id,
            trial_days=checkout.trial_days,
            interval=checkout.interval,
            success_url=checkout.success_url,
            cancel_url=checkout.cancel_url,
            metadata=checkout.metadata,
        )

    def create_payment_checkout(self, checkout: PaymentCheckout) -> CheckoutState:
        return self._open(
            mode="payment",
            customer_id=checkout.customer_id,
            client_reference_id=checkout.client_reference_id,
            description=checkout.name,
            amount=checkout.amount,
            currency=checkout.currency,
            price_id=None,
            trial_days=None,
            interval=None,
            success_url=checkout.success_url,
            cancel_url=checkout.cancel_url,
            metadata=checkout.metadata,
        )

    def retrieve_session(self, session_id: str) -> CheckoutState:
        return self._state(self._find(session_id))

    def retrieve_subscription(self, subscription_id: str) -> SubscriptionState:
        row = self._by_subscription(subscription_id)
        if row is None:
            raise ProviderRefused()
        started = row.completed or row.created
        trial_end = started + (row.trial_days or 0) * 86400 if row.trial_days else None
        period_end = trial_end or started + INTERVAL_DAYS.get(row.interval or "", 30) * 86400
        return SubscriptionState(
            id=subscription_id,
            customer_id=row.customer_id,
            status=row.subscription_status or "incomplete",
            price_id=row.price_id,
            current_period_end=period_end,
            trial_end=trial_end,
            cancel_at_period_end=False,
            metadata=json.loads(row.metadata_json or "{}"),
        )

    def parse_webhook(self, payload: bytes, signature: str | None):
        raise InvalidWebhook("The sandbox provider sends no webhooks.")

    # The hosted page's actions -----------------------------------------------------------

    def pay(self, session_id: str) -> str:
        """Complete the session as a successful card payment; the URL to send the buyer to."""
        row = self._find(session_id)
        if row.status == "open":
            row.status = "complete"
            row.completed = self.clock()
            if row.mode == "subscription":
                row.subscription_id = f"sub_sandbox_{secrets.token_hex(12)}"
                row.subscription_status = "trialing" if row.trial_days else "active"
                row.payment_status = "no_payment_required" if row.trial_days else "paid"
            else:
                row.payment_status = "paid"
            self.session.commit()
        return row.success_url.replace("{CHECKOUT_SESSION_ID}", row.session_id)

    def cancel(self, session_id: str) -> str:
        """The buyer gave up: the session stays open, as Stripe's does, until it expires."""
        return self._find(session_id).cancel_url

    def end_subscription(self, subscription_id: str, status: str = "canceled") -> None:
        """What Stripe does at the end of a canceled or unpaid subscription (for tests)."""
        row = self._by_subscription(subscription_id)
        row.subscription_status = status
        self.session.commit()

    def page(self, session_id: str) -> str:
        row = self._find(session_id)
        return checkout_page(row)

    # Plumbing ----------------------------------------------------------------------------

    def _open(self, *, metadata: dict, **fields) -> CheckoutState:
        session_id = f"cs_sandbox_{secrets.token_hex(16)}"
        row = SandboxSession(
            session_id=session_id,
            metadata_json=json.dumps(metadata),
            status="open",
            payment_status="unpaid",
            created=self.clock(),
            **fields,
        )
        self.session.add(row)
        self.session.flush()
        return self._state(row)

    def _by_subscription(self, subscription_id: str) -> SandboxSession | None:
        return self.session.scalar(
            sa.select(SandboxSession).where(SandboxSession.subscription_id == subscription_id)
        )

    def _find(self, session_id: str) -> SandboxSession:
        row = self.session.get(SandboxSession, session_id)
        if row is None:
            raise ProviderRefused(message="We couldn't find that checkout session.")
        return row

    def _state(self, row: SandboxSession) -> CheckoutState:
        return CheckoutState(
            id=row.session_id,
            url=self.public_base_url + PAGE_PATH + row.session_id,
            mode=row.mode,
            status=row.status,
            payment_status=row.payment_status,
            customer_id=row.customer_id,
            subscription_id=row.subscription_id,
            client_reference_id=row.client_reference_id,
            amount_total=0 if row.mode == "subscription" and row.trial_days else row.amount,
            currency=row.currency,
            metadata=json.loads(row.metadata_json or "{}"),
        )


def price_text(amount: int, currency: str) -> str:
    symbol = CURRENCY_SYMBOLS.get(currency)
    figure = f"{amount / 100:.2f}"
    return f"{symbol}{figure}" if symbol else f"{figure} {currency}"


# The page's only style, allowed by its hash in the page's Content-Security-Policy.
PAGE_STYLE = """
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;
color:#1d1d1f}
.note{background:#fff4d6;border-radius:.5rem;padding:.75rem}
button{font:inherit;padding:.75rem 1.5rem;border-radius:.5rem;border:2px solid #7446FF;
margin:.25rem 0;width:100%}
.pay{background:#7446FF;color:#fff} .cancel{background:#fff;color:#7446FF}
button:focus-visible{outline:3px solid #1d1d1f;outline-offset:2px}
"""


def page_directives(public_base_url: str) -> dict[str, tuple[str, ...]]:
    """The checkout page's policy: its own style, and forms that go to this site (whose
    answers redirect to the checkout's success or cancel page, on PUBLIC_BASE_URL)."""
    site = origin_of(public_base_url)
    return {
        "default-src": ("'none'",),
        "style-src": (inline_hash(PAGE_STYLE),),
        "form-action": ("'self'", *((site,) if site else ())),
        "base-uri": ("'none'",),
    }


def checkout_page(row: SandboxSession) -> str:
    """A small, accessible stand-in for Stripe's hosted checkout."""
    price = price_text(row.amount, row.currency)
    if row.mode == "subscription":
        per = {"month": "month", "year": "year"}.get(row.interval or "", "period")
        what = "Pro membership"
        terms = f"{price} per {per}"
        if row.trial_days:
            first = datetime.fromtimestamp(row.created, UTC) + timedelta(days=row.trial_days)
            terms += f" after a {row.trial_days}-day free trial (first charge {first:%d %B %Y})"
    else:
        what, terms = "One-time purchase", price
    done = row.status != "open"
    action = PAGE_PATH + escape(row.session_id)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox checkout</title>
<style>{PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Checkout</h1>
<p class="note" role="note">Sandbox payment: no card is charged.
Set STRIPE_SECRET_KEY to use Stripe.</p>
<h2>{escape(what)}</h2>
<p id="item">{escape(row.description)}</p>
<p id="price"><strong>{escape(terms)}</strong></p>
{"<p role='status'>This checkout is already complete.</p>" if done else ""}
<form method="post" action="{action}/pay">
<button class="pay" type="submit" aria-describedby="item price">Pay {escape(price)}</button>
</form>
<form method="post" action="{action}/cancel">
<button class="cancel" type="submit">Cancel</button>
</form>
</main>
</body>
</html>
"""


# Routes -------------------------------------------------------------------------------------

blp = Blueprint(
    "sandbox",
    __name__,
    url_prefix="/sandbox",
    description="The sandbox payment provider's hosted checkout (only without STRIPE_SECRET_KEY).",
)


HTML = {"content": {"text/html": {"schema": {"type": "string"}}}}


@blp.route("/checkout/<session_id>")
class SandboxCheckoutPage(MethodView):
    @blp.doc(responses={"200": {"description": "The hosted checkout page", **HTML}})
    def get(self, session_id):
        """The hosted checkout page: what is bought, its price, Pay and Cancel."""
        response = Response(app_context().payments.page(session_id), mimetype="text/html")
        response.headers["Cache-Control"] = "no-store"
        return response


@blp.route("/checkout/<session_id>/pay")
class SandboxPay(MethodView):
    @blp.doc(responses={"303": {"description": "To the checkout's success URL"}})
    def post(self, session_id):
        """Pay: completes the session, then redirects to its success URL (session id filled)."""
        return redirect(app_context().payments.pay(session_id), code=303)


@blp.route("/checkout/<session_id>/cancel")
class SandboxCancel(MethodView):
    @blp.doc(responses={"303": {"description": "To the checkout's cancel URL"}})
    def post(self, session_id):
        """Cancel: redirects to the checkout's cancel URL."""
        return redirect(app_context().payments.cancel(session_id), code=303)
