"""Every error code the BFF can raise is in the catalogue, so in the document's enum of codes
(bff/platform/errors.py, docs/api.md): found in the source, wherever a failure is made."""

from __future__ import annotations

import ast
from pathlib import Path

import bff
from bff.platform.errors import CATALOGUE, STATUS_CODES

SOURCE = Path(bff.__file__).parent
# Where a code is given: the callable and the position of its code argument.
CODE_ARGUMENT = {"ApiError": 1, "Problem": 2, "social_error": 1, "SocialAuthError": 1}


def _called(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _strings(tree: ast.Module) -> dict[str, str]:
    """The module's constants that are strings (`INVALID_AUTH_CODE = "user_invalid_auth_code"`)."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                    found[target.id] = node.value.value
    return found


def codes_in_source() -> dict[str, str]:
    """Each literal code (or module constant) given where a failure is made, and where."""
    codes: dict[str, str] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        constants = _strings(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _called(node) not in CODE_ARGUMENT:
                continue
            position = CODE_ARGUMENT[_called(node)]  # type: ignore[index]
            given = [kw.value for kw in node.keywords if kw.arg == "code"]
            if len(node.args) > position:
                given.append(node.args[position])
            for value in given:
                code = None
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    code = value.value
                elif isinstance(value, ast.Name):
                    code = constants.get(value.id)
                if code is not None:
                    codes[code] = f"{path.relative_to(SOURCE.parent)}:{node.lineno}"
    return codes


def test_every_code_raised_is_in_the_catalogue():
    codes = codes_in_source()
    assert len(codes) > 40  # the scan finds them
    assert {code: where for code, where in codes.items() if code not in CATALOGUE} == {}


def test_every_status_code_is_in_the_catalogue():
    assert set(STATUS_CODES.values()) <= set(CATALOGUE)
