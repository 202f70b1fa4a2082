"""The schema.org fields the pages' JSON-LD carries, as JSON Schema: what search engines need of
each type (Google's required and recommended properties)."""

from __future__ import annotations

URL = {"type": "string", "pattern": "^https://chess\\.example/"}
TEXT = {"type": "string", "minLength": 1}
DATE = {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}"}
ORGANIZATION = {
    "type": "object",
    "required": ["@type", "name"],
    "properties": {"@type": {"const": "Organization"}, "name": TEXT, "url": URL},
}


def typed(kind: str, required: list[str], properties: dict) -> dict:
    return {
        "type": "object",
        "required": ["@context", "@type", *required],
        "properties": {
            "@context": {"const": "https://schema.org"},
            "@type": {"const": kind},
            **properties,
        },
    }


ARTICLE = typed(
    "Article",
    ["headline", "image", "datePublished", "author", "publisher"],
    {
        "headline": TEXT,
        "description": TEXT,
        "image": {"type": "array", "minItems": 1, "items": URL},
        "datePublished": DATE,
        "dateModified": DATE,
        "author": {
            "type": "object",
            "required": ["@type", "name"],
            "properties": {"@type": {"const": "Person"}, "name": TEXT},
        },
        "publisher": ORGANIZATION,
        "mainEntityOfPage": URL,
    },
)
VIDEO = typed(
    "VideoObject",
    ["name", "description", "thumbnailUrl", "uploadDate"],
    {
        "name": TEXT,
        "description": TEXT,
        "thumbnailUrl": {"type": "array", "minItems": 1, "items": URL},
        "uploadDate": DATE,
        "duration": {"type": "string", "pattern": "^PT(\\d+H)?(\\d+M)?(\\d+S)?$"},
        "url": URL,
    },
)
# Nothing that plays: a video-host id or a player belongs to viewers who may play it.
VIDEO["not"] = {"anyOf": [{"required": ["contentUrl"]}, {"required": ["embedUrl"]}]}
COURSE = typed(
    "Course",
    ["name", "description", "provider"],
    {
        "name": TEXT,
        "description": TEXT,
        "provider": ORGANIZATION,
        "url": URL,
        "image": URL,
        "isAccessibleForFree": {"type": "boolean"},
    },
)
BREADCRUMBS = typed(
    "BreadcrumbList",
    ["itemListElement"],
    {
        "itemListElement": {
            "type": "array",
            "minItems": 2,
            "items": {
                "type": "object",
                "required": ["@type", "position", "name", "item"],
                "properties": {
                    "@type": {"const": "ListItem"},
                    "position": {"type": "integer", "minimum": 1},
                    "name": TEXT,
                    "item": URL,
                },
            },
        }
    },
)
WEBSITE = typed("WebSite", ["name", "url"], {"name": TEXT, "url": URL})
SITE_ORGANIZATION = typed(
    "Organization", ["name", "url", "logo"], {"name": TEXT, "url": URL, "logo": URL}
)
