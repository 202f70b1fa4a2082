"""The error envelope and the catalogue of error codes (docs/api.md).

Every failure leaves the BFF as ``{"error": {"code", "message", "fields"?}}`` with its HTTP
status: never HTML, never a stack trace.
"""

from __future__ import annotations

import logging

from flask import Flask, jsonify
from sqlalchemy.exc import InterfaceError, OperationalError
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)

# Codes and the texts people see, word for word as the client shows them (docs/api.md).
CATALOGUE: dict[str, str] = {
    # Generic HTTP outcomes
    "bad_request": "The request could not be understood.",
    "invalid_json": "The request body is not valid JSON.",
    "invalid_body": "The request body could not be read.",
    "validation_failed": "Some fields are invalid.",
    "unauthorized": "You need to log in to do that.",
    "forbidden": "Forbidden",
    "not_found": "We couldn't find what you were looking for.",
    "method_not_allowed": "This method is not allowed here.",
    "payload_too_large": "Data size limit is 10MB",
    "request_timeout": "The request took too long to arrive. Please try again.",
    "uri_too_long": "The address of the request is too long.",
    "headers_too_large": "The headers of the request are too large.",
    "unsupported_media_type": "This content type is not supported here.",
    "rate_limited": "Too many attempts. Please wait a moment and try again.",
    "server_error": "Something went wrong",
    "service_unavailable": "This service is unavailable at the moment. Please try again later.",
    "idempotency_key_reused": "This Idempotency-Key was already used for another request.",
    "idempotency_key_in_use": "A request with this Idempotency-Key is still running. Please try"
    " again in a moment.",
    "client_not_built": "The web client has not been built yet: run `make run` or `npm run build`.",
    # Content (the /cms gateway)
    "content_locked": "This content is for Pro members.",
    "invalid_sort": "This list cannot be sorted that way.",
    "cms_unavailable": "Content is unavailable at the moment. Please try again shortly.",
    "cms_error": "The content service refused the request.",
    # Accounts (docs/accounts.md)
    "user_doesnt_exist": "We can't find that email address",
    "user_cant_login": "Hey. You still need to confirm your email...",
    "user_username_or_password_missing": "Username or password missing",
    "user_username_exists": "This username is already taken.",
    "user_deactivated": "User deactivated",
    "user_wrong_password": "Password is incorrect. Please try again.",
    "user_passwords_dont_match": "Passwords don't match",
    "user_email_exists": "That email is already taken",
    "user_email_required": "This field is required.",
    "user_password_required": "This field is required.",
    "user_invalid_auth_code": "Invalid auth code",
    "user_invalid_token": "Invalid token",
    "user_refresh_token_expired": "Your session has expired. Login again.",
    "password_recovery_invalid_token": "Invalid token",
    "email_verification_invalid_token": "Invalid token",
    "user_username_profane": "Keep it clean, please",
    "user_username_contains_spaces": "Username can't contain white spaces.",
    "user_username_contains_special_characters": "Username can't contain special characters.",
    "input_valid_date": "Please input a valid date",
    "social_provider_unavailable": "The sign-in provider is unavailable. Please try again later.",
    "social_provider_not_configured": "Signing in with this provider is not available here.",
    "avatar_invalid": "The avatar must be a JPEG, PNG or WebP image.",
    # Newsletter (docs/learning-and-puzzles.md)
    "already_subscribed": "This email address is already used for subscription",
    # Billing
    "plan_not_found": "This subscription plan does not exist.",
    "already_pro": "You are already a Pro member",
    "checkout_incomplete": "This payment is not complete. Please try again.",
    "payment_mismatch": "This payment does not match the order. Please contact us.",
    "payment_provider_unavailable": "Payments are unavailable right now. Please try again later.",
    "invalid_webhook_signature": "The webhook signature is missing or wrong.",
    "invalid_final_url": "The return address must be a page of this site.",
    "already_purchased": "You already own this item.",
    "not_for_sale": "This item cannot be bought on its own.",
    "invalid_store_purchase": "This purchase could not be confirmed with the store.",
    "invalid_push_token": "The notification's token is missing or wrong.",
    "store_not_available": "Purchases in this store are not available here.",
    "store_purchase_taken": "This purchase belongs to another account. Sign in with that"
    " account, or contact us.",
    # Member content
    "invalid_progress_id": "This subchapter does not exist.",
    # Puzzles (docs/learning-and-puzzles.md, puzzles)
    "puzzle_allowance_spent": "You have played your free puzzles for today. Go Pro for"
    " unlimited puzzles, or come back tomorrow.",
    "puzzle_not_served": "Open this puzzle from the puzzles page first.",
    "puzzles_waiting": "Play the puzzles you were given first: five are waiting for you.",
    "puzzle_attempt_conflict": "This attempt was already sent for another puzzle.",
    "puzzle_attempt_in_future": "This attempt is dated in the future: check the device's clock.",
    "puzzle_attempt_too_old": "This attempt was played too long ago to be counted.",
    "puzzle_run_allowance_spent": "You have played your free run for today. Go Pro for"
    " unlimited runs, or come back tomorrow.",
    "puzzle_run_not_served": "This puzzle is not one of this run's.",
    "puzzle_run_out_of_order": "Answer the run's puzzles in the order they come.",
    "puzzle_run_over": "This run is over.",
    "puzzle_run_answer_conflict": "This answer was already sent with other moves.",
    # Reminders (docs/apps.md, reminders)
    "device_not_found": "This device is not registered for reminders.",
}

# How long a caller should wait before trying again when a service we depend on is away.
RETRY_AFTER_SECONDS = 5

# The code an HTTP status gets when nothing more specific was said.
STATUS_CODES: dict[int, str] = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    408: "request_timeout",
    413: "payload_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    422: "validation_failed",
    429: "rate_limited",
    431: "headers_too_large",
    500: "server_error",
    503: "service_unavailable",
}


def code_for_status(status: int) -> str:
    """The catalogue code of a failure that has nothing more to say than its HTTP status."""
    return STATUS_CODES.get(status, "bad_request" if status < 500 else "server_error")


class ApiError(Exception):
    """A failure with a catalogue code, raised by services and routes alike."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str | None = None,
        fields: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        **extra: object,
    ):
        super().__init__(code)
        self.status = status
        self.code = code
        self.message = (
            message or CATALOGUE.get(code) or CATALOGUE[STATUS_CODES.get(status, "server_error")]
        )
        self.fields = fields or {}
        self.headers = headers or {}
        self.extra = extra

    def to_body(self) -> dict:
        error: dict = {"code": self.code, "message": self.message, **self.extra}
        if self.fields:
            error["fields"] = self.fields
        return {"error": error}


def from_http_exception(exc: HTTPException) -> ApiError:
    """Translate werkzeug's and webargs' exceptions into the envelope."""
    status = exc.code or 500
    data = getattr(exc, "data", None) or {}
    messages = data.get("messages") or data.get("errors")
    if messages:
        fields = _flatten_field_messages(messages)
        if set(fields) == {"json"} and fields["json"] == "Invalid JSON body.":
            return ApiError(400, "invalid_json")
        return ApiError(400, "validation_failed", fields=fields)
    return ApiError(status, code_for_status(status))


def _flatten_field_messages(messages: dict) -> dict[str, str]:
    """webargs reports ``{location: {field: [messages]}}``; people need one message a field."""
    fields: dict[str, str] = {}
    for location, errors in messages.items():
        if isinstance(errors, dict):
            for name, problem in errors.items():
                fields[str(name)] = _first_message(problem)
        else:
            fields[str(location)] = _first_message(errors)
    return fields


def _first_message(problem: object) -> str:
    while isinstance(problem, list | tuple) and problem:
        problem = problem[0]
    if isinstance(problem, dict):
        return _first_message(next(iter(problem.values()), ""))
    return str(problem)


def retry_later() -> dict[str, str]:
    return {"Retry-After": str(RETRY_AFTER_SECONDS)}


def error_response(error: ApiError):
    response = jsonify(error.to_body())
    response.status_code = error.status
    response.headers.update(error.headers)
    return response


def register_error_handlers(app: Flask) -> None:
    """Every error, expected or not, leaves as the envelope."""

    @app.errorhandler(ApiError)
    def _api_error(error: ApiError):
        return error_response(error)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        response = error_response(from_http_exception(exc))
        if exc.code == 405 and hasattr(exc, "valid_methods") and exc.valid_methods:
            response.headers["Allow"] = ", ".join(exc.valid_methods)
        return response

    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    def _database_unavailable(exc: OperationalError | InterfaceError):
        # A lost connection, a restarting database, a lock held too long: the transaction was
        # not committed, so the caller may try again (Stripe redelivers a webhook on any answer
        # but 2xx).
        log.warning("Database unavailable: %s", exc.orig)
        return error_response(ApiError(503, "service_unavailable", headers=retry_later()))

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        log.exception("Unhandled error")
        return error_response(ApiError(500, "server_error"))
