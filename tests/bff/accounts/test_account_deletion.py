"""Download my data (GET /users/account/export) and delete my account (POST
/users/account/delete): everything kept about the member in one document; then, with the
password, every personal datum, the avatar and every session gone, payments kept anonymised."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from PIL import Image

from bff.accounts.models import NewsletterSubscription, User
from bff.app_context import app_context
from bff.billing.models import Purchase
from bff.learning.models import WatchPosition
from bff.platform.extensions import db

from ..builders import error_of, make_purchase
from .builders import PASSWORD, bearer

PROFILE = "/users/profile"


@pytest.fixture
def member(client, signed_in):
    """A member on the newsletter, with an avatar, a purchase and some progress."""
    access, _ = signed_in(subscribe=True)
    headers = bearer(access)
    picture = io.BytesIO()
    Image.new("RGB", (64, 64), (10, 20, 30)).save(picture, "PNG")
    uploaded = client.post(
        PROFILE,
        headers=headers,
        data={"avatar": (io.BytesIO(picture.getvalue()), "me.png")},
        content_type="multipart/form-data",
    )
    assert uploaded.status_code == 200, uploaded.get_json()
    user_id = uploaded.get_json()["data"]["id"]
    return user_id, headers


def add_progress(app, user_id: int) -> None:
    with app.app_context():
        db.session.add(
            WatchPosition(
                user_id=user_id,
                item_type="program_subchapter",
                item_id="12:3",
                position=610.0,
                duration=620.0,
                progress=98,
                completed=True,
                updated_at=datetime.now(UTC),
            )
        )
        db.session.commit()


def test_the_export_holds_everything_kept_about_the_member(app, client, member):
    user_id, headers = member
    make_purchase(app, user_id, "program", 3)
    add_progress(app, user_id)
    answer = client.get("/users/account/export", headers=headers)
    assert answer.status_code == 200
    assert answer.headers["Content-Disposition"] == 'attachment; filename="my-data.json"'
    assert answer.headers["Cache-Control"] == "no-store"
    data = answer.get_json()["data"]
    assert data["profile"]["email"] == "magnus@example.com"
    assert data["profile"]["country"] == "NO" and data["profile"]["email_confirmed"]
    assert data["profile"]["avatar"]["src"].startswith("/uploads/")
    assert data["newsletter"] == {"subscribed": True}
    assert data["purchases"] == [
        {
            "entity": "program",
            "entityId": 3,
            "amount": 100,
            "currency": "USD",
            "purchased_at": data["purchases"][0]["purchased_at"],
        }
    ]
    assert data["subscriptions"] == [] and data["payments"] == []
    assert data["progress"] == [
        {
            "type": "program_subchapter",
            "id": "12:3",
            "position": 610.0,
            "duration": 620.0,
            "progress": 98,
            "completed": True,
            "updated_at": data["progress"][0]["updated_at"],
        }
    ]


def test_deleting_erases_the_member_and_keeps_payments_anonymised(app, client, member):
    user_id, headers = member
    make_purchase(app, user_id, "program", 3)
    add_progress(app, user_id)
    avatar = client.get(PROFILE, headers=headers).get_json()["data"]["avatar"]["src"]
    assert client.get(avatar).status_code == 200
    other_device = app.test_client()
    login = {"username": "magnus@example.com", "password": PASSWORD}
    assert other_device.post("/users/login", json=login).status_code == 200

    answer = client.post("/users/account/delete", headers=headers, json={"password": PASSWORD})
    assert answer.status_code == 200, answer.get_json()
    assert "refresh_token=;" in answer.headers["Set-Cookie"]

    # Signed out everywhere, and the account cannot be signed in to again.
    assert error_of(client.get(PROFILE, headers=headers))["code"] == "user_invalid_token"
    assert other_device.get("/users/token_refresh").status_code == 401
    assert error_of(client.post("/users/login", json=login))["code"] == "user_doesnt_exist"
    # The avatar is gone from storage.
    assert client.get(avatar).status_code == 404
    with app.app_context():
        user = db.session.get(User, user_id)
        assert user.erased_at is not None
        assert user.email == f"deleted {user_id}" and user.username == f"deleted {user_id}"
        kept = (user.password_hash, user.firstname, user.country, user.skill_level, user.avatar)
        assert kept == (None, None, None, None, None)
        assert (
            db.session.scalar(sa.select(sa.func.count()).select_from(NewsletterSubscription)) == 0
        )
        progress = sa.select(sa.func.count()).where(WatchPosition.user_id == user_id)
        assert db.session.scalar(progress) == 0
        # The payment stays for accounting, owned by a row that no longer says whose.
        purchase = db.session.scalar(sa.select(Purchase).where(Purchase.user_id == user_id))
        assert (purchase.amount, purchase.currency) == (100, "USD")
    # The name and the address are free for anyone again.
    assert client.get("/users/check?username=magnus_c").get_json()["data"]["available"]


@pytest.mark.parametrize(
    ("password", "code"),
    [("wrong-pass1", "user_wrong_password"), ("  ", "user_password_required")],
)
def test_a_wrong_or_missing_password_deletes_nothing(client, member, password, code):
    _, headers = member
    answer = client.post("/users/account/delete", headers=headers, json={"password": password})
    error = error_of(answer)
    assert (error["code"], list(error["fields"])) == (code, ["password"])
    assert client.get(PROFILE, headers=headers).status_code == 200


def test_an_account_without_a_password_is_told_how_to_set_one(app, client, member):
    user_id, headers = member
    with app.app_context():
        db.session.get(User, user_id).password_hash = None
        db.session.commit()
    answer = client.post("/users/account/delete", headers=headers, json={"password": "x1234567"})
    assert "Forgot your password?" in error_of(answer)["fields"]["password"]


def test_a_storage_failure_does_not_stop_the_deletion(app, client, member, caplog):
    _, headers = member

    def fail(name):
        raise OSError("disk gone")

    app_context(app).storage.delete = fail
    answer = client.post("/users/account/delete", headers=headers, json={"password": PASSWORD})
    assert answer.status_code == 200
    assert "Could not delete the avatar" in caplog.text


@pytest.mark.parametrize(
    ("method", "path"), [("get", "/users/account/export"), ("post", "/users/account/delete")]
)
def test_only_members_export_or_delete(client, method, path):
    answer = getattr(client, method)(path, json={"password": PASSWORD})
    assert error_of(answer)["code"] == "unauthorized"


def test_deletion_is_rate_limited_like_sign_in(build_app):
    client = build_app(RATE_LIMIT_LOGIN="2 per minute").test_client()
    answers = [
        client.post("/users/account/delete", json={"password": PASSWORD}).status_code
        for _ in range(3)
    ]
    assert answers == [401, 401, 429]
