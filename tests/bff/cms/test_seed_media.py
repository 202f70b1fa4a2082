"""The seed's images: real WebP files of the sizes media.json declares, each showing a chess
position of its content's theme (cms-schema/tools/generate_media.py)."""

import json
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from PIL import Image

from bff.cms.upstream import SEED_PATH

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "cms-schema" / "tools"))
import generate_media  # noqa: E402
from seed_positions import POSITIONS_FILE, THEMES, PositionError, load_themes, named_in  # noqa: E402

MEDIA = json.loads((SEED_PATH / "media.json").read_text(encoding="utf-8"))
ART = json.loads((SEED_PATH / generate_media.ART_FILE).read_text(encoding="utf-8"))


def load(name: str):
    return json.loads((SEED_PATH / f"{name}.json").read_text(encoding="utf-8"))


def files_of(entry: dict):
    yield entry["url"], entry["width"], entry["height"], entry["mime"]
    for item in entry["formats"].values():
        yield item["url"], item["width"], item["height"], item["mime"]


@pytest.mark.parametrize("key", sorted(MEDIA))
def test_every_image_is_a_webp_of_its_declared_size(key):
    for url, width, height, mime in files_of(MEDIA[key]):
        path = SEED_PATH / "media" / url.removeprefix("/media/")
        data = path.read_bytes()
        assert mime == "image/webp" and url.endswith(".webp")
        assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", f"{path} is no WebP file"
        with Image.open(path) as image:
            assert image.format == "WEBP" and image.size == (width, height), path


def test_formats_keep_the_shape_of_the_original():
    for key, entry in MEDIA.items():
        ratio = entry["width"] / entry["height"]
        assert set(entry["formats"]) == {"thumbnail", "small", "medium"}, key
        for item in entry["formats"].values():
            assert item["width"] < entry["width"], key
            assert abs(item["width"] / item["height"] - ratio) < 0.02, key


def test_the_images_are_up_to_date_with_their_drawing():
    """--check's view: the recorded drawing of each key is what the generator draws now."""
    assert generate_media.check_files(MEDIA, SEED_PATH / "media") == []


def test_lessons_show_positions_of_their_own_topic():
    categories = {row["id"]: row["name"] for row in load("lesson-categories")}
    themes_by_category = defaultdict(set)
    for lesson in load("lessons"):
        art = ART[lesson["thumbnail"]]
        assert art["fen"], lesson["title"]
        themes_by_category[categories[lesson["lesson_category"]]].add(art["theme"])
    assert themes_by_category["Endgames"] == {"endgames"}
    assert themes_by_category["Openings"] == {"openings"}
    assert themes_by_category["Tactics"] == {"tactics"}
    themes = [theme for found in themes_by_category.values() for theme in found]
    assert len(themes) == len(set(themes)) == len(categories), "one theme per topic"


def test_lessons_of_different_topics_get_different_art():
    categories = {row["id"]: row["name"] for row in load("lesson-categories")}
    first_of_category = {}
    for lesson in load("lessons"):
        first_of_category.setdefault(categories[lesson["lesson_category"]], lesson["thumbnail"])
    keys = list(first_of_category.values())
    fens = {ART[key]["fen"] for key in keys}
    assert len(fens) == len(keys)
    pictures = {(SEED_PATH / "media" / key / "small.webp").read_bytes() for key in keys}
    assert len(pictures) == len(keys)


def test_neighbouring_cards_of_a_list_differ():
    for name, field in (("lessons", "thumbnail"), ("articles", "hero_image")):
        shown = [ART[row[field]].get("fen") for row in load(name)]
        repeats = [i for i in range(1, len(shown)) if shown[i] == shown[i - 1]]
        assert not repeats, f"{name}: the same position twice in a row at {repeats}"


def test_the_whole_seed_media_stays_small():
    total = sum(path.stat().st_size for path in (SEED_PATH / "media").rglob("*") if path.is_file())
    assert total < 8_000_000


def test_a_title_that_names_a_position_gets_it():
    endgames, tactics, openings = THEMES["endgames"], THEMES["tactics"], THEMES["openings"]
    assert named_in(endgames, "The Philidor defence").name == "Philidor position"
    assert named_in(endgames, "King and pawn endings: the opposition").name == "The opposition"
    assert named_in(tactics, "Back-rank mates").name == "Back-rank mate"
    assert named_in(openings, "Why I play 1.e4").moves.startswith("e4 ")
    assert named_in(openings, "Playing for a small edge") is None


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        (
            {"name": "Fork", "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "arrows": ["d5c9"]},
            "arrows: 'd5c9'",
        ),
        ({"name": "Fork", "marks": ["e4", "k1"]}, "marks: 'k1'"),
        ({"name": "Fork", "moves": "e4 e4"}, "illegal san"),
        ({"name": "Fork", "fen": "not a board"}, "fen"),
        ({"name": "Fork", "flipped": "yes"}, "flipped"),
        ({"name": "Fork", "colour": "gold"}, "unknown field(s) colour"),
    ],
)
def test_a_position_that_cannot_be_drawn_is_named_as_the_file_is_read(tmp_path, entry, said):
    themes = json.loads(POSITIONS_FILE.read_text(encoding="utf-8"))
    themes["tactics"].insert(2, entry)
    path = tmp_path / "positions.json"
    path.write_text(json.dumps(themes), encoding="utf-8")
    with pytest.raises(PositionError) as raised:
        load_themes(path)
    assert str(raised.value).startswith("positions.json: tactics[2] 'Fork': ")
    assert said in str(raised.value).lower()


def test_every_theme_a_title_can_fall_to_has_positions(tmp_path):
    path = tmp_path / "positions.json"
    path.write_text(json.dumps({"openings": [{"name": "Start"}]}), encoding="utf-8")
    with pytest.raises(PositionError, match="no positions for the theme 'attack'"):
        load_themes(path)
