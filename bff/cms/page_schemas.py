"""The answers of the /cms pages: home, list headings, legal and single pages."""

from __future__ import annotations

import marshmallow as ma

from ..platform.openapi import Schema
from .answer_fields import Image, SlugPage, many, number, one_or_null, text, text_or_null
from .schemas import ArticleCard

F = ma.fields


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
    return F.String(allow_none=True, metadata={"description": "YYYY-MM-DD", "format": "date"})


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
