"""cms-schema/tools/drills.py: a program's drills written by hand, each fault refused with a
message naming where, a sound drill put on its part and read by the BFF into its lines; the
seed's drills (when it has any) are all readable."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bff.cms.chess_content import Where, drill
from bff.platform.config import SEED_PATH

from .grown import check_seed, drills

PROGRAM = "The 1.d4 starter kit"
INDEX = {PROGRAM: {"The main line": 6, "Sidelines": 5}}
EVENT = '[Event "A repertoire"]\n\n'
PGN = """[Event "The 1.d4 starter kit: the Queen's Gambit Declined"]

1. d4 {Claim the centre.} d5 2. c4 {The Queen's Gambit.} e6 (2... c6 3. Nf3) 3. Nc3 *
"""


def good() -> dict:
    return {
        "program": PROGRAM,
        "drills": [{"chapter": "The main line", "part": 1, "side": "white", "pgn": PGN}],
    }


def problems_of(folder: Path, data: dict) -> list[str]:
    path = folder / "the-1-d4-starter-kit.json"
    path.write_text(json.dumps(data))
    return drills.read(path, INDEX)[1]


def test_a_sound_file_gives_its_drills(tmp_path):
    path = tmp_path / "the-1-d4-starter-kit.json"
    path.write_text(json.dumps(good()))
    found, problems = drills.read(path, INDEX)
    assert problems == []
    assert [(d.chapter, d.part, d.side) for d in found] == [("The main line", 1, "white")]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(program="Nothing"), "no program is called 'Nothing'"),
        (lambda d: d["drills"][0].update(chapter="Traps"), "the program has no chapter 'Traps'"),
        (lambda d: d["drills"][0].update(part=7), "'The main line' has no part 7"),
        (lambda d: d["drills"][0].update(side="red"), "the side is 'red', not white or black"),
        (lambda d: d["drills"].append(d["drills"][0]), "part 1 has a drill already"),
        (
            lambda d: d["drills"][0].update(pgn=EVENT + "1. d4 d5 2. Ke3 *"),
            "the PGN cannot be read: illegal san: 'Ke3'",
        ),
        (
            lambda d: d["drills"][0].update(pgn='[Event "?"]\n\n1. d4 d5 *'),
            "the header Event shows '?'",
        ),
        (
            lambda d: d["drills"][0].update(
                side="black", pgn=EVENT + "1. d4 d5 (1... Nf6) 2. c4 *"
            ),
            "",
        ),
        (
            lambda d: d["drills"][0].update(side="black", pgn=EVENT + "1. d4 *"),
            "the line to d4 has no move of the learner's side",
        ),
    ],
)
def test_each_fault_is_refused_naming_where(tmp_path, change, message):
    data = copy.deepcopy(good())
    change(data)
    found = problems_of(tmp_path, data)
    if not message:
        assert found == []
        return
    assert len(found) == 1 and found[0].startswith("the-1-d4-starter-kit.json"), found
    assert message in found[0]


def test_a_drill_is_put_on_its_part_and_read_by_the_site_into_lines(tmp_path):
    (tmp_path / "the-1-d4-starter-kit.json").write_text(json.dumps(good()))
    files = drills.seed_files(SEED_PATH)
    drills.attach(files, tmp_path)
    program = next(p for p in files["programs"] if p["title"] == PROGRAM)
    chapter = next(
        c
        for c in files["program-chapters"]
        if c["program"] == program["id"] and c["title"] == "The main line"
    )
    part = chapter["subchapters"][0]
    assert (part["drill"], part["drill_side"]) == (PGN, "white")
    assert check_seed.practice_problems("part", part, part.get("duration")) == []
    read = drill(part["drill"], part["drill_side"], Where("program_subchapter", "1:1", None), print)
    assert [line["name"] for line in read["lines"]] == ["Main line", "Side line 2...c6"]


def test_every_drill_of_the_seed_reads_into_lines():
    reported = []
    for chapter in json.loads((SEED_PATH / "program-chapters.json").read_text()):
        for number, part in enumerate(chapter["subchapters"], start=1):
            if part.get("drill"):
                where = Where("program_subchapter", f"{chapter['id']}:{number}", part["title"])
                found = drill(part["drill"], part.get("drill_side"), where, reported.append)
                assert found and found["lines"], where
    assert reported == []
