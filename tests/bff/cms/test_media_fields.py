"""Every picture is a media field: video posters come from the media library, and an image's
focal point (Strapi's media library, percents from the top left) reaches the client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bff.cms.normalize import Normalizer

COMPONENTS = Path(__file__).resolve().parents[3] / "cms-schema" / "src" / "components"
STILL = {
    "url": "/uploads/still.png",
    "width": 1280,
    "height": 720,
    "alternativeText": "Still frame of a chess video",
    "formats": {
        "small": {"url": "/uploads/small_still.png", "width": 500, "height": 281},
        "medium": {"url": "/uploads/medium_still.png", "width": 750, "height": 422},
    },
}


def test_posters_are_media_fields_of_the_model():
    for name in ("video/host-video.json", "program/subchapter.json"):
        attributes = json.loads((COMPONENTS / name).read_text())["attributes"]
        assert attributes["poster"]["type"] == "media"
        assert attributes["poster"]["allowedTypes"] == ["images"]
        assert not any(field.endswith("_url") for field in attributes), name


def test_a_posters_sizes_stand_where_the_720p_and_480p_addresses_were():
    normalizer = Normalizer(lambda url: "https://cms.example" + url)
    video = normalizer.host_video({"video_id": "x1", "title": "Intro", "poster": STILL})
    assert video["dm_data"]["thumbnail_720_url"] == "https://cms.example/uploads/medium_still.png"
    assert video["dm_data"]["thumbnail_480_url"] == "https://cms.example/uploads/small_still.png"
    only_original = {**STILL, "formats": {}}
    assert normalizer.poster({"poster": only_original}, "medium") == (
        "https://cms.example/uploads/still.png"
    )
    assert normalizer.poster({"poster": None}, "medium") is None


def test_the_embedded_store_serves_the_seeds_posters(client, member):
    pro = member("pro")
    program = client.get("/cms/programs?_limit=1").get_json()[0]["id"]
    detail = client.get(f"/cms/programs/{program}", headers=pro).get_json()
    intro = detail["introduction_video"]
    poster = intro["dm_data"]["thumbnail_720_url"]
    assert poster.startswith("/media/video-still-") and poster.endswith("/medium.webp")
    served = client.get(poster)
    assert served.status_code == 200 and served.mimetype == "image/webp"
    chapter = detail["chapters"][0]["id"]
    subchapters = client.get(f"/cms/program-chapters/{chapter}", headers=pro).get_json()
    for sub in subchapters["subchapters"]:
        assert client.get(sub["dm_data"]["thumbnail_720_url"]).status_code == 200


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ({"x": 20, "y": 75.5}, {"x": 20, "y": 75.5}),
        ({"x": 0, "y": 100}, {"x": 0, "y": 100}),
        (None, None),
        ({"x": 120, "y": 50}, None),
        ({"x": "20", "y": 50}, None),
        ({"x": True, "y": 50}, None),
        ({"y": 50}, None),
        ("center", None),
    ],
)
def test_an_images_focal_point_passes_when_it_is_one(given, kept):
    image = Normalizer().image({**STILL, "focalPoint": given})
    assert image.get("focalPoint") == kept
