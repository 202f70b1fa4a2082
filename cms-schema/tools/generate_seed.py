#!/usr/bin/env python3
"""Writes the seed content of the CMS (cms-schema/seed/*.json) and its images, deterministically.

Re-running it gives byte-identical files: all randomness comes from one seeded generator and
every collection is written in id order.

    python cms-schema/tools/generate_seed.py [--out cms-schema/seed]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate_media  # noqa: E402
import seed_practice  # noqa: E402
import seed_text as text  # noqa: E402

SEED_DIR = Path(__file__).resolve().parent.parent / "seed"
API_DIR = Path(__file__).resolve().parent.parent / "src" / "api"
RANDOM_SEED = 20220514
FORMAT_VERSION = 1
WORDS_PER_MINUTE = 200

LEVELS = [
    ("beginner", "Beginner - 800", "#4CAF50"),
    ("casual", "Casual - 1000", "#8BC34A"),
    ("club", "Club - 1200", "#00BCD4"),
    ("league", "League - 1400", "#2196F3"),
    ("tournament", "Tournament - 1600", "#7446FF"),
    ("advanced", "Advanced - 1800", "#9C27B0"),
    ("expert", "Expert - 2000", "#FF9800"),
    ("master", "Master - 2200+", "#F44336"),
]


class Seed:
    """Collects entries and media keys while the content is built."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.files: dict[str, object] = {}
        self.media: dict[str, dict] = {}
        self.video_ids: set[str] = set()

    def image(self, key: str, shape: str = "wide") -> str:
        """A media key; its alternative text says what the drawing shows (alternative_texts)."""
        if key not in self.media:
            self.media[key] = generate_media.media_entry(key, shape, "")
        return key

    def video_id(self) -> str:
        alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
        while True:
            candidate = "x" + "".join(self.rng.choice(alphabet) for _ in range(6))
            if candidate not in self.video_ids:
                self.video_ids.add(candidate)
                return candidate

    def still(self) -> str:
        """A video's poster: one of the stills of the media library."""
        key = f"video-still-{self.rng.randrange(1, 13):02d}"
        return self.image(key)

    def spread(self, count: int, start: date, end: date) -> list[str]:
        """`count` sorted creation timestamps between two dates."""
        span = (end - start).days
        days = sorted(self.rng.randrange(span) for _ in range(count))
        out = []
        for day in days:
            moment = datetime(start.year, start.month, start.day, tzinfo=UTC) + timedelta(
                days=day, minutes=self.rng.randrange(8 * 60, 19 * 60)
            )
            out.append(iso(moment))
        return sorted(out)


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def after(stamp: str, minutes: int) -> str:
    moment = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.000Z").replace(tzinfo=UTC)
    return iso(moment + timedelta(minutes=minutes))


def keep_stream(rng: random.Random, *choices: int) -> None:
    """Draws as an earlier generator did at this point (one pick among `n` for each `n`).

    Descriptions used to be assembled from random picks; they are written out now, but every
    random fact that follows them (free or pro, prices, teachers, video ids, durations) comes from
    the same stream, so the same draws keep those facts what the site's addresses and tests know.
    """
    for count in choices:
        rng.choice(range(count))


def reading_minutes(markdown: str) -> int:
    """Minutes to read a text at about 200 words a minute, at least 1 (link targets not counted)."""
    words = re.sub(r"\]\([^)]*\)", "] ", markdown).split()
    return max(1, -(-len(words) // WORDS_PER_MINUTE))


def slugify(value: str) -> str:
    out, dash = [], False
    for char in value.lower():
        if char.isascii() and char.isalnum():
            out.append(char)
            dash = False
        elif not dash and out:
            out.append("-")
            dash = True
    return "".join(out).strip("-")


def subscription(rng: random.Random, free_share: float = 0.34) -> str:
    return "free" if rng.random() < free_share else "pro"


def free_and_pro(rng: random.Random, count: int) -> list[str]:
    """Exactly one third free (rounded), in a shuffled order."""
    levels = ["free"] * round(count / 3) + ["pro"] * (count - round(count / 3))
    rng.shuffle(levels)
    return levels


def build_levels(seed: Seed) -> None:
    stamps = [iso(datetime(2021, 1, 4, 9, rank, tzinfo=UTC)) for rank in range(len(LEVELS))]
    seed.files["difficulty-levels"] = [
        {
            "id": rank + 1,
            "created_at": stamps[rank],
            "value": value,
            "label": label,
            "color": color,
            "rank": rank + 1,
        }
        for rank, (value, label, color) in enumerate(LEVELS)
    ]


def people(seed: Seed, kind: str, names: list[tuple[str, str]], start: date) -> None:
    stamps = seed.spread(len(names), start, start + timedelta(days=60))
    media_field = "avatar" if kind == "authors" else "thumbnail"
    entries = []
    for index, (name, bio) in enumerate(names, start=1):
        key = seed.image(f"{kind[:-1]}-{index:02d}", "square")
        entries.append(
            {
                "id": index,
                "created_at": stamps[index - 1],
                "name": name,
                "bio": bio,
                media_field: key,
            }
        )
    seed.files[kind] = entries


def named_list(seed: Seed, kind: str, names: list[str], start: date) -> None:
    stamps = seed.spread(len(names), start, start + timedelta(days=20))
    seed.files[kind] = [
        {"id": index, "created_at": stamps[index - 1], "name": name, "slug": slugify(name)}
        for index, name in enumerate(names, start=1)
    ]


def level_in_range(title: str, level_id: int) -> int:
    """The drawn level, moved into the range of levels the lesson's topic allows."""
    values = [value for value, _label, _color in LEVELS]
    lowest, highest = text.LESSON_LEVELS[title]
    return min(max(level_id, values.index(lowest) + 1), values.index(highest) + 1)


def build_lessons(seed: Seed) -> None:
    rng = seed.rng
    plan = []
    for category_id, (_category, topics) in enumerate(text.LESSON_TOPICS, start=1):
        for title, short, description in topics:
            plan.append((category_id, title, short, description))
    rng.shuffle(plan)
    stamps = seed.spread(len(plan), date(2021, 2, 1), date(2026, 10, 1))
    level_cycle = list(range(1, len(LEVELS) + 1))
    teacher_count = len(text.TEACHERS)
    access = free_and_pro(rng, len(plan))
    lessons = []
    for index, (category_id, title, short, description) in enumerate(plan, start=1):
        if (index - 1) % len(level_cycle) == 0:
            rng.shuffle(level_cycle)
        level_id = level_in_range(title, level_cycle[(index - 1) % len(level_cycle)])
        teacher_id = (
            (index - 1) % teacher_count + 1
            if index <= teacher_count
            else (rng.randrange(teacher_count) + 1)
        )
        chapter_titles = text.LESSON_CHAPTERS[: rng.randint(1, 5)]
        chapters = []
        for chapter_title in chapter_titles:
            chapters.append(
                {
                    "title": chapter_title,
                    "video_id": seed.video_id(),
                    "duration": rng.randrange(240, 901),
                }
            )
        keep_stream(rng, 3, 3, 3)
        lessons.append(
            {
                "id": index,
                "created_at": stamps[index - 1],
                "title": title,
                "slug": slugify(title),
                "description_short": short,
                "description": description,
                "duration": sum(chapter["duration"] for chapter in chapters),
                "thumbnail": seed.image(f"lesson-{index:03d}"),
                "subscription_level": access[index - 1],
                "teacher": teacher_id,
                "difficulty_level": level_id,
                "lesson_category": category_id,
                "chapters": chapters,
            }
        )
    seed.files["lessons"] = lessons


def build_programs(seed: Seed) -> None:
    rng = seed.rng
    plan = []
    for topic_id, (topic, titles) in enumerate(text.PROGRAM_TOPICS, start=1):
        for title, description in titles:
            plan.append((topic_id, topic, title, description))
    rng.shuffle(plan)
    stamps = seed.spread(len(plan), date(2021, 3, 1), date(2026, 10, 15))
    prices = [29.99, 39.99, 49.99, 19.99]
    programs, chapters = [], []
    by_topic: dict[int, list[int]] = {}
    for index, (topic_id, *_rest) in enumerate(plan, start=1):
        by_topic.setdefault(topic_id, []).append(index)
    priced = 0
    access = free_and_pro(rng, len(plan))
    for index, (topic_id, topic, title, description) in enumerate(plan, start=1):
        level_id = (index * 3) % len(LEVELS) + 1
        trainer_ids = sorted(rng.sample(range(1, len(text.TRAINERS) + 1), rng.choice([1, 1, 2])))
        level = access[index - 1]
        price = None
        if level == "pro" and index % 3 == 0:
            price = prices[priced % len(prices)]
            priced += 1
        siblings = [other for other in by_topic[topic_id] if other != index]
        poster = seed.still()
        keep_stream(rng, 3)
        program = {
            "id": index,
            "created_at": stamps[index - 1],
            "title": title,
            "slug": slugify(title),
            "description": description,
            "bullet_points": [
                {"text": point}
                for point in rng.sample(text.PROGRAM_BULLETS[topic], rng.randint(3, 5))
            ],
            "hero_image": seed.image(f"program-{index:02d}-hero"),
            "carousel_image": seed.image(f"program-{index:02d}-card"),
            "subscription_level": level,
            "price": price,
            "currency": "USD",
            "trainers": trainer_ids,
            "topic": topic_id,
            "level": level_id,
            "related_program": rng.choice(siblings),
            "introduction_video": {
                "video_id": seed.video_id(),
                "title": f"Welcome to {title}",
                "poster": poster,
                "duration": rng.randrange(90, 301),
            },
        }
        programs.append(program)
        pool = text.PROGRAM_CHAPTERS[topic]
        chapter_names = sorted(rng.sample(pool, rng.randint(3, 8)), key=pool.index)
        for position, (chapter_title, chapter_text) in enumerate(chapter_names, start=1):
            subchapters = []
            for part in range(1, rng.randint(2, 6) + 1):
                poster = seed.still()
                subchapters.append(
                    {
                        "title": f"{chapter_title}: part {part}",
                        "description": rng.choice(text.SUBCHAPTER_LINES),
                        "video_id": seed.video_id(),
                        "poster": poster,
                        "duration": rng.randrange(180, 781),
                    }
                )
            keep_stream(rng, 3)
            chapters.append(
                {
                    "created_at": after(program["created_at"], position),
                    "title": chapter_title,
                    "description": chapter_text,
                    "position": position,
                    "program": index,
                    "subchapters": subchapters,
                }
            )
    chapters.sort(
        key=lambda chapter: (chapter["created_at"], chapter["program"], chapter["position"])
    )
    seed.files["programs"] = programs
    seed.files["program-chapters"] = [
        {"id": i, **chapter} for i, chapter in enumerate(chapters, start=1)
    ]


def build_articles(seed: Seed) -> None:
    rng = seed.rng
    specs = {spec["id"]: spec for spec in text.ARTICLES}
    last = max(specs)
    stamps = seed.spread(last, date(2021, 1, 20), date(2026, 11, 1))
    articles = []
    for index in range(1, last + 1):
        # An unused id still takes its draws, so the entries after it keep their random facts.
        view_count = rng.randrange(120, 9800)
        author = (
            (index - 1) % len(text.AUTHORS) + 1
            if index <= len(text.AUTHORS)
            else rng.randrange(len(text.AUTHORS)) + 1
        )
        spec = specs.get(index)
        if spec is None:
            continue
        articles.append(
            {
                "id": index,
                "created_at": stamps[index - 1],
                "title": spec["title"],
                "slug": slugify(spec["title"]),
                "lede": spec["lede"],
                "content": spec["body"],
                "date_posted": stamps[index - 1][:10],
                "time_to_read": reading_minutes(spec["body"]),
                "view_count": view_count,
                "hero_image": seed.image(f"article-{index:02d}"),
                "author": author,
            }
        )
    seed.files["articles"] = articles


def build_masterclass(seed: Seed) -> None:
    rng = seed.rng
    chapter_stamps = seed.spread(
        len(text.MASTERCLASS_CHAPTERS), date(2022, 1, 10), date(2022, 2, 1)
    )
    chapters, episodes = [], []
    for chapter_id, (title, description, episode_specs) in enumerate(
        text.MASTERCLASS_CHAPTERS, start=1
    ):
        chapters.append(
            {
                "id": chapter_id,
                "created_at": chapter_stamps[chapter_id - 1],
                "title": title,
                "description": description,
                "position": chapter_id,
            }
        )
        for position, (episode_title, episode_text) in enumerate(episode_specs, start=1):
            episodes.append(
                {
                    "created_at": after(chapter_stamps[chapter_id - 1], 30 * position),
                    "title": episode_title,
                    "description": episode_text,
                    "duration": rng.randrange(420, 1500),
                    "thumbnail": None,
                    "video_id": seed.video_id(),
                    "subscription_level": "free" if position == 1 else "pro",
                    "position": position,
                    "chapter": chapter_id,
                }
            )
    episodes.sort(key=lambda episode: episode["created_at"])
    for index, episode in enumerate(episodes, start=1):
        episode["thumbnail"] = seed.image(f"episode-{index:02d}")
    seed.files["masterclass-chapters"] = chapters
    seed.files["masterclass-episodes"] = [
        {"id": i, **episode} for i, episode in enumerate(episodes, start=1)
    ]
    seed.files["masterclass"] = {
        "id": 1,
        "created_at": "2022-01-10T08:00:00.000Z",
        **text.MASTERCLASS,
        "hero_image": seed.image("masterclass-hero"),
    }


def build_videos(seed: Seed) -> None:
    rng = seed.rng
    seed.files["video-categories"] = [
        {
            "id": 1,
            "created_at": "2021-01-05T10:00:00.000Z",
            "name": "Documentaries",
            "slug": "documentaries",
        },
        {
            "id": 2,
            "created_at": "2021-01-05T10:05:00.000Z",
            "name": "Chess Journeys",
            "slug": "chess-journeys",
        },
    ]
    specs = list(text.VIDEOS)
    stamps = seed.spread(len(specs), date(2021, 4, 1), date(2026, 9, 1))
    videos = []
    for index, (category_id, title, subhead, description, price) in enumerate(specs, start=1):
        videos.append(
            {
                "id": index,
                "created_at": stamps[index - 1],
                "title": title,
                "slug": slugify(title),
                "subhead": subhead,
                "description": description,
                "duration": rng.randrange(900, 3600),
                "hero_image": seed.image(f"video-{index:02d}"),
                "video_id": seed.video_id(),
                "subscription_level": "pro" if price else subscription(rng, 0.4),
                "price": price,
                "currency": "USD",
                "video_category": category_id,
                "related_videos": [],
            }
        )
    for video in videos:
        same = [
            other["id"]
            for other in videos
            if other["video_category"] == video["video_category"] and other is not video
        ]
        video["related_videos"] = sorted(rng.sample(same, 3))
    seed.files["videos"] = videos


def build_pages(seed: Seed) -> None:
    seed.files["home-hub"] = {
        "id": 1,
        "created_at": "2021-01-06T09:00:00.000Z",
        **text.HOME_HUB,
        "hero_image": seed.image("home-hero"),
        "slideshow": [seed.image(f"slideshow-{n}") for n in range(1, 5)],
    }
    seed.files["footer"] = {"id": 1, "created_at": "2021-01-06T09:10:00.000Z", **text.FOOTER}
    seed.files["grand-chess-tour"] = {
        "id": 1,
        "created_at": "2022-04-20T09:00:00.000Z",
        **text.GRAND_CHESS_TOUR,
        "live_video_id": seed.video_id(),
        "hero_image": seed.image("grand-chess-tour"),
    }
    page = json.loads(json.dumps(text.UPGRADE_PAGE))
    for section in ("learn", "watch", "play"):
        page[section]["image"] = seed.image(f"upgrade-{section}")
    for n, testimonial in enumerate(page["testimonials"], start=1):
        testimonial["avatar"] = seed.image(f"testimonial-{n}", "square")
    seed.files["upgrade-page"] = {"id": 1, "created_at": "2021-01-06T09:20:00.000Z", **page}
    seed.files["list-page"] = {"id": 1, "created_at": "2021-01-06T09:30:00.000Z", **text.LIST_PAGE}
    stamps = [iso(datetime(2021, 1, 7, 9, minute, tzinfo=UTC)) for minute in range(0, 56, 8)]
    seed.files["legal-pages"] = [
        {"id": index, "created_at": stamps[index - 1], "slug": slug, "title": title, "body": body}
        for index, (slug, title, body) in enumerate(text.LEGAL_PAGES, start=1)
    ]


# Content types in dependency order (a type only refers to types listed before it, or itself).
ORDER = [
    "difficulty-level",
    "lesson-category",
    "teacher",
    "lesson",
    "topic",
    "trainer",
    "program",
    "program-chapter",
    "author",
    "article",
    "masterclass",
    "masterclass-chapter",
    "masterclass-episode",
    "video-category",
    "video",
    "home-hub",
    "footer",
    "grand-chess-tour",
    "upgrade-page",
    "list-page",
    "legal-page",
]


def content_type(api: str) -> tuple[str, str, str]:
    """A content type's seed file (its plural name, a single type's singular one), uid and kind,
    as its schema in cms-schema/src declares them."""
    path = API_DIR / api / "content-types" / api / "schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    kind, info = schema["kind"], schema["info"]
    name = info["pluralName"] if kind == "collectionType" else info["singularName"]
    return name, f"api::{api}.{api}", kind


def build() -> Seed:
    seed = Seed(random.Random(RANDOM_SEED))  # noqa: S311 - reproducible content, not secrets
    build_levels(seed)
    named_list(
        seed, "lesson-categories", [name for name, _ in text.LESSON_TOPICS], date(2021, 1, 8)
    )
    people(seed, "teachers", text.TEACHERS, date(2021, 1, 10))
    build_lessons(seed)
    named_list(seed, "topics", [name for name, _ in text.PROGRAM_TOPICS], date(2021, 2, 1))
    people(seed, "trainers", text.TRAINERS, date(2021, 2, 1))
    build_programs(seed)
    people(seed, "authors", text.AUTHORS, date(2021, 1, 2))
    build_articles(seed)
    build_masterclass(seed)
    build_videos(seed)
    build_pages(seed)
    seed_practice.attach(seed.files)
    return seed


def write_json(path: Path, value: object) -> None:
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def alternative_texts(media: dict[str, dict], seed_dir: Path) -> None:
    """Each image's alternative text says what its drawing shows (the diagram's position and the
    side it is seen from, or whose monogram it is), read from the content written to seed_dir."""
    arts = generate_media.plan(media, generate_media.subjects(seed_dir))
    for key, art in arts.items():
        media[key]["alternativeText"] = art.alternative_text()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SEED_DIR, help="seed folder to write")
    parser.add_argument("--no-media", action="store_true", help="skip drawing the SVG files")
    args = parser.parse_args(argv)
    seed = build()
    args.out.mkdir(parents=True, exist_ok=True)
    index = {"format_version": FORMAT_VERSION, "media": "media.json", "content_types": []}
    for name, uid, kind in map(content_type, ORDER):
        value = seed.files[name]
        write_json(args.out / f"{name}.json", value)
        index["content_types"].append(
            {
                "file": f"{name}.json",
                "uid": uid,
                "kind": kind,
                "count": len(value) if isinstance(value, list) else 1,
            }
        )
    write_json(args.out / "index.json", index)
    media = dict(sorted(seed.media.items()))
    alternative_texts(media, args.out)
    write_json(args.out / "media.json", media)
    if not args.no_media:
        generate_media.write_files(media, args.out / "media")
    print(f"wrote {len(ORDER)} content files and {len(media)} media keys to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
