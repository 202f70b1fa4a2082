"""How the access layer reads an account: handed in by the domain that knows its tables.

The viewer and their rights come from one query over the account, its sessions, subscriptions
and purchases; only billing sees all of those tables, so billing supplies the reading
(bff.billing.entitlements.ACCOUNT_READING) and create_app installs it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

if TYPE_CHECKING:
    from .rights import Rights
    from .viewer import Viewer


@dataclass(frozen=True)
class AccountReading:
    # The viewer an Authorization header value names and their rights, in one query.
    viewer_and_rights: Callable[[str | None, Session, str, datetime], tuple[Viewer, Rights]]
    # What a viewer may play, read now.
    rights_from: Callable[[Session, Viewer], Rights]
