"""ETags and 304 on the /content, /users and /subscriptions GETs (bff/platform/conditional.py):
a strong ETag from the body, 304 to a matching If-None-Match, 200 with a new ETag after a change,
private, no-cache where the answer is the member's own."""

from __future__ import annotations

import pytest

from bff.platform.conditional import strong_etag

MEMBERS_OWN = [
    "/users/profile",
    "/content/continue",
    "/content/positions/program_subchapter/10:1",
    "/content/puzzles/me",
    "/content/puzzles/me/dashboard",
    "/content/review",
    "/subscriptions/membership",
    "/products/purchases",
]
PUBLIC = ["/content/puzzles/themes", "/subscriptions/plans"]


def get(client, path, headers=None, tag=None):
    headers = dict(headers or {})
    if tag is not None:
        headers["If-None-Match"] = tag
    return client.get(path, headers=headers)


@pytest.mark.parametrize("path", MEMBERS_OWN)
def test_a_members_own_answer_is_304_while_unchanged_and_private(client, member, path):
    _, headers = member("free")
    first = get(client, path, headers)
    assert first.status_code == 200, first.get_json()
    tag = first.headers["ETag"]
    assert tag.startswith('"') and not tag.startswith("W/")
    assert first.headers["Cache-Control"] == "private, no-cache"
    unchanged = get(client, path, headers, tag)
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    assert unchanged.headers["ETag"] == tag
    assert unchanged.headers["Cache-Control"] == "private, no-cache"
    assert get(client, path, headers, '"something-else"').status_code == 200


@pytest.mark.parametrize("path", PUBLIC)
def test_a_public_answer_is_304_and_keeps_its_caching(client, path):
    first = get(client, path)
    assert first.status_code == 200
    assert "private" not in first.headers.get("Cache-Control", "")
    assert get(client, path, tag=first.headers["ETag"]).status_code == 304


def test_a_change_is_200_with_a_new_etag(client, member):
    _, headers = member("free")
    path = "/content/positions/program_subchapter/10:1"
    before = get(client, path, headers)
    put = client.put(path, json={"position": 30, "duration": 200}, headers=headers)
    assert put.status_code == 200
    after = get(client, path, headers, before.headers["ETag"])
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert after.get_json()["data"]["position"] == 30
    assert get(client, path, headers, after.headers["ETag"]).status_code == 304


def test_the_profile_after_an_edit_is_200(client, member):
    _, headers = member("free")
    before = get(client, "/users/profile", headers)
    edited = client.post("/users/profile", json={"firstname": "Judit"}, headers=headers)
    assert edited.status_code == 200, edited.get_json()
    after = get(client, "/users/profile", headers, before.headers["ETag"])
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]


def test_a_gzipped_answer_has_its_own_etag(client):
    plain = get(client, "/subscriptions/plans")
    zipped = client.get("/subscriptions/plans", headers={"Accept-Encoding": "gzip"})
    if zipped.headers.get("Content-Encoding") != "gzip":
        pytest.skip("the plans are too small to be gzipped")
    assert zipped.headers["ETag"] == plain.headers["ETag"][:-1] + '-gzip"'
    assert (
        client.get(
            "/subscriptions/plans",
            headers={"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]},
        ).status_code
        == 304
    )


def test_the_etag_is_the_bodys_hash():
    assert strong_etag(b"{}", False) != strong_etag(b"{ }", False)
    assert strong_etag(b"{}", True) == strong_etag(b"{}", False) + "-gzip"


def test_the_document_says_etag_and_304(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    documented = [
        *MEMBERS_OWN,
        *PUBLIC,
        "/content/puzzles/daily",
        "/content/progress/cards",
        "/content/footer",
    ]
    for path in documented:
        if path.startswith("/content/positions/"):
            path = "/content/positions/{item_type}/{item_id}"
        operation = paths[path]["get"]
        assert "ETag" in operation["responses"]["200"]["headers"], path
        assert "304" in operation["responses"], path
        names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "header"]
        assert "If-None-Match" in names, path
