"""The legacy board-note format (boards-and-bridge.md §1): the seed's note, losslessly."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from betel_tutor.cards import parse_cards
from betel_tutor.profiles import BLUE_SUIT
from betel_tutor.scenario.legacy_note import (
    LegacyNote,
    example_tricks,
    format_note,
    mentioned_cards,
    note_to_yaml,
    parse_note,
)
from betel_tutor.scenario.source import load_yaml

SEED = Path(__file__).parent / "data" / "notes" / "blue_suit_532703080314295.txt"


def seed_note() -> LegacyNote:
    note, problems = parse_note(SEED.read_text(encoding="utf-8"), str(SEED))
    assert problems == [] and note is not None
    return note


def test_seed_note_reads() -> None:
    note = seed_note()
    assert (note.id, note.version, note.category) == ("532703080314295", 1, "before")
    assert set(note.texts) == {"en", "pl"}
    assert note.texts["en"].startswith("In this board the ♣s")
    assert note.texts["pl"].endswith(
        "Zawsze dokładamy do koloru pierwszej karty zagranej w danej lewie."
    )


def test_round_trips() -> None:
    note = seed_note()
    again, problems = parse_note(format_note(note))
    assert problems == [] and again == note
    node, problems = load_yaml(note_to_yaml(note), "note.yaml")
    assert problems == [] and node is not None
    imported = node.plain()[0]
    assert imported == {"id": note.id, "version": 1, "category": "before", **note.texts}


def test_eight_example_tricks_are_right() -> None:
    note = seed_note()
    for lang in ("en", "pl"):
        tricks = example_tricks(note.texts[lang], lang)
        assert len(tricks) == 8
        for trick in tricks:
            assert BLUE_SUIT.winner(list(trick.cards), trump="♠") == trick.winner
    first = example_tricks(note.texts["en"])[0]
    assert list(first.cards) == parse_cards("♠A ♣2 ♦2 ♥2") and first.winner == 1


def test_both_languages_mention_the_same_cards() -> None:
    note = seed_note()
    assert sorted(mentioned_cards(note.texts["en"])) == sorted(
        mentioned_cards(note.texts["pl"], "pl")
    )


texts = st.text(
    alphabet=st.sampled_from(list("abc ♠{A}<u>/\t-.\n")), min_size=1, max_size=80
).filter(lambda t: t.strip("\n").strip() != "" and not t.lstrip().startswith("#"))


@given(texts, texts)
def test_yaml_import_is_lossless(english: str, polish: str) -> None:
    english, polish = english.strip("\n"), polish.strip("\n")
    note = LegacyNote("7", 3, "after", {"en": english, "pl": polish})
    node, problems = load_yaml(note_to_yaml(note), "n.yaml")
    assert problems == [] and node is not None
    assert node.plain()[0]["en"] == english and node.plain()[0]["pl"] == polish
