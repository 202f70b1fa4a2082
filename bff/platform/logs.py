"""Log lines operators can follow: request ids, JSON lines on demand, no secret in an address.

Every request has an id (`X-Request-ID`): the one a trusted proxy sent (with PROXY_HOPS set: a
client cannot choose its own otherwise), else a new one; it goes back in the answer and into
every log line written while the request is served (`request_id`), and gunicorn's access line
carries it (gunicorn.conf.py). With LOG_FORMAT=json each line is one JSON object (`time`,
`level`, `logger`, `message`, `request_id`, and `exception` when there is one).

Links carry secrets in their query (the embedded view's `?token=<access JWT>`, mailed tokens,
preview signatures): `redact` blanks their values wherever an address is logged."""

from __future__ import annotations

import json
import logging
import re
import uuid
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import Flask, Response, g, has_request_context, request

from .config import Settings

REQUEST_ID_HEADER = "X-Request-ID"
# What a proxy's id may look like (a UUID, a trace id...): anything else is replaced.
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{8,128}$")
# Query parameters whose values are secrets (a JWT, a mailed token, a preview signature, an
# OAuth code...); matched case-insensitively.
SECRET_PARAMETERS = frozenset(
    {
        "token",
        "access_token",
        "id_token",
        "refresh_token",
        "code",
        "signature",
        "sig",
        "secret",
        "password",
        "key",
        "session_id",
    }
)
REDACTED = "REDACTED"

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s]: %(message)s"


def redact(target: str) -> str:
    """``target`` (a request target such as ``/path?token=...``, or a whole URL) with the value
    of every secret parameter replaced; anything else as it was."""
    if "?" not in target:
        return target
    parts = urlsplit(target)
    return urlunsplit(parts._replace(query=redact_query(parts.query)))


def redact_query(query: str) -> str:
    if not query:
        return query
    pairs = parse_qsl(query, keep_blank_values=True)
    if not any(name.lower() in SECRET_PARAMETERS for name, _ in pairs):
        return query
    return urlencode(
        [(name, REDACTED if name.lower() in SECRET_PARAMETERS else value) for name, value in pairs]
    )


def current_request_id() -> str:
    """The id of the request being served, or "-" outside one."""
    if has_request_context():
        return str(g.get("request_id", "-"))
    return "-"


class JsonLines(logging.Formatter):
    """One JSON object a line, for log collectors."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", "-"),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


_factory_installed = False


def _install_record_factory() -> None:
    """Every record carries ``request_id`` (handlers of any library included)."""
    global _factory_installed
    if _factory_installed:
        return
    make_record = logging.getLogRecordFactory()

    def with_request_id(*args, **kwargs) -> logging.LogRecord:
        record = make_record(*args, **kwargs)
        record.request_id = current_request_id()
        return record

    logging.setLogRecordFactory(with_request_id)
    _factory_installed = True


def configure_logging(settings: Settings) -> None:
    """The root logger's lines: text with the request id, or JSON lines (LOG_FORMAT=json)."""
    _install_record_factory()
    root = logging.getLogger()
    root.setLevel(settings.log_level)
    formatter: logging.Formatter = (
        JsonLines() if settings.log_format == "json" else logging.Formatter(TEXT_FORMAT)
    )
    ours: list[logging.Handler] = [
        handler for handler in root.handlers if getattr(handler, "bff_lines", False)
    ]
    if not ours:
        lines = logging.StreamHandler()
        lines.bff_lines = True  # type: ignore[attr-defined]
        root.addHandler(lines)
        ours = [lines]
    for handler in ours:
        handler.setFormatter(formatter)


def init_app(app: Flask, settings: Settings) -> None:
    """Give every request its id, and send it back in the answer."""
    trust_proxy = settings.proxy_hops > 0

    @app.before_request
    def _request_id() -> None:
        given = request.headers.get(REQUEST_ID_HEADER, "") if trust_proxy else ""
        g.request_id = given if _REQUEST_ID.match(given) else uuid.uuid4().hex

    @app.after_request
    def _answer_request_id(response: Response) -> Response:
        response.headers[REQUEST_ID_HEADER] = current_request_id()
        return response
