"""README.md and docs/ point only at what exists: their links, and the files, lines and tests
they name in code spans."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted(
    [ROOT / "README.md", ROOT / "client" / "README.md", ROOT / "cms-schema" / "README.md"]
    + [ROOT / "bench" / "README.md"]
    + list((ROOT / "docs").glob("*.md"))
)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\s]+)`")
# A code span that names a file of the repository: a path under one of its folders.
FOLDERS = ("bff/", "client/", "cms-schema/", "tests/", "scripts/", "bench/", "docs/", ".ci/")
# Made by the build or at run time, never committed.
GENERATED = ("client/dist", "client/src/api/openapi.ts", "instance/", "node_modules")


def _named_in(document: Path) -> list[tuple[str, Path]]:
    text = document.read_text()
    found = []
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "mailto:", "#")):
            continue
        found.append((target, (document.parent / target.split("#")[0]).resolve()))
    for span in CODE.findall(text):
        if span.startswith(FOLDERS) and not span.startswith(GENERATED) and "*" not in span:
            found.append((span, ROOT / span))
    return found


def _missing(span: str, path: Path) -> str | None:
    """What of ``span`` does not exist: the file, its line, or the test it names."""
    text = str(path)
    test = None
    if "::" in text:
        text, _, test = text.partition("::")
    line = None
    match = re.fullmatch(r"(.+\.\w+):(\d+)(?:,\d+)*", text)
    if match:
        text, line = match.group(1), int(match.group(2))
    file = Path(text.rstrip("/.,;)"))
    if not file.exists():
        return f"{span}: no such file"
    if line is not None and line > len(file.read_text().splitlines()):
        return f"{span}: the file has fewer lines"
    if test:
        name = test.split("::")[-1].split("[")[0]
        if not re.search(rf"def {re.escape(name)}\b", file.read_text()):
            return f"{span}: no such test"
    return None


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_link_and_named_file_exists(document):
    missing = [problem for span, path in _named_in(document) if (problem := _missing(span, path))]
    assert missing == []


def test_readme_is_a_map_not_an_encyclopedia():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 300
