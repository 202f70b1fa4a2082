"""Site search: a query read into words, the index asked, the viewer's locks applied.

The index is built from the gateway's content on first use, rebuilt by `flask --app bff search
rebuild`, and kept current by the CMS webhook (``content_changed``): an entry published, edited
or deleted is re-indexed or removed; a change to what items show of others (a teacher renamed)
re-indexes the kinds that show it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..access.rights import Rights
from ..cms.catalogue import Catalogue
from ..cms.locks import lock_for
from .documents import BY_KIND, KINDS, Document, documents
from .index import SearchIndex, Word
from .text import TYPO_MIN_LENGTH, words

log = logging.getLogger(__name__)

# A query's words beyond this many are left out (each one narrows; none is worth more).
MAX_WORDS = 8

# The kinds an entry of these other content types shows, so changing one re-indexes them.
SHOWN_IN: dict[str, tuple[str, ...]] = {
    "teachers": ("lesson",),
    "lesson-categories": ("lesson",),
    "trainers": ("program",),
    "topics": ("program",),
    "authors": ("article",),
    "masterclass": ("episode",),
    "masterclass-chapters": ("episode",),
}
BY_COLLECTION = {source.collection: kind for kind, source in BY_KIND.items()}


def query_words(query: str) -> list[str]:
    """The words of a query, each once, in order (none in '?!': nothing to find)."""
    return list(dict.fromkeys(words(query)))[:MAX_WORDS]


class Search:
    def __init__(self, index: SearchIndex, catalogue: Catalogue):
        self.index = index
        self.catalogue = catalogue

    def find(
        self,
        session: Session,
        query: str,
        kinds: Sequence[str],
        start: int,
        limit: int,
        rights: Rights,
    ) -> list[dict[str, Any]]:
        """A page of what matches every word of ``query``, locked for the viewer."""
        asked = query_words(query)
        if not asked:
            return []
        self.ensure_built(session)
        with_typos = [
            Word(w, self.index.near(session, w) if len(w) >= TYPO_MIN_LENGTH else ()) for w in asked
        ]
        found = self.index.find(session, with_typos, kinds, start, limit)
        locked: list[dict[str, Any]] = lock_for(found, rights)
        return locked

    def ensure_built(self, session: Session) -> None:
        """Build the index if it is empty (a new database), so search works out of the box."""
        if not self.index.is_empty(session):
            return
        try:
            count = self.rebuild(session)
        except IntegrityError:
            # Another worker built it at the same time: theirs is as good.
            session.rollback()
            return
        log.info("Search index built: %d items", count)

    def rebuild(self, session: Session) -> int:
        """Everything indexed anew from the content; committed. Answers how many items."""
        self.index.clear_vocabulary(session)
        count = self.index.replace(session, KINDS, self._every(KINDS))
        session.commit()
        return count

    def content_changed(self, session: Session, tags: Iterable[str]) -> None:
        """Re-index what a CMS change touched (the cache tags the webhook purged); committed.
        An index not built yet stays so: the first search builds it from what is there then."""
        if self.index.is_empty(session):
            return
        tags = set(tags)
        whole = {kind for tag in tags for kind in SHOWN_IN.get(tag, ())}
        if any(tag.startswith("media:") for tag in tags):
            whole = set(KINDS)  # a replaced image: the results showing it are not known here
        entries: dict[str, set[int]] = {}
        bare: set[str] = set()
        for tag in tags:
            collection, _, entry_id = tag.partition(":")
            kind = BY_COLLECTION.get(collection)
            if kind is None:
                continue
            if entry_id.isdigit():
                entries.setdefault(kind, set()).add(int(entry_id))
            else:
                bare.add(kind)
        # A type's tag with no entry of it named: the change is not known entry by entry.
        whole |= bare - set(entries)
        for kind, ids in sorted(entries.items()):
            if kind not in whole:
                chosen = tuple(sorted(ids))
                self.index.put(session, kind, chosen, documents(self.catalogue, kind, chosen))
        if whole:
            ordered = tuple(k for k in KINDS if k in whole)
            self.index.replace(session, ordered, self._every(ordered))
        session.commit()

    def _every(self, kinds: Sequence[str]) -> Iterator[Document]:
        for kind in kinds:
            yield from documents(self.catalogue, kind)
