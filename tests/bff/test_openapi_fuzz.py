"""Every operation of /api/openapi.json, fuzzed with every check schemathesis has.

Schemathesis generates valid and invalid requests for each operation from the document app
developers read, sends them to the application in process (WSGI, no server), and checks, among
others, that no answer is a server error, that every answer (success or error envelope) matches
the schema documented for its status, that what the document allows is accepted and what it
forbids is refused, and that members-only operations refuse a missing token. Once as a guest and
once as a signed-in member, on the embedded content store and the sandbox payment provider. The
budget is small and the examples fixed (derandomised), so the run is bounded and repeatable.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import FailureGroup

from .builders import make_member

EXAMPLES_PER_OPERATION = 15
CHECKS = None  # every check schemathesis has
# Random ids mostly miss: these items of cms-schema/seed (a free one and a Pro one where there
# are both) make sure the detail answers, locked and unlocked, are checked too.
KNOWN_PATH_VALUES = {
    "lesson_id": (7, 32),
    "program_id": (42, 3),
    "chapter_id": (241, 1),
    "episode_id": (1,),
    "video_id": (1, 11),
    "article_id": (1,),
    "slug": ("masterclass", "terms"),
}
ROOMY_LIMITS = {
    name: "100000 per minute"
    for name in (
        "RATE_LIMIT_LOGIN",
        "RATE_LIMIT_REGISTER",
        "RATE_LIMIT_RECOVERY",
        "RATE_LIMIT_CHECK",
        "RATE_LIMIT_SUBSCRIBE",
    )
}


# Operations whose well-formed requests need what no document can describe, each with why: a
# wrong one is their documented 400, not a rejection of valid data.
BEYOND_THE_DOCUMENT = {
    "/subscriptions/webhooks/stripe": "a signature made with the webhook's secret",
    "/subscriptions/webhooks/app-store": "a JWS signed under the App Store's root",
    "/subscriptions/webhooks/google-play": "a Pub/Sub push token signed by Google",
    "/subscriptions/store-purchases": "a transaction signed by the store, or a token it knows",
    "/users/confirm_email": "a token from a mail",
    "/users/recover_password": "a token from a mail",
    "/users/confirm_email_change": "a token from a mail",
    "/users/cancel_email_change": "a token from a mail",
    # The document gives an address's shape; email-validator decides the rest (a domain that
    # can receive mail, no unsafe character, one script per part: docs/accounts.md).
    "/users/register_email": "an address email-validator accepts",
    "/users/register_no_confirm": "an address email-validator accepts",
    "/users/start_password_recovery": "an address email-validator accepts",
    "/content/subscribe": "an address email-validator accepts",
    "/users/change_email": "the account's password",
    "/users/account/delete": "the account's password",
    "/subscriptions/manage": "a member who went through checkout",
    "/users/change_password": "password_confirmation, when given, must repeat password",
    "/users/profile": "an avatar's bytes must be a picture",
    # /users/register_email and /users/register_no_confirm document each type's fields.
    "/users/register": "which fields it needs depends on its type",
    # An anyOf of two `required` lists would say it, but turns the generated clients' body type
    # into `unknown`: the fields' descriptions say it instead.
    "/users/apple": "a code or an identity_token, either one",
    # Each parameter's description says which others it does not go with.
    "/content/puzzles/next": "one of theme, themes, mix and review at most",
    "/content/puzzles/{puzzle_id}/attempts": "a played_at within the 7 days before now",
    # The document gives a time zone's shape; the IANA database decides which exist.
    "/users/devices": "a time zone the IANA database knows",
    "/users/reminders": "a time zone the IANA database knows",
}
# Operations that honour Idempotency-Key: the fuzzer sends one key with several bodies, and a
# body after the first is 422 idempotency_key_reused, which depends on the request before it.
IDEMPOTENT = {
    "/users/register",
    "/users/register_email",
    "/users/register_no_confirm",
    "/content/subscribe",
    "/subscriptions/web/checkout/new_subscription",
    "/products/purchase",
    "/subscriptions/store-purchases",
    "/content/puzzles/runs",
}


def expected_statuses(path: str) -> list[str]:
    found = ["2xx", "3xx", "401", "403", "404", "409"]
    found += ["400"] if path in BEYOND_THE_DOCUMENT else []
    return found + (["422"] if path in IDEMPOTENT else [])


CONFIG = SchemathesisConfig.from_dict(
    {
        "operations": [
            {
                "include-path": path,
                "checks": {
                    "positive_data_acceptance": {"expected-statuses": expected_statuses(path)}
                },
            }
            for path in sorted(BEYOND_THE_DOCUMENT.keys() | IDEMPOTENT)
        ]
    }
)


def fuzz(app, headers: dict[str, str]) -> list[str]:
    """Fuzz every operation; the failures, one line per operation."""
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=CONFIG)
    # In process nothing undoes gzip (a real HTTP client does): ask for answers as they are.
    plain = {**headers, "Accept-Encoding": "identity"}
    failures = []
    for result in schema.get_all_operations():
        operation = result.ok()
        cases = st.one_of(
            operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
            operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
        )

        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=cases)
        def check(case):
            case.call_and_validate(headers={**(case.headers or {}), **plain}, checks=CHECKS)

        try:
            check()
            for path_parameters in known_path_parameters(operation):
                case = operation.Case(path_parameters=path_parameters)
                case.call_and_validate(headers=plain, checks=CHECKS)
        # Every failure is reported, not just the first (schemathesis groups its findings in a
        # BaseExceptionGroup).
        except (Exception, FailureGroup) as error:  # noqa: BLE001
            failures.append(f"{operation.label}: {describe(error)}")
    return failures


def describe(error: BaseException) -> str:
    """A failure in a few lines: each distinct finding's title and the request that found it."""
    if isinstance(error, FailureGroup):
        return "; ".join(f"{type(e).__name__}: {e}".split("\n")[0] for e in error.exceptions) + (
            f"\n{error}"
        )
    return str(error)


def known_path_parameters(operation) -> list[dict]:
    names = [p.name for p in operation.path_parameters]
    if len(names) != 1 or names[0] not in KNOWN_PATH_VALUES:
        return []
    return [{names[0]: value} for value in KNOWN_PATH_VALUES[names[0]]]


@pytest.fixture
def fuzzed_app(make_app):
    return make_app(CMS_WEBHOOK_SECRET="fuzz-secret", **ROOMY_LIMITS)


def test_guests_get_documented_answers_and_no_server_errors(fuzzed_app):
    failures = fuzz(fuzzed_app, {})
    assert not failures, "\n\n".join(failures)


def test_members_get_documented_answers_and_no_server_errors(fuzzed_app):
    _, headers = make_member(fuzzed_app, "free")
    failures = fuzz(fuzzed_app, headers)
    assert not failures, "\n\n".join(failures)
