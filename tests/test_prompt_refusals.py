"""What the tutor cannot read at a card, trump or call prompt is refused in the words of the
level, and a blank line (Enter alone) is not quoted back as ''.

Through the session core, in English and Polish: at the first call prompt of levels 5 (neither
kontra nor the exchange), 7 (the exchange) and 8 (both), where kontra and the exchange are named
only where the level allows them (spec §9); at the first card prompt of level 1 and the trump
prompt of level 2."""

from __future__ import annotations

import re

import pytest

from betel_tutor.scenario.model import PlayStep
from betel_tutor.tutor.events import Prompt, Refused
from betel_tutor.tutor.progress import LevelProgress, Progress
from betel_tutor.tutor.session import Session
from tests.learner import shipped_lesson

NAMED = {"en": ("kontra", "exchange"), "pl": ("kontra", "wymian")}


def at_first(expects: str, level: int, lang: str) -> Session:
    """A session at the learner's first prompt for ``expects`` in ``level``'s deals."""
    for index, step in enumerate(shipped_lesson(level).steps):
        if not isinstance(step, PlayStep):
            continue
        session = Session(Progress().with_level(level, LevelProgress(next_step=index)), lang)
        events = session.start(level)
        for _ in range(4):  # Enter past the deal's opening lines, if it asks for it
            if session.expects == expects:
                return session
            prompt = [e for e in events if isinstance(e, Prompt)]
            assert prompt and prompt[-1].expects == "continue", (level, index, prompt)
            events = session.handle("")
    raise AssertionError(f"level {level} has no {expects} prompt")


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize(
    ("level", "kontra", "exchange"), [(5, False, False), (7, False, True), (8, True, True)]
)
def test_a_call_not_read_is_refused_in_the_levels_words(
    lang: str, level: int, kontra: bool, exchange: bool
) -> None:
    session = at_first("call", level, lang)
    said: dict[str, str] = {}
    for line in ("", "xyz"):
        refused = [e for e in session.handle(line) if isinstance(e, Refused)]
        assert len(refused) == 1 and session.expects == "call", (line, refused)
        said[line] = refused[0].text
    assert said[""].startswith({"en": "Nothing typed: ", "pl": "Nic nie wpisano: "}[lang])
    assert said["xyz"].startswith("'xyz'") and "''" not in said[""]
    for text in said.values():
        word_kontra, word_exchange = NAMED[lang]
        assert bool(re.search(rf"\b{word_kontra}\b", text)) == kontra, text
        assert (word_exchange in text) == exchange, text


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize(("expects", "level", "typed"), [("card", 1, "xyz"), ("trump", 2, "xyz")])
def test_enter_alone_at_a_card_or_trump_prompt_says_nothing_was_typed(
    lang: str, expects: str, level: int, typed: str
) -> None:
    session = at_first(expects, level, lang)
    blank = [e.text for e in session.handle("") if isinstance(e, Refused)]
    word = [e.text for e in session.handle(typed) if isinstance(e, Refused)]
    assert session.expects == expects
    assert len(blank) == 1 and blank[0].startswith(
        {"en": "Nothing typed: ", "pl": "Nic nie wpisano: "}[lang]
    )
    assert "''" not in blank[0]
    assert word and all(f"'{typed}'" in w for w in word), word  # a word is quoted back


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("typed", ["xyz", "♠1", "hello world"])
def test_a_word_at_the_card_prompt_says_what_to_type_not_how_notation_failed(
    lang: str, typed: str
) -> None:
    session = at_first("card", 1, lang)
    prompt = [e for e in session.handle("hint") if isinstance(e, Prompt)][-1]
    (refused,) = [e for e in session.handle(typed) if isinstance(e, Refused)]
    assert refused.reason.startswith("bad_") and session.expects == "card"
    assert refused.text.startswith(f"'{typed}'"), refused.text
    assert f"1 {dict(en='to', pl='do')[lang]} {len(prompt.choices or ())}" in refused.text
    assert ("pomoc" in refused.text) == (lang == "pl") and "position" not in refused.text
    assert "pozycji" not in refused.text and "notation" not in refused.text
