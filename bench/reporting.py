"""How a benchmark ends: its report printed as JSON (--json) or as a table, and its exit status,
0 when every target in the report's targets_met is met."""

from __future__ import annotations

import json
from collections.abc import Callable


def show(report: dict, as_json: bool, table: Callable[[], None]) -> int:
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        table()
    return 0 if all(report.get("targets_met", {}).values()) else 1
