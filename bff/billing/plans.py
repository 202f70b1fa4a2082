"""Pro membership plans: monthly and yearly, in USD, EUR and INR, each with a 7-day trial.

The plans and their amounts live here; which Stripe price bills each plan comes from the
STRIPE_PRICE_IDS setting (`plan_id=price_id,...`). With Stripe on, a plan without a price id is
not offered. The sandbox bills every plan under a made-up price id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

TRIAL_DAYS = 7
TRIAL_SUBTITLE = f"Inc. a {TRIAL_DAYS}-day trial"

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "INR": "₹"}
PERIOD_INTERVALS = {"monthly": "month", "yearly": "year"}
PLATFORMS = ("web", "mobile-web", "ios", "android")


@dataclass(frozen=True)
class Plan:
    id: str
    period: str  # monthly | yearly
    currency: str
    amount: Decimal

    @property
    def name(self) -> str:
        return "Pro Monthly" if self.period == "monthly" else "Pro Yearly"

    @property
    def minor_amount(self) -> int:
        return int(self.amount * 100)

    @property
    def price_text(self) -> str:
        return f"{CURRENCY_SYMBOLS[self.currency]}{self.amount:.2f}"

    @property
    def interval(self) -> str:
        return PERIOD_INTERVALS[self.period]


def money_text(amount: int, currency: str) -> str:
    """An amount in minor units as people read it: "$9.99", or "9.99 GBP" without a symbol."""
    symbol = CURRENCY_SYMBOLS.get(currency)
    figure = f"{amount / 100:.2f}"
    return f"{symbol}{figure}" if symbol else f"{figure} {currency}"


def _plan(period: str, currency: str, amount: str) -> Plan:
    return Plan(f"pro_{period}_{currency.lower()}", period, currency, Decimal(amount))


PLANS: tuple[Plan, ...] = (
    _plan("monthly", "USD", "9.99"),
    _plan("yearly", "USD", "99.99"),
    _plan("monthly", "EUR", "9.99"),
    _plan("yearly", "EUR", "99.99"),
    _plan("monthly", "INR", "799.00"),
    _plan("yearly", "INR", "7999.00"),
)
PLANS_BY_ID = {plan.id: plan for plan in PLANS}


def find_plan(plan_id: str | None) -> Plan | None:
    return PLANS_BY_ID.get(plan_id or "")


def offered_plans(price_ids: Mapping[str, str] | None) -> list[Plan]:
    """The plans that can be bought: all of them, or (with Stripe) those with a price id."""
    if price_ids is None:
        return list(PLANS)
    return [plan for plan in PLANS if plan.id in price_ids]


def plan_answer(plan: Plan, store_products: Mapping[str, str | None] | None = None) -> dict:
    """A plan as the upgrade page shows it, with the product that sells it in each app store
    (the apps buy that product: docs/billing.md, "Selling in the apps")."""
    return {
        "id": plan.id,
        "name": plan.name,
        "subtitle": TRIAL_SUBTITLE,
        "price_text": plan.price_text,
        "price": f"{plan.amount:.2f}",
        "currency": plan.currency,
        "period": plan.period,
        "trial_days": TRIAL_DAYS,
        "store_products": {
            "app_store": (store_products or {}).get("app_store"),
            "google_play": (store_products or {}).get("google_play"),
        },
    }
