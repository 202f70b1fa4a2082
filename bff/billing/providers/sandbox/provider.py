"""The sandbox payment provider: Stripe's checkout, played locally, for development and tests.

It keeps its sessions in its own table and serves a small hosted checkout page
(GET /sandbox/checkout/{id}) with Pay and Cancel. Pay completes the session and redirects to its
success URL with `{CHECKOUT_SESSION_ID}` filled in, Cancel to its cancel URL: exactly what
Stripe does, so the client and the recording code run the same path. It sends no webhooks, and
it never runs in production (create_app refuses).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import secrets
import time
from datetime import UTC, datetime, timedelta
from urllib.parse import urlencode

import sqlalchemy as sa
from flask import Flask, Response, redirect, request
from flask.views import MethodView
from itsdangerous import BadSignature, URLSafeTimedSerializer
from markupsafe import escape

from ....platform.context import ContextView
from ....platform.openapi import Api, Blueprint
from ....platform.security import inline_hash, origin_of, page_policy
from ...checkout import Billing
from ...models import SandboxBillingSession, SandboxSession
from ...plans import PLANS, find_plan, money_text
from ...provider import (
    Checkout,
    CheckoutState,
    InvalidWebhook,
    ProviderEvent,
    ProviderRefused,
    SubscriptionState,
)
from ...webhooks import apply_event

PAGE_PATH = "/sandbox/checkout/"
PORTAL_PATH = "/sandbox/billing"
PORTAL_ACTIONS = ("cancel", "resume", "plan")
# The billing page's link (sent to the member's browser by /subscriptions/manage) is good once,
# within five minutes: it starts a session of a quarter of an hour, kept here and carried by an
# HttpOnly cookie, so neither the address nor a log line that holds it opens the page again.
PORTAL_LINK_LIFETIME = 5 * 60
PORTAL_SESSION_SECONDS = 15 * 60
PORTAL_COOKIE = "sandbox_billing"
INTERVAL_DAYS = {"month": 30, "year": 365}


class SandboxProvider:
    name = "sandbox"

    def __init__(self, db, public_base_url: str, clock=None, *, secret_key: str = ""):
        self.db = db
        self.public_base_url = public_base_url
        self.clock = clock or (lambda: int(time.time()))
        # Signs the billing page's links: they name the customer, and only its member gets one.
        self.portal_links = URLSafeTimedSerializer(secret_key or "sandbox", salt="sandbox-billing")

    # Every plan, at the plans' own prices (bff.billing.plans).
    price_ids = None

    def install(self, app: Flask, api: Api) -> None:
        """The hosted checkout and billing pages, under a page policy of their own."""
        api.register_blueprint(blp)
        serving.install(app, self)
        directives = page_directives(self.public_base_url)
        page_policy(app, "sandbox.SandboxCheckoutPage", directives)
        page_policy(app, "sandbox.SandboxBillingPage", directives)

    @property
    def session(self):
        return self.db.session

    # The provider interface --------------------------------------------------------------

    def create_customer(self, *, user_id: int, email: str) -> str:
        return f"cus_sandbox_{user_id}_{secrets.token_hex(4)}"

    def create_checkout(self, checkout: Checkout) -> CheckoutState:
        fields = dataclasses.asdict(checkout)
        recurring = fields.pop("recurring") or {}  # a subscription's price, trial and interval
        row = SandboxSession(
            session_id=f"cs_sandbox_{secrets.token_hex(16)}",
            metadata_json=json.dumps(fields.pop("metadata")),
            status="open",
            payment_status="unpaid",
            created=self.clock(),
            **fields,
            **recurring,
        )
        self.session.add(row)
        self.session.flush()
        return self._state(row)

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
            cancel_at_period_end=bool(row.cancel_at_period_end),
            metadata=json.loads(row.metadata_json or "{}"),
        )

    def billing_portal_url(self, customer_id: str, return_url: str) -> str:
        code = self.portal_links.dumps(
            {"customer": customer_id, "return": return_url, "once": secrets.token_urlsafe(16)}
        )
        # In the query as `code`, which the access log blanks (bff.platform.logs).
        return f"{self.public_base_url}{PORTAL_PATH}/start?{urlencode({'code': code})}"

    def update_customer_email(self, customer_id: str, email: str) -> None:
        """The sandbox keeps no address for its customers."""

    def cancel_subscription(self, subscription_id: str) -> SubscriptionState:
        row = self._by_subscription(subscription_id)
        if row is None:
            raise ProviderRefused()
        row.subscription_status = "canceled"
        row.cancel_at_period_end = False
        self.session.flush()
        return self.retrieve_subscription(subscription_id)

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

    # The billing page (Stripe's Customer Portal, played locally) -------------------------

    def open_portal(self, code: str) -> str:
        """A billing session for a link's code, answered as the cookie's value (a random token;
        only its hash is kept); 404 for a link that is forged, older than five minutes or used
        already. Commits."""
        try:
            found = self.portal_links.loads(code, max_age=PORTAL_LINK_LIFETIME)
        except BadSignature:
            raise ProviderRefused(message="This billing link is not valid any more.") from None
        token, now = secrets.token_urlsafe(32), self.clock()
        self.session.execute(
            sa.delete(SandboxBillingSession).where(SandboxBillingSession.expires_at <= now)
        )
        self.session.add(
            SandboxBillingSession(
                token_hash=_digest(token),
                link_hash=_digest(str(found.get("once"))),
                customer_id=found["customer"],
                return_url=found["return"],
                expires_at=now + PORTAL_SESSION_SECONDS,
            )
        )
        try:
            self.session.commit()
        except sa.exc.IntegrityError:
            self.session.rollback()
            raise ProviderRefused(
                message="This billing link was used already. Open Manage billing again."
            ) from None
        return token

    def portal(self, token: str | None) -> tuple[SandboxSession | None, str]:
        """The latest subscription of the customer whose billing session this is, and its
        return URL; 404 without a session, or after its quarter of an hour."""
        visit = self.session.get(SandboxBillingSession, _digest(token)) if token else None
        if visit is None or visit.expires_at <= self.clock():
            raise ProviderRefused(
                message="Your visit to the billing page has ended. Open Manage billing again."
            )
        row = self.session.scalar(
            sa.select(SandboxSession)
            .where(
                SandboxSession.customer_id == visit.customer_id,
                SandboxSession.subscription_id.is_not(None),
            )
            .order_by(SandboxSession.completed.desc())
            .limit(1)
        )
        return row, visit.return_url

    def portal_page(self, token: str | None) -> str:
        row, return_url = self.portal(token)
        return billing_page(row, return_url)

    def portal_action(self, token: str | None, action: str, plan_id: str | None = None) -> str:
        """Cancel at period end, resume, or change plan, then report it as Stripe's webhook
        would (customer.subscription.updated, applied by the same code); the page to show."""
        row, _ = self.portal(token)
        if action not in PORTAL_ACTIONS:
            raise ProviderRefused()
        if row is None or row.subscription_status not in ("trialing", "active", "past_due"):
            raise ProviderRefused(message="There is no current membership to change.")
        if action == "cancel":
            row.cancel_at_period_end = True
        elif action == "resume":
            row.cancel_at_period_end = False
        else:
            plan = find_plan(plan_id)
            if plan is None:
                raise ProviderRefused(400, "plan_not_found")
            row.price_id, row.amount = f"sandbox_{plan.id}", plan.minor_amount
            row.currency, row.interval = plan.currency, plan.interval
            row.metadata_json = json.dumps(
                {**json.loads(row.metadata_json or "{}"), "plan_id": plan.id}
            )
        self.session.flush()
        self._deliver("customer.subscription.updated", row.subscription_id or "")
        return PORTAL_PATH

    def _deliver(self, kind: str, subscription_id: str) -> None:
        """What Stripe's webhook would bring, applied at once (the sandbox sends none)."""
        event = ProviderEvent(
            id=f"evt_sandbox_{secrets.token_hex(12)}",
            type=kind,
            created=self.clock(),
            subscription=self.retrieve_subscription(subscription_id),
        )
        billing = Billing(self, self.public_base_url)
        apply_event(self.session, billing, event, now=datetime.fromtimestamp(self.clock(), UTC))

    # Plumbing ----------------------------------------------------------------------------

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


def _period(row: SandboxSession) -> str:
    return {"month": "month", "year": "year"}.get(row.interval or "", "period")


def checkout_page(row: SandboxSession) -> str:
    """A small, accessible stand-in for Stripe's hosted checkout."""
    price = money_text(row.amount, row.currency)
    if row.mode == "subscription":
        what = "Pro membership"
        terms = f"{price} per {_period(row)}"
        if row.trial_days:
            first = datetime.fromtimestamp(row.created, UTC) + timedelta(days=row.trial_days)
            terms += f" after a {row.trial_days}-day free trial (first charge {first:%d %B %Y})"
    else:
        what, terms = "One-time purchase", price
    done = row.status != "open"
    action = PAGE_PATH + escape(row.session_id)
    return _page(
        "checkout",
        "Checkout",
        "Sandbox payment: no card is charged.\nSet STRIPE_SECRET_KEY to use Stripe.",
        f"""<h2>{escape(what)}</h2>
<p id="item">{escape(row.description)}</p>
<p id="price"><strong>{escape(terms)}</strong></p>
{"<p role='status'>This checkout is already complete.</p>" if done else ""}
<form method="post" action="{action}/pay">
<button class="pay" type="submit" aria-describedby="item price">Pay {escape(price)}</button>
</form>
<form method="post" action="{action}/cancel">
<button class="cancel" type="submit">Cancel</button>
</form>
""",
    )


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def billing_page(row: SandboxSession | None, return_url: str) -> str:
    """A small, accessible stand-in for Stripe's Customer Portal."""
    action = PORTAL_PATH
    status = (row.subscription_status if row else None) or "none"
    current = status in ("trialing", "active", "past_due")
    if row is None:
        body = "<p>You have no membership.</p>"
    else:
        per = _period(row)
        plan_id = json.loads(row.metadata_json or "{}").get("plan_id")
        started = row.completed or row.created
        state = (
            "Cancels at the end of the period"
            if row.cancel_at_period_end
            else {"trialing": "Free trial", "active": "Active", "past_due": "Payment due"}.get(
                status, "Ended"
            )
        )
        body = (
            f'<p id="plan"><strong>{escape(money_text(row.amount, row.currency))} per {per}'
            "</strong></p>"
            f'<p id="state">{escape(state)} (since '
            f"{datetime.fromtimestamp(started, UTC):%d %B %Y})</p>"
        )
        if current and row.cancel_at_period_end:
            body += (
                f'<form method="post" action="{action}/resume">'
                '<button class="pay" type="submit">Resume membership</button></form>'
            )
        elif current:
            others = [
                plan for plan in PLANS if plan.currency == row.currency and plan.id != plan_id
            ]
            options = "".join(
                f'<option value="{plan.id}">{escape(plan.name)} ({escape(plan.price_text)})'
                "</option>"
                for plan in others
            )
            body += (
                f'<form method="post" action="{action}/plan"><label for="plan_id">Change plan'
                f'</label> <select id="plan_id" name="plan_id">{options}</select>'
                '<button class="pay" type="submit">Change plan</button></form>'
                f'<form method="post" action="{action}/cancel">'
                '<button class="cancel" type="submit">Cancel membership</button></form>'
            )
    return _page(
        "billing",
        "Your membership",
        "Sandbox billing: no card is charged.\n"
        "Set STRIPE_SECRET_KEY to use Stripe's Customer Portal.",
        f"""{body}
<p><a href="{escape(return_url)}">Back to the site</a></p>
""",
    )


def _page(title: str, heading: str, note: str, body: str) -> str:
    """A sandbox page: its heading, a note that no card is charged, then its body."""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox {title}</title>
<style>{PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>{heading}</h1>
<p class="note" role="note">{note}</p>
{body}</main>
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
# The sandbox whose pages these are: the application's payment provider, which installed them.
serving = ContextView[SandboxProvider](__name__)


STRING = {"type": "string"}
HTML = {"content": {"text/html": {"schema": STRING}}}


def _html(page: str) -> Response:
    """A sandbox page as it is now: never kept."""
    response = Response(page, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


@blp.route("/checkout/<session_id>")
class SandboxCheckoutPage(MethodView):
    @blp.doc(responses={"200": {"description": "The hosted checkout page", **HTML}})
    def get(self, session_id):
        """The hosted checkout page: what is bought, its price, Pay and Cancel."""
        return _html(serving().page(session_id))


@blp.route("/checkout/<session_id>/pay")
class SandboxPay(MethodView):
    @blp.doc(responses={"303": {"description": "To the checkout's success URL"}})
    def post(self, session_id):
        """Pay: completes the session, then redirects to its success URL (session id filled)."""
        return redirect(serving().pay(session_id), code=303)


@blp.route("/checkout/<session_id>/cancel")
class SandboxCancel(MethodView):
    @blp.doc(responses={"303": {"description": "To the checkout's cancel URL"}})
    def post(self, session_id):
        """Cancel: redirects to the checkout's cancel URL."""
        return redirect(serving().cancel(session_id), code=303)


@blp.route("/billing/start")
class SandboxBillingStart(MethodView):
    @blp.doc(
        parameters=[
            {"in": "query", "name": "code", "required": True, "schema": {"type": "string"}}
        ],
        responses={"303": {"description": "To the billing page, in a session of this browser"}},
    )
    def get(self):
        """The billing page's link, as /subscriptions/manage gives it: good once, within five
        minutes. It starts a quarter of an hour's visit in this browser (an HttpOnly cookie) and
        goes on to the page, so the link itself opens nothing again."""
        token = serving().open_portal(request.args.get("code", ""))
        response = redirect(PORTAL_PATH, 303)
        response.set_cookie(
            PORTAL_COOKIE,
            token,
            max_age=PORTAL_SESSION_SECONDS,
            path=PORTAL_PATH,
            httponly=True,
            samesite="Lax",  # never sent with another site's form: the page's posts are its own
            secure=request.is_secure,
        )
        response.headers["Cache-Control"] = "no-store"
        return response


@blp.route("/billing")
class SandboxBillingPage(MethodView):
    @blp.doc(responses={"200": {"description": "The billing page", **HTML}})
    def get(self):
        """The billing page (Stripe's Customer Portal, played locally): the membership, and
        cancel at period end, resume or change plan, for the visit the cookie carries."""
        return _html(serving().portal_page(request.cookies.get(PORTAL_COOKIE)))


@blp.route("/billing/<action>")
class SandboxBillingAction(MethodView):
    @blp.doc(responses={"303": {"description": "Back to the billing page"}})
    def post(self, action):
        """Cancel at period end, resume, or change plan (form field plan_id); applied as
        Stripe's customer.subscription.updated webhook would be."""
        visit = request.cookies.get(PORTAL_COOKIE)
        return redirect(serving().portal_action(visit, action, request.form.get("plan_id")), 303)
