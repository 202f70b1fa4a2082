"""A Stripe webhook that arrives while the database is briefly unreachable: it is refused (not
2xx), so Stripe delivers it again, and the delivery after the database is back applies it once.

The database is the run's own PostgreSQL, really stopped and started (scripts/with-test-services).
"""

from __future__ import annotations

import pytest

from bff.billing.models import PaymentEvent, Subscription
from bff.platform import database
from bff.platform.config import normalise_database_url

from ..builders import error_of
from ..conftest import _fresh_postgres, service_url
from .builders import deliver, event, subscription
from .test_webhooks import STRIPE, completed_subscription_session, rows, subscriber, tier

pytestmark = pytest.mark.deployment

__all__ = ["subscriber"]  # the fixture, shared with the other webhook tests


@pytest.fixture
def database_url():
    """This module's apps use PostgreSQL whatever the run's database: the test stops it."""
    url = _fresh_postgres(normalise_database_url(service_url("TEST_POSTGRES_URL")), "bff_webhook")
    database.upgrade(url)
    return url


def test_a_webhook_during_a_database_outage_is_refused_then_applied_once(
    stripe_client, stripe_app, subscriber, stripe_api, postgres_ctl
):
    _, headers = subscriber
    stripe_api.get(f"{STRIPE}/subscriptions/sub_test_1", json=subscription())
    payload = event("checkout.session.completed", completed_subscription_session(), "evt_outage")

    postgres_ctl("stop")
    refused = deliver(stripe_client, payload)
    assert error_of(refused, 503)["code"] == "service_unavailable"
    assert refused.headers["Retry-After"]

    postgres_ctl("start")
    redelivered = deliver(stripe_client, payload)
    assert redelivered.status_code == 200
    assert redelivered.get_json()["data"]["outcome"] == "applied"
    again = deliver(stripe_client, payload)
    assert again.get_json()["data"]["outcome"] == "duplicate"

    assert rows(stripe_app, PaymentEvent, event_id="evt_outage") == 1
    assert rows(stripe_app, Subscription, subscription_id="sub_test_1") == 1
    assert tier(stripe_client, headers) == "pro"
