"""No odd path answers 500: NUL bytes, very long names, encoded slashes and dot segments on every
static and page route (the built client's files and pages, /media, /uploads, Swagger UI's files,
the sitemaps) are a 4xx in the error envelope, or the page they name."""

from __future__ import annotations

import io
import logging
import struct
import zlib

import pytest
from PIL import Image

from bff.pages import paths

# Path segments a scanner tries: as sent on the wire (already percent-encoded where needed).
ODD_SEGMENTS = (
    "%00",
    "a%00b",
    "x" * 300,
    "9" * 300,
    "%2F",
    "a%2Fb",
    "%2f..%2f..%2fetc%2fpasswd",
    "..",
    ".",
    "%2e%2e",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "..%5c..%5cwindows",
    "%c0%ae%c0%ae",
    "%ff%fe",
    "%",
    "%zz",
    "a;b",
    "..;",
    "%20",
    "~",
    "%0d%0aSet-Cookie:x=1",
    "caf%C3%A9",
    "%E2%80%AE",
    "." * 300,
    "x" * 300 + ".png",
    "9999999999999999999999",
)

# Where a path segment is read: each static and page route of the site, with a place for it.
PLACES = (
    "/{}",
    "/{}/",
    "/{}/x",
    "/assets/{}",
    "/assets/x/{}",
    "/media/{}",
    "/media/uploads/{}",
    "/uploads/{}",
    "/api/docs/assets/{}",
    "/sitemap-{}.xml",
    "/robots.txt/{}",
    "/sw.js/{}",
    "/favicon.ico/{}",
    "/index.html/{}",
    "/home/{}",
    "/register/{}",
    "/legal/{}",
    *(f"/{section}/{{}}" for section in paths.DETAILS),
)


@pytest.fixture(scope="module")
def odd_paths() -> list[str]:
    return [place.format(segment) for place in PLACES for segment in ODD_SEGMENTS]


def test_the_places_cover_every_static_and_page_route(app):
    """A new static or page route must be fuzzed too: every GET rule outside the API has a place
    above."""
    api = ("/api/openapi.json", "/api/docs", "/healthz", "/sitemap.xml", "/robots.txt")
    fuzzed = {place.split("{}")[0].rstrip("-") for place in PLACES}
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or rule.rule in api:
            continue
        if rule.rule.split("/")[1] in ("cms", "users", "content", "subscriptions", "products"):
            continue
        if rule.rule.startswith(("/masterclasses", "/sandbox", "/api/docs/start.js")):
            continue
        head = rule.rule.split("<")[0]
        assert any(head.startswith(f) or f.startswith(head) for f in fuzzed), rule.rule


def test_no_odd_path_answers_500(app, odd_paths, caplog):
    client = app.test_client()
    failures = []
    with caplog.at_level(logging.ERROR):
        for path in odd_paths:
            response = client.get(path)
            if response.status_code >= 500:
                failures.append(f"{path[:80]} -> {response.status_code}")
            elif response.status_code >= 400 and response.mimetype != "text/html":
                body = response.get_json(silent=True)
                if not (isinstance(body, dict) and set(body) == {"error"}):
                    failures.append(f"{path[:80]} -> {response.status_code} outside the envelope")
    assert not failures, "\n".join(failures)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR and r.exc_info]


@pytest.mark.parametrize(
    "path",
    ["/media/%00", "/media/" + "m" * 300, "/" + "r" * 300, "/assets/" + "a" * 300],
)
def test_the_paths_found_answering_500_are_4xx_in_the_envelope(client, path):
    response = client.get(path)
    assert 400 <= response.status_code < 500
    assert set(response.get_json()) == {"error"}


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


TRUNCATED_EXIF = b"MM\x00*\x00"  # a TIFF header cut off before its first IFD's offset


def png_with_truncated_exif() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buffer, "PNG")
    data = buffer.getvalue()
    at = data.index(b"IDAT") - 4
    return data[:at] + _chunk(b"eXIf", TRUNCATED_EXIF) + data[at:]


def webp_with_truncated_exif() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buffer, "WEBP")
    image = buffer.getvalue()[12:]  # the VP8 chunk
    extended = b"VP8X" + struct.pack("<I", 10) + bytes([0x08, 0, 0, 0]) + b"\x07\x00\x00" * 2
    exif = b"EXIF" + struct.pack("<I", len(TRUNCATED_EXIF)) + TRUNCATED_EXIF + b"\x00"
    riff = b"WEBP" + extended + image + exif
    return b"RIFF" + struct.pack("<I", len(riff)) + riff


@pytest.mark.parametrize("picture", [png_with_truncated_exif, webp_with_truncated_exif])
def test_an_avatar_with_a_truncated_exif_block_is_refused_not_a_500(picture):
    from bff.accounts.avatars import encode_avatar
    from bff.platform.errors import ApiError

    with pytest.raises(ApiError) as refused:
        encode_avatar(picture(), owner=1)
    assert refused.value.status == 400 and refused.value.code == "avatar_invalid"
