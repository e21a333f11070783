"""A ``--seed`` as the commands take it: text that can be saved and shown."""

from __future__ import annotations

from betel_tutor.errors import NotationError


def seed_text(value: str | None) -> str | None:
    """A seed if it is text. Bytes that are not UTF-8 (they reach ``sys.argv`` as lone
    surrogates) are refused, showing the bytes: such a seed could not be saved or shown."""
    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        try:
            shown = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:  # a surrogate that is not an escaped byte
            shown = value.encode("utf-8", "backslashreplace").decode("utf-8")
        raise NotationError("cli.seed_not_text", token=shown, position=0) from None
    return value
