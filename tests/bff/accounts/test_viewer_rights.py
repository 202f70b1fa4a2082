"""The viewer and their rights in one query. Read for every request outside content; content
routes trust a worker's reading of the same access token for a second (RECENT), so a change
that reaches the member by other means than a new token (a webhook, a lapse, a tier set by hand)
shows there within that second."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from bff.access.rights import GUEST as NO_RIGHTS
from bff.access.rights import Rights
from bff.access.viewer import GUEST, RECENT, Viewer, current_viewer
from bff.accounts.models import User
from bff.app_context import app_context
from bff.billing.entitlements import rights_from, viewer_and_rights
from bff.platform.errors import ApiError
from bff.platform.extensions import db

from ..builders import Clock, make_member, make_purchase, make_subscription


@pytest.fixture
def app(make_app, clock):
    app = make_app()
    app_context(app).clock = clock
    return app


@contextmanager
def counted_queries():
    statements: list[str] = []

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    sa.event.listen(db.engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", count)


def header(headers: dict) -> str:
    return headers["Authorization"]


def read(app, headers) -> tuple[Viewer, Rights]:
    with app.app_context():
        secret = app_context(app).settings.jwt_secret_key
        return viewer_and_rights(header(headers), db.session, secret, datetime.now(UTC))


def set_tier(app, user_id: int, tier: str) -> None:
    with app.app_context():
        db.session.get(User, user_id).user_tier = tier
        db.session.commit()


def test_a_guest_costs_no_query(app):
    with app.app_context(), counted_queries() as statements:
        assert viewer_and_rights(None, db.session, "s" * 32, datetime.now(UTC)) == (
            GUEST,
            NO_RIGHTS,
        )
    assert statements == []


def test_a_member_and_their_rights_cost_one_query(app):
    user_id, headers = make_member(app, "free")
    make_purchase(app, user_id, "program", 3)
    make_purchase(app, user_id, "video", 9)
    make_subscription(app, user_id, "active", 100)
    with app.app_context(), counted_queries() as statements:
        secret = app_context(app).settings.jwt_secret_key
        viewer, rights = viewer_and_rights(header(headers), db.session, secret, datetime.now(UTC))
    assert len(statements) == 1
    assert viewer == Viewer(user_id, "pro")
    assert rights == Rights("pro", frozenset({("program", 3), ("video", 9)}))


def test_content_costs_one_query_a_second_per_token(app, member_headers_of, clock: Clock):
    user_id, headers = member_headers_of("pro")
    client = app.test_client()
    client.get("/cms/lessons?_limit=3")  # fills the content cache

    def queries_of_a_request() -> int:
        with app.app_context(), counted_queries() as statements:
            assert client.get("/cms/lessons?_limit=3", headers=headers).status_code == 200
        # The content cache's purge check reads tag versions on a real clock of its own (half a
        # second): on a loaded machine it may run between two requests; it is not the viewer's.
        return sum("cms_tag_versions" not in statement for statement in statements)

    assert queries_of_a_request() == 1
    assert queries_of_a_request() == 0
    clock.advance(seconds=0.9)
    assert queries_of_a_request() == 0
    clock.advance(seconds=0.1)
    assert queries_of_a_request() == 1


@pytest.fixture
def member_headers_of(app):
    return lambda tier="free": make_member(app, tier)


def test_the_one_query_agrees_with_rights_from(app):
    """The request's lookup and billing's own (after a change within a request) are one rule."""
    user_id, headers = make_member(app, "pro")
    make_purchase(app, user_id, "masterclass", 1)
    make_subscription(app, user_id, "canceled", 100)
    set_tier(app, user_id, "pro")  # a tier left at pro by hand, with an ended subscription
    viewer, rights = read(app, headers)
    with app.app_context():
        assert rights_from(db.session, viewer) == rights
    assert not rights.is_pro and rights.owns("masterclass", 1)


def test_a_purchase_counts_on_the_next_request(app):
    user_id, headers = make_member(app, "free")
    assert not read(app, headers)[1].may_play("program", 3, "pro")
    make_purchase(app, user_id, "program", 3)
    assert read(app, headers)[1].may_play("program", 3, "pro")


def test_a_lapsed_subscription_counts_on_the_next_request(app):
    user_id, headers = make_member(app, "free")
    make_subscription(app, user_id, "active", 100)
    assert read(app, headers)[1].is_pro
    make_subscription(app, user_id, "canceled", 200)
    assert not read(app, headers)[1].is_pro


def test_a_tier_change_counts_on_the_next_request(app):
    user_id, headers = make_member(app, "pro")
    assert read(app, headers)[1].is_pro
    set_tier(app, user_id, "free")
    assert not read(app, headers)[1].is_pro


def test_a_deactivated_member_is_401(app):
    user_id, headers = make_member(app, "pro")
    with app.app_context():
        db.session.get(User, user_id).deactivated_at = datetime.now(UTC)
        db.session.commit()
    with pytest.raises(ApiError) as raised:
        read(app, headers)
    assert raised.value.status == 401


def test_other_routes_read_the_account_at_once(app, clock: Clock):
    user_id, headers = make_member(app, "free")
    make_subscription(app, user_id, "active", 100)
    with app.test_request_context(headers=headers):
        assert current_viewer(recent=True).tier == "pro"
    make_subscription(app, user_id, "canceled", 200)
    with app.test_request_context(headers=headers):
        assert current_viewer(recent=True).tier == "pro", "content: the reading of a moment ago"
    with app.test_request_context(headers=headers):
        assert current_viewer().tier == "free"
    with app.test_request_context(headers=headers):
        assert current_viewer(recent=True).tier == "free", "the newer reading serves content too"


def test_a_deactivated_member_is_refused_content_within_a_second(app, clock: Clock):
    user_id, headers = make_member(app, "pro")
    client = app.test_client()
    assert client.get("/cms/lessons?_limit=3", headers=headers).status_code == 200
    with app.app_context():
        db.session.get(User, user_id).deactivated_at = datetime.now(UTC)
        db.session.commit()
    clock.advance(seconds=RECENT.total_seconds())
    assert client.get("/cms/lessons?_limit=3", headers=headers).status_code == 401


def test_over_http_an_ended_subscription_locks_within_a_second(app, clock: Clock):
    """The lesson list a Pro member was shown (kept rendered) never serves once they are not."""
    user_id, headers = make_member(app, "free")
    make_subscription(app, user_id, "active", 100)
    client = app.test_client()
    pro_view = client.get("/cms/lessons?_limit=100", headers=headers).get_json()
    assert not any(card["locked"] for card in pro_view)
    locked_id = next(
        card["id"] for card in client.get("/cms/lessons?_limit=100").get_json() if card["locked"]
    )
    assert client.get(f"/cms/lessons/{locked_id}", headers=headers).status_code == 200
    make_subscription(app, user_id, "canceled", 200)
    clock.advance(seconds=RECENT.total_seconds())
    assert any(
        card["locked"] for card in client.get("/cms/lessons?_limit=100", headers=headers).get_json()
    )
    assert client.get(f"/cms/lessons/{locked_id}", headers=headers).status_code == 403
