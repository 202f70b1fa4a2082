"""Idempotency-Key: the first answer of a POST that creates something, replayed for its key;
the same key with another body is 422, one still running is 409 (docs/api.md)."""

from __future__ import annotations

import threading
import time

import pytest
import sqlalchemy as sa

from bff.footer import routes as footer_routes
from bff.platform import idempotency
from bff.platform.extensions import db
from bff.platform.idempotency import IdempotencyKey

from .accounts.builders import registration

KEY = "0b6c6c1e-6e8a-4a57-9a57-5a2c3f1f9c11"


def subscribe(client, email: str, key: str | None = KEY):
    headers = {}
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post("/content/subscribe", json={"email": email}, headers=headers)


def keys(app) -> list[IdempotencyKey]:
    with app.app_context():
        found = db.session.scalars(sa.select(IdempotencyKey)).all()
        db.session.expunge_all()
        return list(found)


def test_a_retry_with_the_key_gets_the_first_answer_and_creates_nothing(app, client):
    first = subscribe(client, "fan@example.com")
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    again = subscribe(client, "fan@example.com")
    # Without the key the second is already_subscribed (409); with it, the first answer again.
    assert again.status_code == 200
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert subscribe(client, "fan@example.com", key=None).status_code == 409
    (kept,) = keys(app)
    assert (kept.method, kept.path, kept.status) == ("POST", "/content/subscribe", 200)
    assert kept.expires_at - kept.claimed_at == idempotency.KEPT_FOR


def test_the_same_body_written_otherwise_is_the_same_request(client):
    assert subscribe(client, "fan@example.com").status_code == 200
    spaced = client.post(
        "/content/subscribe",
        data='{ "email" :  "fan@example.com" }',
        headers={"Idempotency-Key": KEY, "Content-Type": "application/json"},
    )
    assert spaced.status_code == 200 and spaced.headers["Idempotent-Replayed"] == "true"


def test_the_same_key_with_another_body_is_422(client):
    assert subscribe(client, "fan@example.com").status_code == 200
    reused = subscribe(client, "other@example.com")
    assert reused.status_code == 422
    assert reused.get_json()["error"]["code"] == "idempotency_key_reused"


def test_another_key_is_another_request(client):
    assert subscribe(client, "fan@example.com").status_code == 200
    assert subscribe(client, "fan@example.com", key="another").status_code == 409  # subscribed


def subscribe_from(client, address: str, email: str):
    return client.post(
        "/content/subscribe",
        json={"email": email},
        headers={"Idempotency-Key": KEY},
        environ_base={"REMOTE_ADDR": address},
    )


def test_keys_are_the_callers_own(client):
    assert subscribe_from(client, "192.0.2.1", "fan@example.com").status_code == 200
    elsewhere = subscribe_from(client, "203.0.113.9", "fan@example.com")
    assert elsewhere.status_code == 409  # not a replay: that address never sent the key


def test_a_member_keys_by_their_account_not_their_address(app, member):
    _, headers = member("free")
    client = app.test_client()

    def send(address: str):
        return client.post(
            "/content/subscribe",
            json={"email": "member-fan@example.com"},
            headers={**headers, "Idempotency-Key": KEY},
            environ_base={"REMOTE_ADDR": address},
        )

    assert send("198.51.100.1").status_code == 200
    moved = send("198.51.100.2")  # the phone changed networks between the request and its retry
    assert moved.status_code == 200 and moved.headers["Idempotent-Replayed"] == "true"
    (kept,) = keys(app)
    assert kept.caller.startswith("member:")


def test_an_invalid_key_is_400(client):
    answer = subscribe(client, "fan@example.com", key="with space")
    assert answer.status_code == 400
    assert "Idempotency-Key" in answer.get_json()["error"]["fields"]


def test_a_failure_a_retry_may_change_releases_the_key(app, client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the database went away mid-request")

    monkeypatch.setattr(footer_routes.newsletter, "sign_up", broken)
    assert subscribe(client, "fan@example.com").status_code == 500
    assert keys(app) == []
    monkeypatch.undo()
    assert subscribe(client, "fan@example.com").status_code == 200


def test_a_refused_request_is_kept_as_refused(client):
    first = subscribe(client, "not an address")
    assert first.status_code == 400
    again = subscribe(client, "not an address")
    assert again.status_code == 400 and again.headers["Idempotent-Replayed"] == "true"


def test_a_key_whose_time_is_over_is_free_again_and_pruned(app, client):
    assert subscribe(client, "fan@example.com").status_code == 200
    with app.app_context():
        db.session.execute(sa.update(IdempotencyKey).values(expires_at=int(time.time()) - 1))
        db.session.commit()
    reused = subscribe(client, "other@example.com")  # another body: fine once the key expired
    assert reused.status_code == 200 and "Idempotent-Replayed" not in reused.headers
    with app.app_context():
        db.session.execute(sa.update(IdempotencyKey).values(expires_at=int(time.time()) - 1))
        db.session.commit()
        assert idempotency.prune(db.session) == 1
    assert keys(app) == []


def test_a_request_still_running_with_the_key_is_409(app, monkeypatch):
    """Two copies of one request at once: the second is told to wait, the first creates."""
    entered, release = threading.Event(), threading.Event()
    sign_up = footer_routes.newsletter.sign_up

    def slow(*args, **kwargs):
        entered.set()
        assert release.wait(10)
        return sign_up(*args, **kwargs)

    monkeypatch.setattr(footer_routes.newsletter, "sign_up", slow)
    answers: dict[str, object] = {}

    def first():
        answers["first"] = subscribe(app.test_client(), "fan@example.com")

    runner = threading.Thread(target=first)
    runner.start()
    try:
        assert entered.wait(10)
        second = subscribe(app.test_client(), "fan@example.com")
        assert second.status_code == 409
        assert second.get_json()["error"]["code"] == "idempotency_key_in_use"
        assert second.headers["Retry-After"] == "1"
    finally:
        release.set()
        runner.join(10)
    assert answers["first"].status_code == 200
    third = subscribe(app.test_client(), "fan@example.com")
    assert third.status_code == 200 and third.headers["Idempotent-Replayed"] == "true"


@pytest.mark.parametrize("copies", [6])
def test_copies_sent_at_once_create_one(app, copies):
    """Copies racing for the key: one runs, the others are replays or told to wait."""
    barrier = threading.Barrier(copies)
    statuses: list[int] = []

    def send():
        client = app.test_client()
        barrier.wait(10)
        statuses.append(subscribe(client, "racer@example.com").status_code)

    threads = [threading.Thread(target=send) for _ in range(copies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(statuses) == copies
    assert set(statuses) <= {200, 409} and 200 in statuses
    (kept,) = keys(app)
    assert kept.status == 200


def test_a_claim_abandoned_by_a_dead_worker_is_taken_again(app, client):
    now = int(time.time())
    with app.app_context():
        db.session.add(
            IdempotencyKey(
                caller="address:127.0.0.1",
                key=KEY,
                method="POST",
                path="/content/subscribe",
                fingerprint=idempotency.fingerprint(b'{"email": "fan@example.com"}'),
                claimed_at=now - idempotency.IN_FLIGHT_FOR - 1,
                expires_at=now + 3600,
            )
        )
        db.session.commit()
    assert subscribe(client, "fan@example.com").status_code == 200


def test_a_registration_retried_is_one_account_with_its_answer(client):
    body = registration(username="retry_me", email="retry@example.com")
    headers = {"Idempotency-Key": KEY}
    first = client.post("/users/register", json=body, headers=headers)
    assert first.status_code == 201, first.get_json()
    again = client.post("/users/register", json=body, headers=headers)
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert client.post("/users/register", json=body).status_code == 409  # one account


def test_the_document_names_the_header_and_its_failures(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    for path in (
        "/content/subscribe",
        "/users/register",
        "/subscriptions/web/checkout/new_subscription",
        "/products/purchase",
    ):
        operation = paths[path]["post"]
        names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "header"]
        assert "Idempotency-Key" in names, path
        assert "idempotency_key_reused" in operation["responses"]["422"]["description"], path
        assert "idempotency_key_in_use" in operation["responses"]["409"]["description"], path


def test_pruning_deletes_only_keys_whose_time_is_over(app):
    now = int(time.time())
    with app.app_context():
        for number, expires in enumerate((now - 10, now - 5, now - 1, now + 60)):
            db.session.add(
                IdempotencyKey(
                    caller="address:192.0.2.7",
                    key=f"k{number}",
                    method="POST",
                    path="/content/subscribe",
                    fingerprint="0" * 64,
                    claimed_at=now - 100,
                    expires_at=expires,
                    status=200,
                )
            )
        db.session.commit()
        assert idempotency.prune(db.session, now, limit=2) == 2
    assert [kept.key for kept in keys(app)] == ["k2", "k3"]
    result = app.test_cli_runner().invoke(args=["db", "prune"])
    assert result.exit_code == 0 and "1 idempotency keys deleted" in result.output
    assert [kept.key for kept in keys(app)] == ["k3"]
