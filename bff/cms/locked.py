"""What the 403 ``content_locked`` of a locked detail carries, so that its page can still show it
(README: Content: the /cms gateway, Locks): the item's public facts as ``item`` (what its card
and its page's head show anyway: title, description, picture, teacher, level, duration, what is
inside and how many exercises) and, when it can be bought, ``offer`` (what it is, its title,
picture and price for this viewer). Built from the answer after the locks were applied and taken
field by field: never a video-host id, a move, a hint, an explanation or a PGN.
"""

from __future__ import annotations

from collections.abc import Callable

KIND = {
    "lessons": "lesson",
    "programs": "program",
    "program-chapters": "program_chapter",
    "masterclass-episodes": "episode",
    "videos": "video",
}


def locked_error(collection: str, answer: dict, whole: dict | None = None) -> dict:
    """The fields the 403 of ``answer`` (a locked detail of ``collection``) adds to its error.

    ``whole`` is what a part belongs to, locked and priced for this viewer (a chapter's program,
    an episode's masterclass): the part is sold with it."""
    kind = KIND.get(collection)
    if kind is None:
        return {}
    item = {"kind": kind, **_FACTS[kind](answer)}
    if whole is not None:
        item["part_of"] = {
            "kind": whole.get("entity"),
            "id": whole.get("id"),
            "title": whole.get("title"),
        }
        item["picture"] = item["picture"] or whole.get("hero_image")
    extra: dict = {"item": item}
    seller = whole if whole is not None else answer
    if seller.get("currentUserPrice"):
        extra["offer"] = {
            "entity": seller.get("entity"),
            "entityId": seller.get("entityId"),
            "title": seller.get("title"),
            "hero_image": seller.get("hero_image") or item["picture"],
            "currentUserPrice": seller["currentUserPrice"],
        }
    return extra


def _common(answer: dict, picture: dict | None) -> dict:
    return {
        "id": answer.get("id"),
        "title": answer.get("title"),
        "description": answer.get("description") or answer.get("description_short"),
        "picture": picture,
        "subscription_level": answer.get("subscription_level"),
    }


def _person(person: dict | None) -> dict | None:
    if not person:
        return None
    return {"name": person.get("name"), "picture": person.get("thumbnail")}


def _parts(parts: list[dict] | None, exercises: bool = True) -> list[dict]:
    return [
        {
            "title": part.get("title"),
            "duration": part.get("duration"),
            "exercise_count": len(part.get("exercises") or []) if exercises else None,
        }
        for part in parts or []
    ]


def _picture(kind: str, answer: dict) -> dict | None:
    if kind in ("lesson", "episode"):
        return answer.get("thumbnail")
    return answer.get("hero_image")


def _total(parts: list[dict], key: str) -> int:
    return sum(part.get(key) or 0 for part in parts)


def _lesson(answer: dict) -> dict:
    parts = _parts(answer.get("chapters"))
    return {
        **_common(answer, _picture("lesson", answer)),
        "teacher": _person(answer.get("teacher")),
        "level": answer.get("difficulty_level"),
        "duration": answer.get("duration") or _total(parts, "duration") or None,
        "parts": parts,
        "exercise_count": _total(parts, "exercise_count"),
        "part_of": None,
    }


def _program(answer: dict) -> dict:
    parts = [
        {
            "title": chapter.get("title"),
            "duration": None,
            "exercise_count": len(chapter.get("_exercise_ids") or []),
        }
        for chapter in answer.get("chapters") or []
    ]
    trainers = answer.get("trainers") or []
    return {
        **_common(answer, _picture("program", answer)),
        "teacher": _person(trainers[0] if trainers else None),
        "level": answer.get("level"),
        "duration": None,
        "parts": parts,
        "exercise_count": _total(parts, "exercise_count"),
        "part_of": None,
    }


def _program_chapter(answer: dict) -> dict:
    parts = _parts(answer.get("subchapters"))
    return {
        **_common(answer, _picture("program_chapter", answer)),
        "teacher": None,
        "level": None,
        "duration": _total(parts, "duration") or None,
        "parts": parts,
        "exercise_count": _total(parts, "exercise_count"),
        "part_of": None,
    }


def _episode(answer: dict) -> dict:
    return {
        **_common(answer, _picture("episode", answer)),
        "teacher": None,
        "level": None,
        "duration": answer.get("duration"),
        "parts": [],
        "exercise_count": len(answer.get("exercises") or []),
        "part_of": None,
    }


def _video(answer: dict) -> dict:
    return {
        **_common(answer, _picture("video", answer)),
        "description": answer.get("description") or answer.get("subhead"),
        "teacher": None,
        "level": None,
        "duration": answer.get("duration"),
        "parts": [],
        "exercise_count": 0,
        "part_of": None,
    }


_FACTS: dict[str, Callable[[dict], dict]] = {
    "lesson": _lesson,
    "program": _program,
    "program_chapter": _program_chapter,
    "episode": _episode,
    "video": _video,
}
