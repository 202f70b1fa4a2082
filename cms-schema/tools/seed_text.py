"""The seed's editorial texts, read from `texts/`: names, titles, descriptions and page texts.

The texts are data: `texts/site.yaml` (people, lesson and program titles, the masterclass, videos
and pages), `texts/articles/*.md` and `texts/legal/*.md` (Markdown bodies under a YAML head).
This module gives them to generate_seed.py and the checks in the shapes they use. The people,
the site's products and its events are fictional; the chess in them (openings, endgame
positions, historical games and players) is real.
"""

from __future__ import annotations

from pathlib import Path

import yaml

TEXTS = Path(__file__).resolve().parent / "texts"


def _markdown(path: Path) -> tuple[dict, str]:
    """A Markdown file's YAML head and its body (the file's last newline is not the body's)."""
    _, head, body = path.read_text(encoding="utf-8").split("---\n", 2)
    return yaml.safe_load(head), body.removesuffix("\n")


def _pairs(entries: list[dict], *keys: str) -> list[tuple]:
    return [tuple(entry[key] for key in keys) for entry in entries]


_site = yaml.safe_load((TEXTS / "site.yaml").read_text(encoding="utf-8"))

CHAMPION: str = _site["champion"]
TEACHERS = _pairs(_site["teachers"], "name", "bio")
TRAINERS = _pairs(_site["trainers"], "name", "bio")
AUTHORS = _pairs(_site["authors"], "name", "bio")

# Lesson categories, each with its lessons' (title, summary, description); the level range each
# lesson's topic allows, by title; the chapter titles a lesson takes from the start.
LESSON_TOPICS = [
    (category["category"], _pairs(category["lessons"], "title", "summary", "description"))
    for category in _site["lesson_categories"]
]
LESSON_LEVELS = {
    lesson["title"]: tuple(lesson["levels"])
    for category in _site["lesson_categories"]
    for lesson in category["lessons"]
}
LESSON_CHAPTERS: list[str] = _site["lesson_chapters"]

# Program topics with their programs' (title, description), the bullet points and the chapters
# (title, description) programs of the topic draw from; the subchapters' lines.
PROGRAM_TOPICS = [
    (topic["topic"], _pairs(topic["programs"], "title", "description"))
    for topic in _site["program_topics"]
]
PROGRAM_BULLETS = {topic["topic"]: topic["bullets"] for topic in _site["program_topics"]}
PROGRAM_CHAPTERS = {
    topic["topic"]: _pairs(topic["chapters"], "title", "description")
    for topic in _site["program_topics"]
}
SUBCHAPTER_LINES: list[str] = _site["subchapter_lines"]

MASTERCLASS: dict = _site["masterclass"]
# (title, description, [(episode title, episode description)])
MASTERCLASS_CHAPTERS = [
    (chapter["title"], chapter["description"], _pairs(chapter["episodes"], "title", "description"))
    for chapter in _site["masterclass_chapters"]
]
# (category id, title, subhead, description, price or None)
VIDEOS = _pairs(_site["videos"], "category", "title", "subhead", "description", "price")

HOME_HUB: dict = _site["home_hub"]
FOOTER: dict = _site["footer"]
GRAND_CHESS_TOUR: dict = _site["grand_chess_tour"]
UPGRADE_PAGE: dict = _site["upgrade_page"]
LIST_PAGE: dict = _site["list_page"]

# (slug, title, Markdown body), in the files' order.
LEGAL_PAGES = [
    (head["slug"], head["title"], body)
    for head, body in map(
        _markdown, sorted((TEXTS / "legal").glob("*.md"), key=lambda p: int(p.name.split("-")[0]))
    )
]
# The news articles: id, title, lede and Markdown body. Bodies link to the site's own pages;
# id 26 is not used (the others keep the ids their addresses use). generate_seed.py derives
# the reading time from the body.
ARTICLES = [
    {**head, "body": body}
    for head, body in map(_markdown, sorted((TEXTS / "articles").glob("*.md")))
]
