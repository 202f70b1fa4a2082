"""The CMS webhook: what an editor's change purges, in every worker, instance and the CDN."""

from __future__ import annotations

import hmac
import logging
from collections.abc import Collection

from flask import request
from flask.views import MethodView

from ..platform.cdn import Cdn, CdnPurgeFailed
from ..platform.errors import ApiError
from . import route_schemas
from .content_cache import ContentCache
from .content_types import load_model
from .routes import blp, context

log = logging.getLogger(__name__)


@blp.route("/webhooks/strapi")
class StrapiWebhook(MethodView):
    @blp.arguments(route_schemas.WebhookEvent)
    @blp.response(202, route_schemas.PurgedAnswer)
    @blp.errors({401: "Missing or wrong secret"})
    def post(self, event):
        """Purge what a Strapi entry.* or media.* event changed, in every worker and instance.

        Strapi sends the secret as `Authorization: Bearer <CMS_WEBHOOK_SECRET>` (set it in the
        webhook's headers or in Strapi's `webhooks.defaultHeaders`)."""
        secret = context().settings.cms_webhook_secret
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if (
            not secret
            or scheme.lower() != "bearer"
            or not hmac.compare_digest(given.strip().encode(), secret.encode())
        ):
            raise ApiError(401, "unauthorized", "The webhook secret is missing or wrong.")
        tags = purge_tags(event)
        purge(tags, context().catalogue.cache, context().cdn)
        context().content_changed(tags)
        return {"data": {"purged": sorted(tags)}}


def purge(tags: Collection[str], cache: ContentCache, cdn: Cdn) -> None:
    """Drops what carries one of ``tags``: the cached pieces (and so every rendered answer made
    of them), then the CDN's copies. A CDN that fails to purge is logged: it keeps its copies
    until their s-maxage (CDN_MAX_AGE) is over."""
    cache.purge(tags)
    if not tags:
        return
    try:
        cdn.purge(tags)
    except CdnPurgeFailed:
        log.exception("The CDN did not purge %s", ", ".join(sorted(tags)))


# Events of a type with drafts that may only touch a draft (publish, unpublish and delete always
# touch what the site shows).
DRAFT_EVENTS = {"entry.create", "entry.update"}
DRAFT_EVENTS = {"entry.create", "entry.update"}


def purge_tags(event: dict) -> set[str]:
    """The cache tags a Strapi webhook event touches."""
    name = event.get("event", "")
    if name.startswith("media."):
        media_id = (event.get("media") or {}).get("id")
        return {f"media:{media_id}"} if media_id is not None else set()
    if not name.startswith("entry."):
        return set()
    model = load_model()
    content_type = model.types.get(event.get("uid") or "")
    if content_type is None:
        content_type = next(
            (t for t in model.types.values() if t.singular == event.get("model")), None
        )
    if content_type is None:
        return set()
    entry = event.get("entry") or {}
    if name in DRAFT_EVENTS and content_type.drafts and not entry.get("publishedAt"):
        return set()  # a draft saved: the site shows it once it is published
    tags = {content_type.rest_path}
    entry_id = entry.get("public_id", entry.get("id"))
    if entry_id is not None and content_type.kind == "collectionType":
        tags.add(f"{content_type.plural}:{entry_id}")
    return tags
