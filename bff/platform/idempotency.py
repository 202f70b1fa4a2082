"""Idempotency-Key on POSTs that create: the first answer is kept and replayed (docs/api.md).

An app on a bad network sends a request, loses the answer and sends it again. With the same
``Idempotency-Key`` header the second request gets the first one's answer (status, body and the
cookies it set, with ``Idempotent-Replayed: true``) instead of creating a second thing, for
KEPT_FOR after the first. The key is the caller's (a member, or a guest's address), so two
callers never share one. The same key with another method, path or body is a client bug: 422
``idempotency_key_reused``. While the first request is still running the same key answers 409
``idempotency_key_in_use`` (try again in a moment); a claim older than IN_FLIGHT_FOR is taken as
abandoned (a worker that died mid-request) and may be claimed again.

What is kept: 2xx and 4xx answers, except those a retry may well turn around (401 after a token
is refreshed, 408, 429). A 5xx or an exception releases the key, so the retry runs again.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import random
import time
from collections.abc import Callable
from copy import deepcopy

import sqlalchemy as sa
from flask import Response, after_this_request, request
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from .database import Base
from .errors import ApiError
from .extensions import db
from .openapi import ErrorEnvelope

log = logging.getLogger(__name__)

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
KEPT_FOR = 24 * 3600  # seconds
IN_FLIGHT_FOR = 120  # seconds: longer than any request may run (the worker's timeout)
MAX_KEY = 255
# Answers a retry may turn around: never kept, the key is released.
NOT_KEPT = frozenset({401, 408, 429})
# Headers of the first answer that a replay repeats (the body's type, where it was created, the
# cookies it set: a registration's refresh token).
REPLAYED_HEADERS = ("Content-Type", "Location", "Set-Cookie")
# One claim in PRUNE_SHARE deletes up to PRUNE_BATCH keys whose time is over, so the table stays
# about a day of keys without a job (`flask db prune` clears the rest).
PRUNE_SHARE = 1 / 64
PRUNE_BATCH = 500

HEADER_DOC = {
    "in": "header",
    "name": HEADER,
    "required": False,
    "description": "A key of the caller's choosing (a UUID), at most 255 printable ASCII"
    " characters: the same request sent again with the same key within 24 hours gets the"
    " first answer again (marked Idempotent-Replayed: true) and creates nothing more.",
    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY, "pattern": "^[!-~]+$"},
}
IN_USE = "idempotency_key_in_use: a request with this Idempotency-Key is still running"
REUSED = "idempotency_key_reused: this Idempotency-Key was sent with another request"


class IdempotencyKey(Base):
    """A caller's key and the answer its first request got (none yet: still running)."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (
        sa.UniqueConstraint("caller", "key", name="uq_idempotency_keys_caller_key"),
        sa.Index("ix_idempotency_keys_expires_at", "expires_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    caller: Mapped[str] = mapped_column(sa.String(80))
    key: Mapped[str] = mapped_column(sa.String(MAX_KEY))
    method: Mapped[str] = mapped_column(sa.String(8))
    path: Mapped[str] = mapped_column(sa.String(512))
    fingerprint: Mapped[str] = mapped_column(sa.String(64))  # sha256 of the body, hex
    claimed_at: Mapped[int] = mapped_column(sa.BigInteger)  # Unix seconds
    expires_at: Mapped[int] = mapped_column(sa.BigInteger)  # Unix seconds
    status: Mapped[int | None] = mapped_column(sa.Integer, nullable=True)
    headers: Mapped[str | None] = mapped_column(sa.Text, nullable=True)  # JSON [[name, value]]
    body: Mapped[bytes | None] = mapped_column(sa.LargeBinary, nullable=True)


def fingerprint(raw: bytes) -> str:
    """The body's hash: of its JSON read back and written in one way when it is JSON (spaces
    and the order of keys do not make another request), of its bytes otherwise."""
    try:
        canonical = json.dumps(
            json.loads(raw), sort_keys=True, separators=(",", ":"), ensure_ascii=False
        ).encode()
    except (ValueError, RecursionError):
        canonical = raw
    return hashlib.sha256(canonical).hexdigest()


def _valid_key(key: str) -> bool:
    return 0 < len(key) <= MAX_KEY and all("!" <= c <= "~" for c in key)


def idempotent(caller: Callable[[], str], clock: Callable[[], float] = time.time) -> Callable:
    """Decorate a view that creates something (placed above ``response``, so it sees the
    answer as it leaves): the Idempotency-Key header is honoured for ``caller()``'s requests
    and documented in OpenAPI (the header, 409 and 422)."""

    def decorate(view: Callable) -> Callable:
        @functools.wraps(view)
        def keyed_view(*args, **kwargs):
            key = request.headers.get(HEADER)
            if key is None:
                return view(*args, **kwargs)
            if not _valid_key(key):
                raise ApiError(
                    400,
                    "validation_failed",
                    fields={HEADER: f"At most {MAX_KEY} printable ASCII characters, no spaces."},
                )
            claim = Claim(
                caller(), key, request.method, request.path, fingerprint(request.get_data())
            )
            replay = claim.take(db.session, clock())
            if replay is not None:
                return replay
            try:
                answer = view(*args, **kwargs)
            except BaseException:
                after_this_request(claim.finish)
                raise
            # Registered after the view's own (a cookie it sets): runs after them, on the answer
            # as it will leave (before the app's compression).
            after_this_request(claim.finish)
            return answer

        documented = _documented(deepcopy(getattr(view, "_apidoc", {})))
        keyed_view._apidoc = documented  # type: ignore[attr-defined]
        return keyed_view

    return decorate


class Claim:
    """One request's hold on its key: taken before the view runs, finished with its answer."""

    def __init__(self, caller: str, key: str, method: str, path: str, print_: str):
        self.caller, self.key, self.method, self.path, self.print_ = (
            caller,
            key,
            method,
            path,
            print_,
        )
        self.clock: float = 0.0

    def _row(self, session: Session) -> IdempotencyKey | None:
        return session.scalar(
            sa.select(IdempotencyKey).where(
                IdempotencyKey.caller == self.caller, IdempotencyKey.key == self.key
            )
        )

    def take(self, session: Session, now: float) -> Response | None:
        """Claim the key (None: the view runs), or the first answer again, or why not."""
        self.clock = now
        session.commit()  # whatever the request read so far: the claim is its own transaction
        for _ in range(3):
            try:
                session.add(
                    IdempotencyKey(
                        caller=self.caller,
                        key=self.key,
                        method=self.method,
                        path=self.path,
                        fingerprint=self.print_,
                        claimed_at=int(now),
                        expires_at=int(now) + KEPT_FOR,
                    )
                )
                session.commit()
                if random.random() < PRUNE_SHARE:  # noqa: S311 - not a secret
                    prune(session, now, limit=PRUNE_BATCH)
                return None
            except IntegrityError:
                session.rollback()
            found = self._row(session)
            if found is None:
                continue  # released just now: claim again
            if (found.method, found.path, found.fingerprint) != (
                self.method,
                self.path,
                self.print_,
            ):
                if found.expires_at > now:
                    raise ApiError(422, "idempotency_key_reused")
            elif found.status is not None and found.expires_at > now:
                return _replayed(found)
            elif found.status is None and found.claimed_at + IN_FLIGHT_FOR > now:
                raise ApiError(409, "idempotency_key_in_use", headers={"Retry-After": "1"})
            # Expired, or abandoned by a request that never finished: taken afresh. Deleted
            # only if still what was read, so two retries cannot both take it.
            session.execute(
                sa.delete(IdempotencyKey).where(
                    IdempotencyKey.id == found.id,
                    IdempotencyKey.claimed_at == found.claimed_at,
                )
            )
            session.commit()
        raise ApiError(409, "idempotency_key_in_use", headers={"Retry-After": "1"})

    def finish(self, response: Response) -> Response:
        """Keep the answer for replays, or release the key for one the retry may change."""
        session = db.session
        try:
            session.rollback()  # what the view left undone is not ours to commit
            mine = sa.and_(
                IdempotencyKey.caller == self.caller,
                IdempotencyKey.key == self.key,
                IdempotencyKey.claimed_at == int(self.clock),
                IdempotencyKey.status.is_(None),
            )
            status = response.status_code
            if status >= 500 or status in NOT_KEPT or response.is_streamed:
                session.execute(sa.delete(IdempotencyKey).where(mine))
            else:
                headers = [
                    [name, value]
                    for name, value in response.headers.items()
                    if name in REPLAYED_HEADERS
                ]
                session.execute(
                    sa.update(IdempotencyKey)
                    .where(mine)
                    .values(status=status, headers=json.dumps(headers), body=response.get_data())
                )
            session.commit()
        except Exception:  # the answer leaves anyway; the key stays claimed until IN_FLIGHT_FOR
            session.rollback()
            log.exception("Could not keep the answer of Idempotency-Key %r", self.key)
        return response


def _replayed(found: IdempotencyKey) -> Response:
    response = Response(found.body or b"", status=found.status)
    for name, value in json.loads(found.headers or "[]"):
        if name == "Content-Type":
            response.headers["Content-Type"] = value
        else:
            response.headers.add(name, value)
    response.headers[REPLAYED] = "true"
    return response


def prune(session: Session, now: float | None = None, limit: int | None = None) -> int:
    """Delete the keys whose time is over (at most ``limit``); answers how many."""
    moment = int(time.time() if now is None else now)
    over = sa.select(IdempotencyKey.id).where(IdempotencyKey.expires_at <= moment)
    if limit is not None:
        over = over.order_by(IdempotencyKey.expires_at).limit(limit)
    deleted = session.execute(
        sa.delete(IdempotencyKey).where(IdempotencyKey.id.in_(over.scalar_subquery()))
    ).rowcount  # type: ignore[attr-defined]
    session.commit()
    return deleted or 0


def _documented(apidoc: dict) -> dict:
    """The view's document with the header and the failures the key adds (409 and 422, merged
    into a description the route already gives for that status)."""
    # Beside the parameters ``arguments`` declares (a manual_doc list would replace them).
    apidoc.setdefault("arguments", {}).setdefault("parameters", []).append(deepcopy(HEADER_DOC))
    responses = apidoc.setdefault("response", {}).setdefault("responses", {})
    for status, description in ((409, IN_USE), (422, REUSED)):
        present = responses.get(status)
        if present:
            for entry in present:
                if isinstance(entry, dict) and entry.get("description"):
                    entry["description"] = f"{entry['description']}; {description}"
        else:
            responses[status] = [
                {"schema": ErrorEnvelope, "description": description, "content_type": None}
            ]
    return apidoc
