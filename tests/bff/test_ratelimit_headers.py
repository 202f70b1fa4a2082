"""Every answer of a rate-limited call says where its client stands: RateLimit-Limit,
RateLimit-Remaining and RateLimit-Reset (docs/api.md, "Rate limits"), and the document says so."""

from __future__ import annotations

from bff.app_context import app_context

CHECK = "/users/check?username=magnus_c"
STANDING = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")


def test_a_limited_route_answers_its_standing_and_remaining_goes_down(make_app):
    client = make_app(RATE_LIMIT_CHECK="3 per minute").test_client()
    answers = [client.get(CHECK) for _ in range(4)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert [answer.headers["RateLimit-Remaining"] for answer in answers] == ["2", "1", "0", "0"]
    for answer in answers:
        assert answer.headers["RateLimit-Limit"] == "3"
        assert 1 <= int(answer.headers["RateLimit-Reset"]) <= 60
    assert 1 <= int(answers[-1].headers["Retry-After"]) <= 60


def test_a_refused_body_of_a_limited_route_carries_the_standing_too(make_app):
    client = make_app(RATE_LIMIT_LOGIN="5 per minute").test_client()
    answer = client.post("/users/login", json={})
    assert answer.status_code == 400
    assert answer.headers["RateLimit-Remaining"] == "4"


def test_a_route_without_a_limit_answers_no_standing(client):
    answer = client.get("/subscriptions/plans")
    assert answer.status_code == 200
    assert not any(name in answer.headers for name in STANDING)


def test_the_document_says_which_answers_carry_them(app):
    document = app_context(app).api.spec.to_dict()
    limited = document["paths"]["/users/check"]["get"]["responses"]
    for status in ("200", "429"):
        assert set(STANDING) <= set(limited[status]["headers"]), status
    assert "Retry-After" in limited["429"]["headers"]
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            for status, response in operation.get("responses", {}).items():
                if status in ("429", "503"):
                    assert "Retry-After" in response.get("headers", {}), (method, path, status)
