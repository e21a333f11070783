"""English and Polish message catalogs.

Catalogs are JSON files under ``i18n/<lang>/<domain>.json``; a key is ``<domain>.<name>``.
They are loaded lazily, once per language, so commands pay only for what they use.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "pl")
_HERE = Path(__file__).parent


class MissingMessage(KeyError):
    """A key that is not in a catalog: a programming error, caught by the catalog tests."""


@cache
def catalog(lang: str) -> dict[str, str]:
    """All messages of one language, keyed ``domain.name``."""
    if lang not in LANGUAGES:
        raise MissingMessage(f"unknown language {lang!r}")
    messages: dict[str, str] = {}
    for path in sorted((_HERE / lang).glob("*.json")):
        domain = path.stem
        with path.open(encoding="utf-8") as handle:
            data: dict[str, str] = json.load(handle)
        for name, text in data.items():
            messages[f"{domain}.{name}"] = text
    return messages


def translate(key: str, lang: str = "en", /, **params: Any) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in (``str.format`` syntax)."""
    try:
        template = catalog(lang)[key]
    except KeyError:
        raise MissingMessage(f"no message {key!r} in the {lang} catalog") from None
    return template.format(**params) if params else template


def decimal(value: float, lang: str = "en", /, places: int = 1) -> str:
    """``value`` with ``places`` decimals as ``lang`` writes numbers: a decimal comma in Polish.

    >>> decimal(7.06, "pl"), decimal(7.06, "en"), decimal(49.5425, "pl", places=2)
    ('7,1', '7.1', '49,54')
    """
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if lang == "pl" else text


def default_language() -> str:
    """Polish when the user's locale says so (LC_ALL, LC_MESSAGES, LANG), else English."""
    for variable in ("BETEL_TUTOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            return "pl" if value.lower().startswith("pl") else "en"
    return "en"
