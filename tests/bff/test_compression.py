"""Text answers go out gzipped to clients that take it; nothing else changes."""

from __future__ import annotations

import gzip

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def test_build_files_are_gzipped_and_keep_their_caching(client, client_dist):
    script = ("console.log('a chess move');\n" * 200).encode()
    (client_dist / "assets" / "vendor.0badc0de.js").write_bytes(script)
    zipped = client.get("/assets/vendor.0badc0de.js", headers=GZIP)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == script
    assert len(zipped.data) < len(script) / 5
    assert int(zipped.headers["Content-Length"]) == len(zipped.data)
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert "immutable" in zipped.headers["Cache-Control"]
    plain = client.get("/assets/vendor.0badc0de.js")
    assert "Content-Encoding" not in plain.headers and plain.data == script
    assert "Accept-Encoding" in plain.headers["Vary"], "caches keep the two apart"


def test_content_answers_are_gzipped(client):
    plain = client.get("/cms/lessons?_limit=24")
    zipped = client.get("/cms/lessons?_limit=24", headers=GZIP)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == plain.data
    assert zipped.headers["ETag"] == plain.headers["ETag"]
    assert plain.headers["ETag"].startswith("W/"), "weak: the same content in either encoding"
    again = client.get(
        "/cms/lessons?_limit=24", headers={**GZIP, "If-None-Match": zipped.headers["ETag"]}
    )
    assert again.status_code == 304 and again.data == b""


def test_small_and_binary_answers_are_left_alone(client):
    small = client.get("/users/social_providers", headers=GZIP)
    assert small.status_code == 200 and "Content-Encoding" not in small.headers
    icon = client.get("/favicon.ico", headers=GZIP)
    assert "Content-Encoding" not in icon.headers
