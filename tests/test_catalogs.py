"""The PO catalogs: complete in both languages, plural forms right, compiled, and all used."""

from __future__ import annotations

import ast
import io
import re
import string
from functools import cache
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")

from babel import Locale  # noqa: E402
from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from betel_tutor import i18n  # noqa: E402

PACKAGE = Path(i18n.__file__).parents[1]
ROOT = PACKAGE.parent
FORMS = {"en": 2, "pl": 3}  # plural forms: English one/other; Polish one/few/many (CLDR)

# Keys the code builds from pieces, so that neither the key nor its name is written anywhere as
# one string. Each family is a pattern over keys, with where it is built.
DYNAMIC = {
    r"bots\.call_\w+_exchange": "bots/bidding.py, strong_bidding.py: reason + '_exchange'",
    r"contracts\.level_[1-5](_nt)?": "contracts.py: f'contracts.level_{level}' (+ '_nt')",
    r"contracts\.(one|many)_(spades|hearts|diamonds|clubs)": "contracts.py: f'…one_{suit}'",
    r"contracts\.bridge_level_[4-7](_nt)?": "contracts.py: f'contracts.bridge_level_{level}'",
    r"contracts\.gen_(spades|hearts|diamonds|clubs)": "contracts.py: f'contracts.gen_{suit}'",
    r"play\.\w+?(_many)?(_you)?": "rules.py: f'play.{reason}{_many}{_you}'",
    r"penalty\.\w+_you": "penalty.py: _refused(key) + '_you', spoken to the learner",
    r"explain\.option_(require|forbid|none)": "explain/penalty.py: f'explain.option_{kind}'",
    r"tutor\.penalty_why_\w+": "tutor/board_play.py: f'penalty_why_{law}' or the option's kind",
    r"solver\.laydown_(proved|refuted|open)": "solver/laydown.py: f'laydown_{result.verdict}'",
    r"trade\.(named_card|any_card)_any": "trade/notation.py: f'{key}_any'",
    r"summary\.\d+": "explain/summary.py: f'summary.{each}', the 21 points",
    r"trade\.call_(pass|kontra)": "trade/notation.py: f'trade.call_{call.kind}'",
    r"trade\.offer_\w+": "trade/notation.py: f'trade.offer_{what}', one per kind of offer",
    r"tutor\.answer_\w+": "scenario/quizzes.py: f'tutor.answer_{kind}', one per quiz kind",
    r"files\.os_\w+": "files.py: f'files.os_{name}', the system's reason by its errno name",
    r"tutor\.goal_(best_)?\w+": "tutor/dealing.py 'goal_' + goal; playing.py f'goal_best_{key}'",
    r"tutor\.hint_call_\w+": "tutor/bidding.py: f'tutor.hint_{key}' with a bot's reason",
    r"tutor\.bad_call(_exchange|_kontra|_plain)?(_blank)?": "tutor/bidding.py: call_prompt's key",
    r"tutor\.review_mistake_\w+": "tutor/dealend.py: f'review_mistake_{misere_}{side}'",
    r"tutor\.rule_\w+": "tutor/quiz.py: f'rule_{kind}', one per quiz kind",
    r"tutor\.stars_[1-3]": "tutor/dealend.py: f'stars_{table.stars}'",
    r"tutor\.technique_\w+": "solver/commentary.py wording: f'technique_{technique}' (+ '_misere')",
    r"tutor\.offer_(accepted|declined|lapsed)": "tutor/trading.py: f'offer_{outcome}'",
    r"tutor\.rest_(right|wrong|none)": "tutor/dealend.py, resting.py: f'rest_{outcome}'",
    r"tutor\.side_result_(declarer|own)": "tutor/playing.py: f'side_result_{whose}'",
    r"tutor\.your_prediction_\w+": "tutor/resting.py: f'your_prediction_{outcome}'",
    r"scenario\.answer_(true|false)": "scenario/quizzes.py: f'scenario.answer_{truth}'",
    r"tutor\.scene_goal_\w+": "tutor/scene.py: f'scene_goal_{whose}', f'scene_goal_{kind}'",
}


def po_path(lang: str) -> Path:
    return i18n.LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


@cache
def po(lang: str) -> Catalog:
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=i18n.DOMAIN)


def messages(lang: str) -> dict[str, Message]:
    return {str(m.context): m for m in po(lang) if m.id}


def forms(message: Message) -> list[str]:
    strings = message.string
    return list(strings) if isinstance(strings, (list, tuple)) else [str(strings or "")]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plural_forms_header_is_cldrs(lang: str) -> None:
    """The header chooses the forms Babel's own header from CLDR does (Babel versions write
    the same rule in different words), and agrees with CLDR's rule for every whole number:
    Polish 1 one; 2–4, 22–24, 102–104 few (not 12–14); the rest many."""
    ours = i18n._plural_rule(po(lang).plural_forms)
    babels = i18n._plural_rule(Catalog(locale=lang).plural_forms)
    assert ours[0] == babels[0]
    assert [ours[1](n) for n in range(1001)] == [babels[1](n) for n in range(1001)]
    rule = Locale.parse(lang).plural_form
    order = ["one", "few", "many"] if lang == "pl" else ["one", "other"]
    table = i18n.catalog(lang)
    assert table.nplurals == FORMS[lang]
    for n in range(0, 1001):
        assert order[table.plural(n)] == rule(n), n


def test_polish_plural_choices() -> None:
    def lewa(n: int) -> str:
        return i18n.translate_plural("common.tricks", n, "pl")

    assert [lewa(n) for n in (1, 2, 4, 5, 12, 14, 21, 22, 25, 0)] == [
        "1 lewa",
        "2 lewy",
        "4 lewy",
        "5 lew",
        "12 lew",
        "14 lew",
        "21 lew",
        "22 lewy",
        "25 lew",
        "0 lew",
    ]
    assert i18n.translate_plural("common.tricks", 1, "en") == "1 trick"
    assert i18n.translate_plural("common.tricks", 3, "en") == "3 tricks"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_compiled_catalogs_are_up_to_date(lang: str) -> None:
    """The .mo the program reads is the .po compiled: run
    ``pybabel compile -d betel_tutor/i18n/locale -D betel_tutor`` after editing a .po."""
    buffer = io.BytesIO()
    write_mo(buffer, po(lang), use_fuzzy=False)
    committed = i18n.read_mo(po_path(lang).with_suffix(".mo").read_bytes())
    compiled = i18n.read_mo(buffer.getvalue())
    assert committed[0] == compiled[0]  # every message, every form
    # The header too, but for the version of Babel that wrote it.
    assert {k: v for k, v in committed[1].items() if k != "generated-by"} == {
        k: v for k, v in compiled[1].items() if k != "generated-by"
    }


def test_every_message_in_both_languages() -> None:
    en, pl = messages("en"), messages("pl")
    assert sorted(set(en) - set(pl)) == []
    assert sorted(set(pl) - set(en)) == []
    for key, message in en.items():
        other = pl[key]
        assert message.id == other.id, f"{key}: the two files disagree on the English msgid"
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        assert forms(message) == english, f"{key}: the English msgstr must repeat the msgid"
        for lang, entry in (("en", message), ("pl", other)):
            assert "fuzzy" not in entry.flags, f"{lang} {key} is fuzzy"
            assert all(text.strip() for text in forms(entry)), f"{lang} {key} is untranslated"


def test_plural_messages_have_all_their_forms() -> None:
    for lang in i18n.LANGUAGES:
        for key, message in messages(lang).items():
            if message.pluralizable:
                assert len(forms(message)) == FORMS[lang], f"{lang} {key}"


def test_same_placeholders_everywhere() -> None:
    """Every form of a message has the English placeholders; only a form for exactly one thing
    may leave out the count {n} ("one trick", "jedną lewę")."""
    en, pl = messages("en"), messages("pl")
    for key, message in en.items():
        expected = set().union(*(fields(text) for text in forms(message)))
        if message.pluralizable:
            assert "n" in expected, f"{key}: a plural message counts with {{n}}"
        for lang, entry in (("en", message), ("pl", pl[key])):
            for index, text in enumerate(forms(entry)):
                got = fields(text)
                if entry.pluralizable and index == 0:
                    got |= {"n"}
                assert got == expected, f"{lang} {key} form {index}: {got} != {expected}"


# Estimates written with one decimal ("about 4.5 tricks"): English takes the plural and Polish
# the genitive singular ("około 4,5 lewy") for every such figure, so one form serves.
ESTIMATES = {
    "bots.call_kontra",
    "bots.call_pass",
    "bots.call_declare",
    "bots.call_declare_exchange",
    "bots.call_misere",
    "bots.call_misere_exchange",
    "tutor.hint_call_kontra",
    "tutor.hint_count_half",  # a count in halves: "7½ tricks", "7½ lewy"
    "bots.strong_best",
}


def test_no_count_outside_the_plural_machinery() -> None:
    """A placeholder followed by a counted noun is a plural message's {n}: "{n} tricks"."""
    nouns = r"(tricks|cards|deals|points|files|problems|stars|chips|tries|times|bytes)\b"
    pattern = re.compile(r"\{(\w+)\}(?: \w+)? " + nouns)
    for key, message in messages("en").items():
        for text in forms(message):
            for name, _ in pattern.findall(text):
                if name in (
                    "suit",
                    "led",
                    "trump",
                    "dealer",
                    "seat",
                    "who",
                    "player",
                    "players",
                    "seed",
                ):
                    continue  # "the {suit} cards", "{dealer} deals": not a number
                if name == "high":
                    continue  # "from {low} to {high} points": Polish "od 5 do 50 punktów" always
                if (key in ESTIMATES and name in ("tricks", "cost")) or name == "samples":
                    continue  # "of {samples} deals": SAMPLES, a constant 4 ("z 4 rozdań")
                assert message.pluralizable and name == "n", f"{key}: {text!r} counts {{{name}}}"


# -- every key used, no unknown key used ------------------------------------------------------


def _code_strings() -> tuple[set[str], set[str]]:
    """String constants of the package's code and templates; and the names given to ``t(…)``."""
    strings: set[str] = set()
    tutor_names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called == "t" and isinstance(node.args[0].value, str):
                    domain = "solver" if path.name == "laydown.py" else "tutor"
                    tutor_names.add(f"{domain}.{node.args[0].value}")
    for path in (ROOT / "templates").rglob("*"):
        if path.is_file():
            strings |= set(re.findall(r"[\"']([\w.]+)[\"']", path.read_text(encoding="utf-8")))
    return strings, tutor_names


def test_every_message_is_used() -> None:
    strings, named = _code_strings()
    dynamic = re.compile("|".join(f"(?:{family})" for family in DYNAMIC))
    unused = [
        key
        for key in messages("en")
        if key not in strings
        and key not in named
        and key.split(".", 1)[1] not in strings
        and not dynamic.fullmatch(key)
    ]
    assert unused == []


# Strings of the form domain.name that are not message keys: paths into a scenario file, named
# in its problems ("play.seat must be …").
NOT_KEYS = {"play.seat", "play.open", "play.optional", "trade.after", "trade.offer", "trade.answer"}


def test_no_unknown_key_is_used() -> None:
    strings, named = _code_strings()
    known = set(messages("en"))
    domains = {key.split(".")[0] for key in known}
    written = re.compile(rf"(?:{'|'.join(domains)})\.[a-z0-9_]+")
    unknown = sorted(
        text
        for text in strings | named
        if written.fullmatch(text)
        and text not in known | NOT_KEYS
        and not text.endswith("_")
        and not re.fullmatch(r"\w+\.(py|yaml|yml|txt|json|md|html|css|tcss)", text)
    )
    assert unknown == []
