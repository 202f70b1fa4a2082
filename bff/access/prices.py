"""Prices: what a viewer pays for an item, the one answer that catalogue and checkout share."""

from __future__ import annotations

from .rights import Rights

# An amount with two decimals ("19.99") and its currency, one of CURRENCIES.
Price = dict[str, str]

# The currencies of plans and prices, as ISO 4217 writes them (the document's enum).
CURRENCIES = ("USD", "EUR", "INR")


def current_user_price(list_price: Price | None, rights: Rights) -> Price | None:
    """What this viewer pays for an item whose list price is ``list_price``.

    For now everyone pays the list price; member discounts or regional prices go here, and the
    purchase is always charged what this function answers.
    """
    if not list_price:
        return None
    return {"price": list_price["price"], "currency": list_price["currency"]}
