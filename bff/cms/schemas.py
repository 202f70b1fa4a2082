"""The answers of the /cms items: lessons, programs, the masterclass, videos and articles."""

from __future__ import annotations

import marshmallow as ma

from ..platform.openapi import Schema
from .answer_fields import (
    VIDEO_ID,
    Image,
    Level,
    Lockable,
    Named,
    Person,
    Price,
    Purchasable,
    SlugPage,
    many,
    number,
    number_or_null,
    one,
    one_or_null,
    text,
    text_or_null,
)

F = ma.fields


class LessonCard(Lockable):
    id = number()
    title = text()
    description_short = text_or_null()
    duration = number_or_null(metadata={"description": "Seconds"})
    thumbnail = one_or_null(Image)
    difficulty_level = one_or_null(Level)
    teacher = one_or_null(Named)
    lesson_category = one_or_null(Named)


# Key positions, model games and exercises (docs/content-gateway.md: positions, model games and
# exercises). Moves are UCI, positions FEN.

SOLUTION = "Absent when this viewer may not open the item (locked)."


class KeyPosition(Schema):
    at = number_or_null(metadata={"description": "Seconds into the video where it shows"})
    fen = text()
    caption = text_or_null()


class GameMove(Schema):
    uci = text(metadata={"description": "The move in UCI, e.g. e2e4, e7e8q"})
    san = text(metadata={"description": "The move in SAN, e.g. Nf3, exd8=Q+"})
    fen = text(metadata={"description": "The position after the move"})
    comment = text_or_null()
    variations = F.List(
        F.List(F.Nested(lambda: GameMove())),
        required=True,
        metadata={
            "description": "Alternatives to this move, each a line starting with the alternative"
        },
    )


class Game(Schema):
    headers = F.Dict(
        keys=F.String(),
        values=F.String(),
        required=True,
        metadata={"description": "The PGN's tags: White, Black, Event, Site, Date, Result..."},
    )
    fen = text(metadata={"description": "The starting position"})
    comment = text_or_null(metadata={"description": "The comment before the first move"})
    moves = many(GameMove, metadata={"description": "The main line"})


class Branch(Schema):
    at = number(
        metadata={
            "description": "Where it leaves the line: the index in ``moves`` of the learner's move"
            " it replaces (0, 2, 4...)"
        }
    )
    moves = F.List(
        F.String(),
        required=True,
        metadata={"description": "The moves in UCI from there, the replacing move first"},
    )
    comment = text_or_null(metadata={"description": "The teacher's words on it"})


class Exercise(Schema):
    id = text(
        metadata={
            "description": "'<item type>:<item id>:<key>', the id to send to"
            " PUT /content/exercises/{id}, e.g. 'lesson_chapter:12:3:e1'"
        }
    )
    key = text(metadata={"description": "Unique within its chapter or episode, e.g. e1"})
    fen = text(metadata={"description": "The position the learner moves from"})
    prompt = text_or_null(
        metadata={"description": "The task, true to the line: 'Black to move and mate in 2'"}
    )
    source = text_or_null(
        metadata={
            "description": "Where the position comes from: 'Capablanca - Tartakower, New York"
            " 1924', 'Training position'"
        }
    )
    hint = F.String(allow_none=True, metadata={"description": SOLUTION})
    explanation = F.String(allow_none=True, metadata={"description": SOLUTION})
    moves = F.List(
        F.String(),
        metadata={
            "description": "The solution line in UCI: the learner's move, the reply, the"
            " learner's next move... (odd in number: the learner moves last; at the last move"
            " any mate is right too). " + SOLUTION
        },
    )
    comments = F.List(
        F.String(allow_none=True),
        metadata={
            "description": "The teacher's comment on each move of ``moves`` (why it works), null"
            " where none; as long as ``moves``. " + SOLUTION
        },
    )
    alternatives = F.List(
        F.Nested(Branch),
        metadata={
            "description": "Moves as good as the line's: the learner who plays one is right. With"
            " one move the exercise ends solved there ('Also good'); with more it goes on along"
            " them (the site plays their replies). " + SOLUTION
        },
    )
    mistakes = F.List(
        F.Nested(Branch),
        metadata={
            "description": "Tempting wrong moves: the move and the reply that refutes it, with why"
            " it fails. Playing one is a wrong move like any other. " + SOLUTION
        },
    )
    solved = F.Boolean(
        required=True, metadata={"description": "Solved by this viewer (false for guests)"}
    )


class DrillLine(Schema):
    id = text(
        metadata={
            "description": "'<item type>:<item id>:line-<8 hex digits>': played and reported as an"
            " exercise (PUT /content/exercises/{id}), scheduled in the member's review each time"
        }
    )
    key = text(metadata={"description": "'line-' and eight hex digits of its moves"})
    name = text(metadata={"description": "'Main line', or 'Side line 3...c5'"})
    fen = text(metadata={"description": "The position where the learner first moves"})
    before = F.List(
        F.String(),
        required=True,
        metadata={"description": "The moves in UCI from the drill's start to ``fen``"},
    )
    moves = F.List(
        F.String(),
        required=True,
        metadata={
            "description": "From ``fen``: the learner's move, the reply, ... the learner's last"
        },
    )
    comments = F.List(
        F.String(allow_none=True),
        required=True,
        metadata={"description": "The comment on each move of ``moves``, null where none"},
    )
    solved = F.Boolean(
        required=True,
        metadata={"description": "Played right once by this viewer (false for guests)"},
    )


class Drill(Schema):
    side = text(
        validate=ma.validate.OneOf(("white", "black")),
        metadata={"description": "The side the learner plays"},
    )
    fen = text(metadata={"description": "Where every line starts"})
    lines = many(DrillLine, metadata={"description": "The main line first, then the side lines"})


class Learning(Schema):
    """What a lesson chapter, program subchapter or masterclass episode holds besides its video."""

    positions = many(
        KeyPosition, metadata={"description": "The key positions of its video, also when locked"}
    )
    pgn = F.String(
        allow_none=True,
        metadata={"description": "A model game or line as PGN (for download). " + SOLUTION},
    )
    game = F.Nested(
        Game, allow_none=True, metadata={"description": "The PGN read into moves. " + SOLUTION}
    )
    exercises = many(
        Exercise,
        metadata={"description": "When locked, only id, key, fen, prompt, source and solved"},
    )
    drill = F.Nested(
        Drill,
        allow_none=True,
        metadata={
            "description": "Lines to drill (a repertoire or a technique), each played from its"
            " start as an exercise; only where editors wrote one. " + SOLUTION
        },
    )


def figure(what: str) -> F.Integer:
    return number(metadata={"description": f"{what} (0 for guests)"})


class Figures(Schema):
    """A member's work in a chapter, lesson or program: videos watched (from the player's
    reports: 90 % or the end) and exercises solved."""

    videos_watched = figure("Videos this viewer watched")
    videos_total = number()
    exercises_solved = figure("Exercises this viewer solved")
    exercises_total = number()


PROGRESS = (
    "This viewer's progress, 0-100 (0 for guests): every video (its percent watched) and every"
    " exercise (100 once solved) weighs the same"
)


class LessonChapter(Learning, Figures):
    id = number(metadata={"description": "Its 1-based place in the lesson"})
    title = text()
    duration = number_or_null()
    video_id = F.String(metadata={"description": VIDEO_ID})
    progress = number(
        metadata={"description": "This viewer's progress in its video, 0-100 (0 for guests)"}
    )


class Lesson(LessonCard, Figures):
    description = text_or_null()
    teacher = one_or_null(Person)
    chapters = many(LessonChapter)
    progress = number(metadata={"description": PROGRESS})
    completed_chapters = number(
        metadata={"description": "Chapters this viewer finished: video watched, exercises solved"}
    )


class ProgramCard(Lockable, Purchasable):
    id = number()
    title = text()
    hero_image = one_or_null(Image)
    carousel_image = one_or_null(Image)
    trainers = many(Person)
    level = one_or_null(Level)
    topic = one_or_null(Named)
    chapter_count = number()


class Chapter(Schema):
    """What every chapter answers with, a program's or the masterclass's."""

    id = number()
    title = text()
    description = text_or_null()
    position = number_or_null()


class ChapterSummary(Chapter, Figures):
    lesson_count = number(metadata={"description": "Its videos"})
    progress = number(metadata={"description": PROGRESS})
    completed_lessons = number(metadata={"description": "Videos this viewer finished"})


# The video host's data of a video (dm_data): an answer carries the part it shows.


class SubchapterThumbnail(Schema):
    thumbnail_720_url = text_or_null()


class IntroThumbnail(Schema):
    thumbnail_480_url = text_or_null()


class HostVideoData(IntroThumbnail, SubchapterThumbnail):
    """All of it, as a program's introduction video gives it: both thumbnails and the duration."""

    duration = number_or_null()


class HostVideo(Schema):
    title = text_or_null()
    video_id = F.String(metadata={"description": VIDEO_ID})
    duration = number_or_null()
    dm_data = one(HostVideoData)


class Program(ProgramCard, Figures):
    progress = number(metadata={"description": PROGRESS})
    completed_lessons = number(metadata={"description": "Videos this viewer finished"})
    lesson_count = number(metadata={"description": "Its videos"})
    description = text_or_null()
    bullet_points = F.List(F.String(), required=True)
    chapters = many(ChapterSummary)
    related_program = one_or_null(ProgramCard)
    introduction_video = one_or_null(HostVideo)
    dm_data = one_or_null(IntroThumbnail)


class Subchapter(Learning):
    id = text(
        metadata={
            "description": "'<chapter id>:<1-based position>', e.g. '241:2': the id to send to"
            " POST /content/progress",
            "pattern": r"^\d+:\d+$",
        }
    )
    component = text(data_key="__component")
    title = text()
    description = text_or_null()
    duration = number_or_null()
    video_id = F.String(metadata={"description": VIDEO_ID})
    dm_data = one(SubchapterThumbnail)
    progress = number(
        metadata={"description": "This viewer's progress in its video, 0-100 (0 for guests)"}
    )


class ProgramLink(Schema):
    id = number_or_null()
    title = text_or_null()


class ProgramChapter(ChapterSummary, Lockable):
    program = one_or_null(ProgramLink)
    subchapters = many(Subchapter)
    chapters = many(
        ChapterSummary,
        metadata={"description": "Every chapter of its program, with this viewer's progress"},
    )


class EpisodeCard(Lockable):
    id = number()
    masterclass_episode_id = number()
    title = text()
    description = text_or_null()
    duration = number_or_null()
    position = number_or_null()
    thumbnail = one_or_null(Image)
    # Not in the home page's cards: the episode and masterclass answers, made per viewer, only.
    progress = F.Integer(
        metadata={"description": "This viewer's progress, 0-100 (0 for guests), where it shows"}
    )


class EpisodeData(Schema):
    duration = number_or_null()


class Episode(EpisodeCard, Learning):
    video_id = F.String(metadata={"description": VIDEO_ID})
    dm_data = one(EpisodeData)
    chapter_title = text_or_null()
    chapter = many(EpisodeCard, metadata={"description": "Episodes of its chapter"})


class PurchaseOffer(Purchasable):
    product_id = text_or_null()
    title = text_or_null()
    description = text_or_null()
    price = one_or_null(Price, metadata={"description": "The list price"})
    purchased = F.Boolean(required=True)


class MasterclassChapter(Chapter):
    episodes = many(EpisodeCard)


class Masterclass(SlugPage):
    hero_title = text_or_null()
    intro = text_or_null()
    hero_image = one_or_null(Image)
    iap = one_or_null(PurchaseOffer)
    chapters = many(MasterclassChapter)


class MasterclassAnswer(Schema):
    data = one(Masterclass)


class VideoCard(Lockable, Purchasable):
    id = number()
    title = text()
    subhead = text_or_null()
    duration = number_or_null()
    hero_image = one_or_null(Image)


class Video(VideoCard):
    description = text_or_null()
    video_id = F.String(metadata={"description": VIDEO_ID})
    video_category = one_or_null(Named)
    related = many(VideoCard)


class ArticleCard(Schema):
    id = number()
    title = text()
    lede = text_or_null()
    date_posted = text_or_null(metadata={"description": "YYYY-MM-DD"})
    time_to_read = number_or_null(metadata={"description": "Minutes"})
    hero_image = one_or_null(Image)


class Article(ArticleCard):
    slug = text_or_null(metadata={"description": "Its address besides the id: /articles/{slug}"})
    content = text_or_null(metadata={"description": "Markdown"})
    author = one_or_null(Person)
