"""Looking messages up; the catalogs themselves are tested in test_catalogs.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from betel_tutor import i18n


def test_every_key_used_in_code_exists() -> None:
    """Message keys written literally in the package must be in the catalogs."""
    known = set(i18n.catalog("en"))
    domains = {key.split(".")[0] for key in known}
    # A key is the first argument of a message-taking call, or its second after a position.
    pattern = re.compile(
        r"(?:translate|Error|Play|Call|problem|Problem)\(\s*(?:[\w.]+,\s*)?f?[\"']("
        + "|".join(map(re.escape, domains))
        + r")\.([a-z0-9_]+)[\"'{]"
    )
    missing = []
    for path in Path(i18n.__file__).parents[1].rglob("*.py"):
        for domain, name in pattern.findall(path.read_text(encoding="utf-8")):
            if f"{domain}.{name}" not in known and not name.endswith("_"):
                missing.append(f"{path.name}: {domain}.{name}")
    assert missing == []


def test_translate_and_missing() -> None:
    assert i18n.translate("seats.west", "pl") == "Zachód"
    with pytest.raises(i18n.MissingMessage):
        i18n.translate("seats.nowhere", "en")
    with pytest.raises(i18n.MissingMessage):
        i18n.catalog("de")


def test_plural_messages_take_their_count_from_n() -> None:
    assert i18n.translate("common.tricks", "pl", n=3) == "3 lewy"
    assert i18n.translate_plural("common.tricks", 5, "pl") == "5 lew"
    assert i18n.Plural("common.tricks", 1).localized("pl") == "1 lewa"
    assert str(i18n.Plural("common.tricks", 1)) == "1 trick"
    with pytest.raises(i18n.MissingMessage):
        i18n.translate("common.tricks", "en")
    with pytest.raises(i18n.MissingMessage):
        i18n.translate_plural("seats.west", 2, "en")


def test_default_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("BETEL_TUTOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    assert i18n.default_language() == "en"
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert i18n.default_language() == "pl"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert i18n.default_language() == "en"


@pytest.mark.parametrize(
    ("value", "lang", "places", "text"),
    [
        (7.06, "pl", 1, "7,1"),
        (7.06, "en", 1, "7.1"),
        (49.5425, "pl", 2, "49,54"),
        (6.0, "pl", 1, "6,0"),
        (12.0, "en", 0, "12"),
    ],
)
def test_decimal_comma_in_polish(value: float, lang: str, places: int, text: str) -> None:
    assert i18n.decimal(value, lang, places=places) == text


def test_estimates_in_reasons_use_the_learners_decimal_mark() -> None:
    """A computer player's count of tricks (a float) in a reason: "około 6,5" in Polish."""
    from betel_tutor.tutor.context import Context, Settings
    from betel_tutor.tutor.progress import Progress

    for lang, said in (("pl", "około 6,5"), ("en", "about 6.5")):
        ctx = Context(Progress(), lang, Settings(), None)
        params = {"call": "1♠", "tricks": 6.5, "needed": 6}
        assert said in ctx.reason("bots.call_declare", params)
