"""Who the bearer token names: a guest, a member and their tier, or no one (an invalid token)."""

from __future__ import annotations

from datetime import timedelta

import jwt
import pytest
import sqlalchemy as sa

from bff.access import tokens as access_tokens
from bff.access.viewer import GUEST, Viewer, current_viewer
from bff.accounts.models import User
from bff.billing.entitlements import viewer_for
from bff.platform.errors import ApiError
from bff.platform.extensions import db

from ..builders import error_of
from .builders import bearer
from .conftest import JWT_SECRET


def test_no_header_is_a_guest(app):
    with app.test_request_context("/cms/lessons"):
        viewer = current_viewer()
    assert viewer == GUEST and viewer.is_guest and viewer.tier == "guest"


def test_a_valid_token_names_the_user_and_tier(app, signed_in):
    access, _ = signed_in()
    with app.test_request_context("/cms/lessons", headers=bearer(access)):
        viewer = current_viewer()
        assert viewer == Viewer(user_id=viewer.user_id, tier="free")
        assert not viewer.is_guest
        with app.app_context():
            db.session.scalar(sa.select(User)).user_tier = "pro"
            db.session.commit()
        assert current_viewer() is viewer  # decided once per request
    with app.test_request_context("/cms/lessons", headers=bearer(access)):
        assert current_viewer().tier == "pro"


def test_the_viewer_costs_one_query(app, signed_in):
    access, _ = signed_in()
    statements = []

    def record(connection, cursor, statement, *args):
        statements.append(statement)

    with app.test_request_context("/cms/lessons", headers=bearer(access)):
        sa.event.listen(db.engine, "before_cursor_execute", record)
        try:
            current_viewer()
            current_viewer()
        finally:
            sa.event.remove(db.engine, "before_cursor_execute", record)
    assert len(statements) == 1 and "users" in statements[0]


@pytest.mark.parametrize(
    "header",
    [
        "Bearer not-a-jwt",
        "Bearer ",
        "Basic dXNlcjpwYXNz",
        "Bearer " + jwt.encode({"sub": "1", "exp": 9999999999}, "x" * 32, algorithm="HS256"),
        "Bearer "
        + jwt.encode(
            {"sub": "1", "exp": 9999999999, "aud": "bff:access"}, "forged" * 8, algorithm="HS256"
        ),
        "Bearer "
        + jwt.encode({"sub": "1", "exp": 9999999999, "aud": "bff:access"}, None, algorithm="none"),
    ],
)
def test_malformed_or_forged_tokens_are_invalid(client, signed_in, header):
    signed_in()
    response = client.get("/users/profile", headers={"Authorization": header})
    assert response.status_code == 401
    assert error_of(response) == {"code": "user_invalid_token", "message": "Invalid token"}


def test_an_expired_access_token_is_invalid(client, signed_in, clock):
    access, _ = signed_in()
    clock.advance(minutes=14, seconds=59)
    assert client.get("/users/profile", headers=bearer(access)).status_code == 200
    clock.advance(seconds=1)
    response = client.get("/users/profile", headers=bearer(access))
    assert response.status_code == 401
    assert error_of(response)["code"] == "user_invalid_token"


def test_a_token_of_a_deleted_or_deactivated_user_is_invalid(app, client, signed_in, clock):
    access, _ = signed_in()
    with app.app_context():
        db.session.scalar(sa.select(User)).deactivated_at = clock()
        db.session.commit()
    assert error_of(client.get("/users/profile", headers=bearer(access)))["code"] == (
        "user_invalid_token"
    )
    ghost = access_tokens.issue_access_token(999, JWT_SECRET, clock(), session="a" * 32)
    assert client.get("/users/profile", headers=bearer(ghost)).status_code == 401


def test_viewer_for_is_plain_python(app, clock):
    with app.app_context():
        assert viewer_for(None, db.session, JWT_SECRET, clock()) == GUEST
        with pytest.raises(ApiError) as raised:
            viewer_for("Bearer x", db.session, JWT_SECRET, clock() + timedelta(days=1))
    assert raised.value.status == 401
