"""Parameters and answers of the /cms routes, as documented in /api/docs."""

from __future__ import annotations

import marshmallow as ma

from ..openapi import Schema

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


class Sorting(Schema):
    sort = F.String(
        data_key="_sort", metadata={"description": "key:asc or key:desc (title, created_at, ...)"}
    )
    sort_by = F.String(data_key="_sortBy", metadata={"description": "Same as _sort."})


class LessonFilters(Schema):
    lesson_category = PositiveIds
    difficulty_level = PositiveIds
    teacher = PositiveIds


class LessonListArgs(Paging, Sorting, LessonFilters):
    pass


class ProgramListArgs(Paging, Sorting):
    topic = PositiveIds
    level = PositiveIds
    trainers = PositiveIds


class MostViewedArgs(Schema):
    limit = F.Integer(data_key="_limit", load_default=3, validate=ma.validate.Range(min=1, max=20))


# Answers ---------------------------------------------------------------------------------


class Format(Schema):
    url = F.String(required=True)
    width = F.Integer(allow_none=True)
    height = F.Integer(allow_none=True)


class Image(Format):
    alternativeText = F.String(allow_none=True)
    formats = F.Dict(keys=F.String(), values=F.Nested(Format))


class Named(Schema):
    id = F.Integer(required=True)
    name = F.String(allow_none=True)


class Person(Named):
    bio = F.String(allow_none=True)
    thumbnail = F.Nested(Image, allow_none=True)
    avatar = F.Nested(Image, allow_none=True)


class Level(Schema):
    id = F.Integer(required=True)
    value = F.String(metadata={"description": "beginner ... master"})
    label = F.String()
    color = F.String()
    rank = F.Integer()


class Lockable(Schema):
    locked = F.Boolean(
        required=True, metadata={"description": "True when this viewer may not open it."}
    )
    subscription_level = F.String(allow_none=True, metadata={"description": "free or pro"})


class LessonCard(Lockable):
    id = F.Integer(required=True)
    title = F.String()
    description_short = F.String(allow_none=True)
    duration = F.Integer(allow_none=True, metadata={"description": "Seconds"})
    thumbnail = F.Nested(Image, allow_none=True)
    difficulty_level = F.Nested(Level, allow_none=True)
    teacher = F.Nested(Named, allow_none=True)
    lesson_category = F.Nested(Named, allow_none=True)


class LessonChapter(Schema):
    id = F.Integer(required=True)
    title = F.String()
    duration = F.Integer(allow_none=True)
    video_id = F.String(metadata={"description": "Video-host id; absent when locked."})


class Lesson(LessonCard):
    description = F.String(allow_none=True)
    teacher = F.Nested(Person, allow_none=True)
    chapters = F.List(F.Nested(LessonChapter))


class Price(Schema):
    price = F.String(required=True)
    currency = F.String(required=True)


class Purchasable(Schema):
    entity = F.String(metadata={"description": "program, video or masterclass"})
    entityId = F.Integer()
    currentUserPrice = F.Nested(
        Price,
        allow_none=True,
        metadata={"description": "What this viewer pays to buy it; null: not for sale"},
    )


class LockedOffer(Purchasable):
    title = F.String(allow_none=True)
    hero_image = F.Nested(Image, allow_none=True)


class ProgramCard(Lockable, Purchasable):
    id = F.Integer(required=True)
    title = F.String()
    hero_image = F.Nested(Image, allow_none=True)
    carousel_image = F.Nested(Image, allow_none=True)
    trainers = F.List(F.Nested(Person))
    level = F.Nested(Level, allow_none=True)
    topic = F.Nested(Named, allow_none=True)
    chapter_count = F.Integer()


class ChapterSummary(Schema):
    id = F.Integer(required=True)
    title = F.String()
    description = F.String(allow_none=True)
    position = F.Integer(allow_none=True)
    lesson_count = F.Integer()
    progress = F.Integer(metadata={"description": "This viewer's progress, 0-100"})
    completed_lessons = F.Integer(metadata={"description": "Videos this viewer finished"})


class HostVideo(Schema):
    title = F.String(allow_none=True)
    video_id = F.String()
    duration = F.Integer(allow_none=True)
    dm_data = F.Dict()


class Program(ProgramCard):
    progress = F.Integer(metadata={"description": "This viewer's progress, 0-100"})
    description = F.String(allow_none=True)
    bullet_points = F.List(F.String())
    chapters = F.List(F.Nested(ChapterSummary))
    related_program = F.Nested(ProgramCard, allow_none=True)
    introduction_video = F.Nested(HostVideo, allow_none=True)
    dm_data = F.Dict(allow_none=True)


class Subchapter(Schema):
    id = F.Integer(required=True)
    component = F.String(data_key="__component")
    title = F.String()
    description = F.String(allow_none=True)
    duration = F.Integer(allow_none=True)
    video_id = F.String()
    dm_data = F.Dict()
    progress = F.Integer(metadata={"description": "This viewer's progress, 0-100"})


class ProgramChapter(ChapterSummary, Lockable):
    program = F.Dict(allow_none=True)
    subchapters = F.List(F.Nested(Subchapter))
    chapters = F.List(F.Dict())


class EpisodeCard(Lockable):
    id = F.Integer(required=True)
    masterclass_episode_id = F.Integer()
    title = F.String()
    description = F.String(allow_none=True)
    duration = F.Integer(allow_none=True)
    position = F.Integer(allow_none=True)
    thumbnail = F.Nested(Image, allow_none=True)


class Episode(EpisodeCard):
    video_id = F.String()
    dm_data = F.Dict()
    chapter_title = F.String(allow_none=True)
    chapter = F.List(F.Nested(EpisodeCard), metadata={"description": "Episodes of its chapter"})


class PurchaseOffer(Purchasable):
    product_id = F.String()
    title = F.String(allow_none=True)
    description = F.String(allow_none=True)
    entity = F.String()
    entityId = F.Integer()
    price = F.Nested(Price, allow_none=True)
    purchased = F.Boolean(required=True)


class MasterclassChapter(Schema):
    id = F.Integer(required=True)
    title = F.String()
    description = F.String(allow_none=True)
    position = F.Integer(allow_none=True)
    episodes = F.List(F.Nested(EpisodeCard))


class Masterclass(Schema):
    id = F.Integer(required=True)
    slug = F.String()
    title = F.String()
    hero_title = F.String(allow_none=True)
    intro = F.String(allow_none=True)
    hero_image = F.Nested(Image, allow_none=True)
    iap = F.Nested(PurchaseOffer, allow_none=True)
    chapters = F.List(F.Nested(MasterclassChapter))


class MasterclassAnswer(Schema):
    data = F.Nested(Masterclass, required=True)


class VideoCard(Lockable, Purchasable):
    id = F.Integer(required=True)
    title = F.String()
    subhead = F.String(allow_none=True)
    duration = F.Integer(allow_none=True)
    hero_image = F.Nested(Image, allow_none=True)


class Video(VideoCard):
    description = F.String(allow_none=True)
    video_id = F.String()
    video_category = F.Nested(Named, allow_none=True)
    related = F.List(F.Nested(VideoCard))


class ArticleCard(Schema):
    id = F.Integer(required=True)
    title = F.String()
    lede = F.String(allow_none=True)
    date_posted = F.String(allow_none=True)
    time_to_read = F.Integer(allow_none=True, metadata={"description": "Minutes"})
    hero_image = F.Nested(Image, allow_none=True)


class Article(ArticleCard):
    content = F.String(metadata={"description": "Markdown"})
    author = F.Nested(Person, allow_none=True)


class Option(Schema):
    id = F.Integer(required=True)
    name = F.String()
    value = F.String()
    label = F.String()
    color = F.String()
    rank = F.Integer()
    slug = F.String()


class HomeSection(Schema):
    title = F.String()
    target_type = F.String(
        metadata={
            "description": "masterclass_episodes, lessons, programs, documentaries, journeys, news"
        }
    )
    link_label = F.String(allow_none=True)
    link_url = F.String(allow_none=True)
    items = F.List(F.Dict(), metadata={"description": "Cards of the target type"})
    byRanking = F.Dict(metadata={"description": "news only: {data: most viewed articles}"})


class Home(Schema):
    hero_title = F.String(allow_none=True)
    hero_text = F.String(allow_none=True)
    hero_image = F.Nested(Image, allow_none=True)
    slideshow = F.List(F.Nested(Image))
    app_store_url = F.String(allow_none=True)
    play_store_url = F.String(allow_none=True)
    sections = F.List(F.Nested(HomeSection))


class LegalPage(Schema):
    id = F.Integer(required=True)
    slug = F.String()
    title = F.String()
    body = F.String(metadata={"description": "Markdown"})


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
