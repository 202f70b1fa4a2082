"""The seed's pictures show what their content says (cms-schema/tools/picture_checks.py, run by
check_seed.py): each lesson its title's diagram, legal, with coordinates, from White's side
unless the position is Black's (and then labelled); people a monogram, never a chess piece; alt
texts that say what the picture shows; every lesson in its own category."""

import json
import sys
from pathlib import Path

import chess
import pytest

from bff.cms.upstream import SEED_PATH

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "cms-schema" / "tools"))
import check_seed  # noqa: E402
import generate_media  # noqa: E402
import picture_checks  # noqa: E402
import seed_text  # noqa: E402
from seed_positions import (  # noqa: E402
    LESSON_DIAGRAMS,
    THEMES,
    Position,
    PositionError,
    load_lesson_diagrams,
)

MEDIA = json.loads((SEED_PATH / "media.json").read_text(encoding="utf-8"))
ART = json.loads((SEED_PATH / generate_media.ART_FILE).read_text(encoding="utf-8"))


def load(name: str):
    return json.loads((SEED_PATH / f"{name}.json").read_text(encoding="utf-8"))


def seed_by_uid() -> dict:
    index = json.loads((SEED_PATH / "index.json").read_text(encoding="utf-8"))
    return {
        item["uid"]: json.loads((SEED_PATH / item["file"]).read_text(encoding="utf-8"))
        for item in index["content_types"]
    }


def test_the_seed_check_finds_no_picture_problem():
    assert check_seed.picture_problems(seed_by_uid(), ART) == []


@pytest.mark.parametrize("lesson", load("lessons"), ids=lambda lesson: lesson["title"])
def test_every_lesson_shows_its_titles_diagram_legal_with_coordinates(lesson):
    diagram = LESSON_DIAGRAMS[lesson["title"]]
    record = ART[lesson["thumbnail"]]
    board = chess.Board(record["fen"])
    assert board.is_valid(), board.status()
    assert record["fen"] == diagram.board().fen()
    assert record["position"] == diagram.name
    assert record["coordinates"] is True
    assert record["orientation"] == ("black" if diagram.flipped else "white")
    assert picture_checks.title_problems(lesson["title"], diagram) == []


def test_the_lessons_the_catalogue_got_wrong_now_show_their_topic():
    by_title = {lesson["title"]: ART[lesson["thumbnail"]] for lesson in load("lessons")}
    rooks = chess.Board(by_title["Active rooks in the endgame"]["fen"])
    assert rooks.pieces(chess.ROOK, chess.WHITE) and rooks.pieces(chess.ROOK, chess.BLACK)
    assert by_title["The Lucena position"]["position"] == "Lucena position"
    assert by_title["The Philidor defence in rook endings"]["position"] == "Philidor position"
    assert by_title["Ruy Lopez: understanding the Spanish bind"]["position"] == "Ruy Lopez, closed"
    kings_indian = by_title["King's Indian Defence: the kingside storm"]
    assert kings_indian["orientation"] == "black", "a Black opening, seen from Black's side"
    assert by_title["Italian Game: the slow plan with c3 and d3"]["orientation"] == "white"


def test_a_diagram_that_does_not_show_its_title_is_named():
    reti = next(p for p in THEMES["endgames"] if p.name == "Reti's study")
    problems = picture_checks.title_problems("Active rooks in the endgame", reti)
    assert problems == ['the title names a rook and "Reti\'s study" has none']
    lucena = next(p for p in THEMES["endgames"] if p.name == "Lucena position")
    assert picture_checks.title_problems("King and pawn endings", lucena)
    assert picture_checks.title_problems("Opposite-coloured bishop endings", lucena)
    assert "names f2" in picture_checks.title_problems("Sacrifices on f2", lucena)[0]
    illegal = Position("Two white kings", fen="4k3/8/8/8/8/8/8/K3K3 w - - 0 1")
    assert "not a legal position" in picture_checks.title_problems("Kings", illegal)[0]


def test_the_seed_check_names_a_lesson_whose_picture_is_another_position():
    lessons = [lesson for lesson in load("lessons") if lesson["title"] == "The Lucena position"]
    art = {**ART, lessons[0]["thumbnail"]: ART[load("lessons")[0]["thumbnail"]]}
    problems = picture_checks.lesson_diagram_problems(lessons, art)
    assert problems and "its picture is not its diagram 'Lucena position'" in problems[0]


def test_a_diagram_entry_naming_no_position_is_refused(tmp_path):
    path = tmp_path / "lessons.json"
    path.write_text(json.dumps({"A lesson": {"position": "No such position"}}), encoding="utf-8")
    with pytest.raises(PositionError, match="no position named 'No such position'"):
        load_lesson_diagrams(path)


def test_every_board_has_coordinates_and_shows_blacks_side_only_when_its_position_is_blacks():
    flipped = {
        p.name
        for p in [*LESSON_DIAGRAMS.values(), *(q for ps in THEMES.values() for q in ps)]
        if p.flipped
    }
    assert picture_checks.board_picture_problems(ART, flipped) == []
    lucena = next(key for key, record in ART.items() if record.get("position") == "Lucena position")
    turned = {lucena: {**ART[lucena], "orientation": "black"}}  # a White position turned round
    assert picture_checks.board_picture_problems(turned, flipped) == [
        f"media {lucena}: seen from black's side unannounced"
    ]
    bare = {lucena: {**ART[lucena], "coordinates": False}}
    assert picture_checks.board_picture_problems(bare, flipped) == [
        f"media {lucena}: the board has no coordinates"
    ]


def test_a_board_seen_from_blacks_side_says_so_on_the_picture():
    arts = generate_media.plan(MEDIA, generate_media.subjects(SEED_PATH))
    assert arts["lesson-037"].from_black and not arts["lesson-028"].from_black
    assert "Seen from Black&#8217;s side" in generate_media.svg(arts["lesson-037"])
    assert "Seen from Black" not in generate_media.svg(arts["lesson-028"])


def people():
    out = [(p["name"], p["thumbnail"]) for p in load("teachers") + load("trainers")]
    out += [(p["name"], p["avatar"]) for p in load("authors")]
    out += [(t["name"], t["avatar"]) for t in load("upgrade-page")["testimonials"]]
    return out


def test_every_person_has_a_monogram_portrait_never_a_piece():
    assert picture_checks.portrait_problems(people(), ART) == []
    arts = generate_media.plan(MEDIA, generate_media.subjects(SEED_PATH))
    for name, key in people():
        drawing = generate_media.svg(arts[key])
        assert f">{generate_media.initials(name)}</text>" in drawing, name
        assert "<path" not in drawing, f"{name}: a drawn shape (a piece) in the portrait"
    assert picture_checks.portrait_problems([("Nobody", "lesson-001")], ART) == [
        "Nobody: the portrait lesson-001 is not a monogram"
    ]


def test_the_testimonials_do_not_all_wear_one_picture():
    avatars = [t["avatar"] for t in load("upgrade-page")["testimonials"]]
    pictures = {(SEED_PATH / "media" / key / "thumbnail.webp").read_bytes() for key in avatars}
    assert len(pictures) == len(avatars) == 3


def test_initials_of_names():
    assert generate_media.initials("Marta Quillon") == "MQ"
    assert generate_media.initials("Mei-Lin Zhao") == "MZ"
    assert generate_media.initials("Elias") == "E"


@pytest.mark.parametrize("key", sorted(MEDIA))
def test_every_alt_text_says_what_the_picture_shows(key):
    alt = MEDIA[key]["alternativeText"]
    record = ART[key]
    if "fen" in record:
        side = "Black's" if record["orientation"] == "black" else "White's"
        diagram = f"hess diagram seen from {side} side: {record['position']}"
        if "person" in record:
            assert alt == f"Monogram of {record['person']} beside a c{diagram}"
        else:
            assert alt == f"C{diagram}"
    else:
        assert alt == f"Monogram of {record['person']}: the initials {record['monogram']}"


def test_every_lesson_sits_in_the_category_its_title_is_listed_under():
    categories = {row["id"]: row["name"] for row in load("lesson-categories")}
    lessons = load("lessons")
    assert picture_checks.category_problems(lessons, categories, seed_text.LESSON_TOPICS) == []
    listed = {t: c for c, entries in seed_text.LESSON_TOPICS for t, *_ in entries}
    wrong = next(i for i, name in categories.items() if name != listed[lessons[0]["title"]])
    moved = [{**lessons[0], "lesson_category": wrong}]
    problems = picture_checks.category_problems(moved, categories, seed_text.LESSON_TOPICS)
    assert len(problems) == 1 and "its topic is" in problems[0]


@pytest.mark.parametrize("lesson", load("lessons"), ids=lambda lesson: lesson["title"])
def test_a_lessons_key_positions_start_from_the_diagram_its_picture_shows(lesson):
    diagram = LESSON_DIAGRAMS[lesson["title"]]
    shown = [
        (position["fen"], position["caption"])
        for chapter in lesson["chapters"]
        for position in chapter.get("positions") or []
    ]
    assert (diagram.board().fen(), diagram.name) in shown


def test_the_masterclass_presents_its_champion_by_monogram_beside_a_board():
    hero = load("masterclass")["hero_image"]
    assert ART[hero]["person"] == seed_text.CHAMPION and ART[hero]["monogram"] == "ET"
    assert ART[hero]["coordinates"] is True
    arts = generate_media.plan(MEDIA, generate_media.subjects(SEED_PATH))
    drawing = generate_media.svg(arts[hero])
    assert ">ET</text>" in drawing and f">{seed_text.CHAMPION}</text>" in drawing
    assert MEDIA[hero]["alternativeText"].startswith(f"Monogram of {seed_text.CHAMPION} beside")


def test_every_arrow_is_a_way_its_piece_can_go():
    positions = [*(p for ps in THEMES.values() for p in ps), *LESSON_DIAGRAMS.values()]
    assert [problem for p in positions for problem in picture_checks.arrow_problems(p)] == []
    # A bishop's arrow through its own knight (the discovered attack as it once was drawn).
    blocked = Position(
        "Blocked",
        fen="r1b2rk1/ppp2ppp/2n3n1/3q4/8/3B1N2/PPP2PPP/R1BQ1RK1 w - - 0 10",
        arrows=("d3h7", "d1d5"),
    )
    assert picture_checks.arrow_problems(blocked) == ["'Blocked': d3h7 is blocked"]
    jump = Position("Jump", fen="4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", arrows=("d5d7",))
    assert picture_checks.arrow_problems(jump) == ["'Jump': d5d7 is no knight's move"]
    # A pin's line runs through the pinned piece to the king; a lift clears the queen's way.
    pin = next(p for p in THEMES["tactics"] if p.name == "Absolute pin")
    lift = next(p for p in THEMES["attack"] if p.name == "Rook lift")
    assert picture_checks.arrow_problems(pin) == picture_checks.arrow_problems(lift) == []
