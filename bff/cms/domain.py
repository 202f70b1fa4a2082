"""The CMS gateway as create_app and the rest read it (bff/domains.py). Its catalogue, which
takes settings, is built by create_app (build_catalogue); its commands read the whole
application context and so are bff/cli.py's."""

from __future__ import annotations

from ..platform.domain import Domain
from . import (
    models,
    preview_routes,
    routes,
    webhook,  # noqa: F401 - its route is on the gateway's blueprint
)

DOMAIN = Domain(
    "cms",
    blueprints=(routes.blp, routes.masterclasses, preview_routes.previews),
    app_blueprints=(preview_routes.media,),
    # The lists and the home page; each entry's page is the sitemap's (bff/pages/sitemap.py).
    sitemap_paths=(
        "/home",
        "/masterclass",
        "/articles",
        "/lessons",
        "/programs",
        "/grand-chess-tour",
    ),
    models=(models,),
)
