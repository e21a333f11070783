"""English and Polish message catalogs.

The catalogs are gettext PO files, ``i18n/locale/<lang>/LC_MESSAGES/betel_tutor.po``, edited with
any PO editor and compiled with Babel into the ``.mo`` files beside them, which is what the program
reads (``docs/translating.md``). An entry's ``msgctxt`` is its key, ``<domain>.<name>``, which is
what the code names; its ``msgid`` is the English text and its ``msgstr`` the translation.

A plural message (``msgid_plural``, ``msgstr[0]``, ``msgstr[1]``, …) counts something; its count
is the parameter ``n``, and the file's ``Plural-Forms`` header (CLDR's rules, written by Babel)
chooses the form: Polish has three (1 lewa; 2–4, 22–24 lewy; 5–21, 25 lew), English two.

A catalog is read lazily, once per language, so commands pay only for what they use.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "pl")
DOMAIN = "betel_tutor"
LOCALE = Path(__file__).parent / "locale"


class MissingMessage(KeyError):
    """A key that is not in a catalog: a programming error, caught by the catalog tests."""


class Catalog:
    """One language's messages: key -> its forms (one, or one per plural form)."""

    __slots__ = ("messages", "nplurals", "plural")

    def __init__(
        self, messages: dict[str, tuple[str, ...]], plural: Callable[[int], int], nplurals: int
    ) -> None:
        self.messages = messages
        self.plural = plural
        self.nplurals = nplurals

    def __contains__(self, key: object) -> bool:
        return key in self.messages

    def __iter__(self) -> Any:
        return iter(self.messages)

    def __len__(self) -> int:
        return len(self.messages)


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def read_mo(data: bytes) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """The messages of a compiled catalog keyed by context (``msgctxt``), and its header.

    The standard ``gettext`` module looks messages up by their English text; here the code knows
    only the key, which is the context, so the few lines of the MO format are read directly.
    """
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _, count, originals, translations = struct.unpack(order + "4I", data[4:20])
    messages: dict[str, tuple[str, ...]] = {}
    header: dict[str, str] = {}
    for index in range(count):
        length, offset = struct.unpack(
            order + "2I", data[originals + 8 * index : originals + 8 * index + 8]
        )
        original = data[offset : offset + length].decode("utf-8")
        length, offset = struct.unpack(
            order + "2I", data[translations + 8 * index : translations + 8 * index + 8]
        )
        translated = data[offset : offset + length].decode("utf-8")
        if not original:
            for line in translated.splitlines():
                name, _, value = line.partition(":")
                header[name.strip().lower()] = value.strip()
            continue
        context, separator, _ = original.partition("\x04")
        if separator:
            messages[context] = tuple(translated.split("\x00"))
    return messages, header


def _plural_rule(header: str) -> tuple[int, Callable[[int], int]]:
    """``nplurals`` and the form-choosing function of a ``Plural-Forms`` header."""
    import gettext

    fields = dict(part.strip().split("=", 1) for part in header.split(";") if "=" in part)
    return int(fields["nplurals"]), gettext.c2py(fields["plural"])


@cache
def catalog(lang: str) -> Catalog:
    """All messages of one language, keyed ``domain.name``."""
    if lang not in LANGUAGES:
        raise MissingMessage(f"unknown language {lang!r}")
    messages, header = read_mo(mo_path(lang).read_bytes())
    nplurals, plural = _plural_rule(header["plural-forms"])
    return Catalog(messages, plural, nplurals)


def _choose(forms: tuple[str, ...], key: str, lang: str, params: dict[str, Any]) -> str:
    count = params.get("n")
    if isinstance(count, str) and count.lstrip("-").isdigit():
        count = int(count)  # a count carried as text (a computer player's reason's params)
    if not isinstance(count, int) or isinstance(count, bool):
        raise MissingMessage(f"{key!r} is a plural message: give its count as an integer n")
    table = catalog(lang)
    return forms[min(table.plural(abs(count)), len(forms) - 1)]


def translate(key: str, lang: str = "en", /, **params: Any) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in (``str.format`` syntax).

    A plural message takes its count from the parameter ``n``.
    """
    try:
        forms = catalog(lang).messages[key]
    except KeyError:
        raise MissingMessage(f"no message {key!r} in the {lang} catalog") from None
    template = forms[0] if len(forms) == 1 else _choose(forms, key, lang, params)
    return template.format(**params) if params else template


def decimal(value: float, lang: str = "en", /, places: int = 1) -> str:
    """``value`` with ``places`` decimals as ``lang`` writes numbers: a decimal comma in Polish.

    >>> decimal(7.06, "pl"), decimal(7.06, "en"), decimal(49.5425, "pl", places=2)
    ('7,1', '7.1', '49,54')
    """
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if lang == "pl" else text


def translate_plural(key: str, n: int, lang: str = "en", /, **params: Any) -> str:
    """The plural message ``key`` for the count ``n`` (also its ``{n}``)."""
    if len(catalog(lang).messages.get(key, ())) < 2:
        raise MissingMessage(f"{key!r} is not a plural message in the {lang} catalog")
    return translate(key, lang, n=n, **params)


def is_plural(key: str) -> bool:
    return len(catalog("en").messages.get(key, ())) > 1


class Plural:
    """A counted phrase to put inside another message (``"{points}"`` of ``Plural(key, 25)``).

    It words itself in any language, as cards and seats do, so an error or an explanation step
    can carry it and be worded later.
    """

    __slots__ = ("key", "n")

    def __init__(self, key: str, n: int) -> None:
        self.key = key
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plural) and (self.key, self.n) == (other.key, other.n)

    def __hash__(self) -> int:
        return hash((self.key, self.n))

    def __repr__(self) -> str:
        return f"Plural({self.key!r}, {self.n!r})"

    def localized(self, lang: str) -> str:
        return translate_plural(self.key, self.n, lang)

    def __str__(self) -> str:
        return self.localized("en")


def default_language() -> str:
    """Polish when the user's locale says so (LC_ALL, LC_MESSAGES, LANG), else English."""
    for variable in ("BETEL_TUTOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            return "pl" if value.lower().startswith("pl") else "en"
    return "en"
