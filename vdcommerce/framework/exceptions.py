"""Domain exceptions: one class per platform exception family.

Services raise these; they carry the untranslated message template, its parameters
(a dict for %named placeholders, a list for %1 positional ones) and an optional code.
The web API layer maps each family to its HTTP status (webapi/errors.py); nothing here
knows about HTTP.
"""
from __future__ import annotations

from typing import Any, Sequence

Parameters = dict[str, Any] | list[Any] | None


class LocalizedException(Exception):
    """A domain error whose message is shown to the client (400 family)."""

    #: keep the request's writes although the request fails (the sign-in failure counter)
    commit = False
    retry_after: int | None = None  # seconds a client should wait before sending it again (Retry-After)

    def __init__(self, message: str, parameters: Parameters = None, code: int = 0):
        super().__init__(message)
        self.message = message
        self.parameters = parameters
        self.code = code

    def rendered(self) -> str:
        """The message with its parameters substituted (for logs and bulk results)."""
        return render_message(self.message, self.parameters)

    def __str__(self) -> str:  # pragma: no cover - debugging aid
        return self.rendered()


class InputException(LocalizedException):
    """Invalid input; may aggregate several errors (each itself a LocalizedException)."""

    def __init__(self, message: str = "One or more input exceptions have occurred.",
                 parameters: Parameters = None, code: int = 0,
                 errors: list[LocalizedException] | None = None):
        super().__init__(message, parameters, code)
        self.errors = errors or []

    @classmethod
    def required(cls, field: str) -> "InputException":
        return cls('"%fieldName" is required. Enter and try again.', {"fieldName": field})

    @classmethod
    def invalid_value(cls, field: str, value: Any) -> "InputException":
        return cls('Invalid value of "%value" provided for the %fieldName field.',
                   {"value": value, "fieldName": field})

    @classmethod
    def aggregate(cls, errors: Sequence[LocalizedException]) -> LocalizedException:
        """One error stands alone; two or more travel under the aggregate message."""
        if len(errors) == 1:
            return errors[0]
        return cls(errors=list(errors))


class NoSuchEntityException(LocalizedException):
    """A record was not found (404)."""

    def __init__(self, message: str = "No such entity.", parameters: Parameters = None, code: int = 0):
        super().__init__(message, parameters, code)

    @classmethod
    def single_field(cls, field: str, value: Any) -> "NoSuchEntityException":
        return cls("No such entity with %fieldName = %fieldValue", {"fieldName": field, "fieldValue": value})


class AuthenticationException(LocalizedException):
    """Wrong credentials, locked account (401)."""


class AuthorizationException(LocalizedException):
    """The caller may not do this (401)."""

    @classmethod
    def for_resources(cls, resources: list[str]) -> "AuthorizationException":
        return cls("The consumer isn't authorized to access %resources.", {"resources": ", ".join(resources)})


class StateException(LocalizedException):
    pass


class AlreadyExistsException(LocalizedException):
    pass


class CouldNotSaveException(LocalizedException):
    pass


class CouldNotDeleteException(LocalizedException):
    pass


class ValidatorException(LocalizedException):
    """Validation failed as a whole (400): its own ``message`` is the headline and every entry of
    ``errors`` is listed under it, a single one too (``{"message": "Delivery Date Validation Failed",
    "errors": [{"message": "..."}]}``); an aggregated ``InputException`` of one entry collapses instead."""

    def __init__(self, message: str, parameters: Parameters = None, code: int = 0,
                 errors: list[LocalizedException] | None = None):
        super().__init__(message, parameters, code)
        self.errors = errors or []


class TemporaryStateException(LocalizedException):
    """A failure worth retrying (lock wait, lost connection)."""


class TooManyRequestsException(LocalizedException):
    """More requests of a limited kind than one caller may send in a period (429).

    The request's writes are kept (``commit``): they are only the count that refused it.
    ``retry_after``: seconds until the period the caller is counted in ends."""

    commit = True

    def __init__(self, message: str = "Too Many Requests", parameters: Parameters = None, code: int = 0,
                 retry_after: int | None = None):
        super().__init__(message, parameters, code)
        self.retry_after = retry_after


def render_message(message: str, parameters: Parameters) -> str:
    """Substitute %name / %1 placeholders the way platform clients do."""
    if not parameters:
        return message
    if isinstance(parameters, dict):
        for key in sorted(parameters, key=len, reverse=True):
            message = message.replace("%" + key, _text(parameters[key]))
        return message
    for i in range(len(parameters), 0, -1):
        message = message.replace(f"%{i}", _text(parameters[i - 1]))
    return message


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
