"""Parameters and answers of the /cms routes, as documented in /api/docs."""

from __future__ import annotations

import marshmallow as ma

from ..platform import site_paths
from ..platform.openapi import Schema
from .listings import LESSONS, PROGRAMS

F = ma.fields
PositiveIds = F.List(F.Integer(validate=ma.validate.Range(min=1)))


class Paging(Schema):
    limit = F.Integer(
        data_key="_limit",
        validate=ma.validate.Range(min=1),
        metadata={"description": "Page size; at most 100 (larger values are capped)."},
    )
    start = F.Integer(
        data_key="_start", validate=ma.validate.Range(min=0), metadata={"description": "Offset."}
    )


def sorting(keys) -> type[Schema]:
    """The sort parameters of a list: one of its keys, optionally followed by :asc or :desc.
    The values are documented; the list checks them itself (400 ``invalid_sort``)."""
    values = [value for key in sorted(keys) for value in (key, f"{key}:asc", f"{key}:desc")]
    return Schema.from_dict(
        {
            "sort": F.String(
                data_key="_sort", metadata={"description": "key:asc or key:desc", "enum": values}
            ),
            "sort_by": F.String(
                data_key="_sortBy",
                metadata={
                    "description": "The same as _sort, which wins when both are given.",
                    "enum": values,
                },
            ),
        }
    )


def filtering(names) -> type[Schema]:
    """The filter parameters of a list: ids for each name, repeated for any of several."""
    return Schema.from_dict({name: PositiveIds for name in names})


class LessonFilters(filtering(LESSONS.filters)):
    pass


class LessonListArgs(Paging, sorting(LESSONS.sorts), LessonFilters):
    pass


class ProgramListArgs(Paging, sorting(PROGRAMS.sorts), filtering(PROGRAMS.filters)):
    pass


class MostViewedArgs(Schema):
    limit = F.Integer(data_key="_limit", load_default=3, validate=ma.validate.Range(min=1, max=20))


SITE_PATH = [
    ma.validate.Length(max=site_paths.MAX_LENGTH),
    ma.validate.Regexp(site_paths.PATTERN, error="Not a path of this site."),
]


class PreviewLink(Schema):
    """A preview link as Strapi's Preview button makes it (cms-schema/src/site-preview.js)."""

    path = F.String(
        required=True,
        validate=SITE_PATH,
        metadata={"description": "The page of this site to open, e.g. /lessons/42."},
    )
    expires = F.Integer(
        required=True, metadata={"description": "When the link expires (Unix seconds)."}
    )
    signature = F.String(
        required=True,
        validate=ma.validate.Regexp(r"^[0-9a-f]{64}$"),
        metadata={"description": 'HMAC-SHA256 of "path\\nexpires" with CMS_PREVIEW_SECRET, hex.'},
    )


class PreviewExit(Schema):
    path = F.String(
        validate=SITE_PATH,
        metadata={"description": "The page to open after leaving the preview (default /home)."},
    )


# Answers ---------------------------------------------------------------------------------
# The client's types are generated from these (docs/api.md), so they say exactly what an answer
# holds: `text()` is always there, `text_or_null()` always there and maybe null, and a field
# without `required` may be missing (a video-host id the viewer may not play, say).


def text(**kwargs) -> F.String:
    return F.String(required=True, **kwargs)


def text_or_null(**kwargs) -> F.String:
    return F.String(required=True, allow_none=True, **kwargs)


def number(**kwargs) -> F.Integer:
    return F.Integer(required=True, **kwargs)


def number_or_null(**kwargs) -> F.Integer:
    return F.Integer(required=True, allow_none=True, **kwargs)


def one(schema, **kwargs) -> F.Nested:
    return F.Nested(schema, required=True, **kwargs)


def one_or_null(schema, **kwargs) -> F.Nested:
    return F.Nested(schema, required=True, allow_none=True, **kwargs)


def many(schema, **kwargs) -> F.List:
    return F.List(F.Nested(schema), required=True, **kwargs)


VIDEO_ID = "Video-host id; absent when this viewer may not play it."


class Format(Schema):
    url = text()
    width = number_or_null()
    height = number_or_null()


class Formats(Schema):
    thumbnail = F.Nested(Format)
    small = F.Nested(Format)
    medium = F.Nested(Format)
    large = F.Nested(Format)


class FocalPoint(Schema):
    x = F.Float(required=True, metadata={"description": "Percent from the left, 0 to 100"})
    y = F.Float(required=True, metadata={"description": "Percent from the top, 0 to 100"})


class Image(Format):
    alternativeText = text_or_null()
    formats = one(Formats, metadata={"description": "The sizes the CMS made of it"})
    focalPoint = F.Nested(
        FocalPoint,
        metadata={
            "description": "What a crop keeps in view, as editors set it in the media library; "
            "absent when they set none"
        },
    )


class Named(Schema):
    id = number()
    name = text()


class SlugPage(Schema):
    """An entry with a page of its own, addressed by its slug (the masterclass, a legal page)."""

    id = number()
    slug = text()
    title = text()


class Person(Named):
    bio = text_or_null()
    thumbnail = F.Nested(Image, allow_none=True, metadata={"description": "Teachers, trainers"})
    avatar = F.Nested(Image, allow_none=True, metadata={"description": "Authors"})


class Level(Schema):
    id = number()
    value = text(metadata={"description": "beginner ... master"})
    label = text()
    color = text()
    rank = number()


class Lockable(Schema):
    locked = F.Boolean(
        required=True, metadata={"description": "True when this viewer may not open it."}
    )
    subscription_level = text_or_null(metadata={"description": "free or pro"})


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


class Exercise(Schema):
    id = text(
        metadata={
            "description": "'<item type>:<item id>:<key>', the id to send to"
            " PUT /content/exercises/{id}, e.g. 'lesson_chapter:12:3:e1'"
        }
    )
    key = text(metadata={"description": "Unique within its chapter or episode, e.g. e1"})
    fen = text(metadata={"description": "The position the learner moves from"})
    prompt = text_or_null()
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
    solved = F.Boolean(
        required=True, metadata={"description": "Solved by this viewer (false for guests)"}
    )


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
        metadata={"description": "When locked, only id, key, fen, prompt and solved"},
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


class Price(Schema):
    price = text(metadata={"description": "The amount with two decimals, e.g. '19.99'"})
    currency = text(metadata={"description": "USD, EUR or INR"})


class Purchasable(Schema):
    entity = text(validate=ma.validate.OneOf(("program", "video", "masterclass")))
    entityId = number()
    currentUserPrice = one_or_null(
        Price, metadata={"description": "What this viewer pays to buy it; null: not for sale"}
    )


class LockedOffer(Purchasable):
    title = text_or_null()
    hero_image = one_or_null(Image)


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


class Option(Named):
    """A teacher, trainer, topic or lesson category as the filter panels list them."""

    slug = F.String(metadata={"description": "Topics and lesson categories"})


HOME_TARGETS = ("masterclass_episodes", "lessons", "programs", "documentaries", "journeys", "news")
HOME_CARDS = ("EpisodeCard", "LessonCard", "ProgramCard", "VideoCard", "ArticleCard")


class Ranking(Schema):
    data = many(ArticleCard)


class HomeSection(Schema):
    title = text()
    target_type = text(validate=ma.validate.OneOf(HOME_TARGETS))
    link_label = text_or_null()
    link_url = text_or_null()
    items = F.List(
        F.Raw(
            metadata={"oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in HOME_CARDS]}
        ),
        required=True,
        metadata={"description": "Cards of the target type"},
    )
    byRanking = F.Nested(Ranking, metadata={"description": "news only: the most viewed articles"})


class Home(Schema):
    hero_title = text_or_null()
    hero_text = text_or_null()
    hero_image = one_or_null(Image)
    slideshow = many(Image)
    slideshow_label = text_or_null()
    watch_title = text_or_null(metadata={"description": "Heading of documentaries and journeys"})
    app_title = text_or_null()
    app_text = text_or_null()
    app_store_url = text_or_null()
    play_store_url = text_or_null()
    sections = many(HomeSection, metadata={"description": "In the order editors gave them"})


class ListPage(Schema):
    lessons_title = text_or_null()
    articles_title = text_or_null()
    programs_title = text_or_null(
        metadata={"description": "{count} written in by editors: the published programs"}
    )
    programs_intro = text_or_null()


class LegalPage(SlugPage):
    body = text_or_null(metadata={"description": "Markdown"})


# Single pages, as editors wrote them: a field they left empty may be missing or null.


def date_left_empty() -> F.String:
    """A date an editor may leave empty (missing or null)."""
    return F.String(allow_none=True, metadata={"description": "YYYY-MM-DD"})


class TourEvent(Schema):
    name = text()
    city = F.String(allow_none=True)
    start_date = date_left_empty()
    end_date = date_left_empty()
    description = F.String(allow_none=True)


class GrandChessTour(Schema):
    id = number()
    title = F.String(allow_none=True)
    season = F.Integer(allow_none=True)
    live_video_id = F.String(allow_none=True)
    about = F.String(allow_none=True, metadata={"description": "Markdown"})
    hero_image = F.Nested(Image, allow_none=True)
    events = F.List(F.Nested(TourEvent), allow_none=True)


class UpgradeFeature(Schema):
    title = text()
    text = F.String(allow_none=True)
    image = F.Nested(Image, allow_none=True)


class Testimonial(Schema):
    quote = text()
    name = text()
    title = F.String(allow_none=True)
    avatar = F.Nested(Image, allow_none=True)


class Benefit(Schema):
    text = text()
    link_url = F.String(allow_none=True, metadata={"description": "A path of the site"})


class UpgradePage(Schema):
    id = number()
    testimonials_title = F.String(allow_none=True)
    popup_text = F.String(allow_none=True, metadata={"description": "The upgrade overlay's text"})
    welcome_eyebrow = F.String(allow_none=True, metadata={"description": "Pro welcome page"})
    welcome_title = F.String(allow_none=True)
    welcome_benefits = F.List(F.Nested(Benefit), allow_none=True)
    welcome_button = F.String(allow_none=True)
    banner_title = F.String(allow_none=True)
    banner_text = F.String(allow_none=True)
    learn = F.Nested(UpgradeFeature, allow_none=True)
    watch = F.Nested(UpgradeFeature, allow_none=True)
    play = F.Nested(UpgradeFeature, allow_none=True)
    testimonials = F.List(F.Nested(Testimonial), allow_none=True)


class WebhookEvent(Schema):
    class Meta:
        unknown = ma.INCLUDE  # Strapi sends more than we read

    event = F.String(required=True)
    model = F.String(allow_none=True)
    uid = F.String(allow_none=True)
    entry = F.Dict(allow_none=True)
    media = F.Dict(allow_none=True)


class Purged(Schema):
    purged = F.List(F.String(), required=True)


class PurgedAnswer(Schema):
    data = F.Nested(Purged, required=True)
