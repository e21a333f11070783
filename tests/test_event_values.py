"""Tutor events carry values — seats, cards, calls, contracts — and each front end formats them:
the full-screen tutor in the learner's language, the JSON front end in the canonical notation
a learner types. The screen never reads a label back: what it offers, which cards are legal and
what it sends come from the values (a card parser called by screen code fails the test)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from betel_tutor import auction, cards, penalty
from betel_tutor.auction import Call
from betel_tutor.cards import Card, Suit
from betel_tutor.contracts import Contract
from betel_tutor.screen.picker import Picker
from betel_tutor.seats import Seat
from betel_tutor.tutor.events import CallMade, CardPlayed, Choice, DealEnd, Event, Prompt
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.scene import Scene
from betel_tutor.tutor.session import Session
from tests.learner import quiz_line
from tests.screen_driver import cursor_on, enter, expects, new_app, press_until, until


def _scenes(events: list[Event]) -> list[Scene]:
    return [event for event in events if isinstance(event, Scene)]


def _prompt(events: list[Event]) -> Prompt:
    prompt = events[-1]
    assert isinstance(prompt, Prompt), prompt
    return prompt


def _to(session: Session, events: list[Event], wanted: str) -> list[Event]:
    """Enter, the first choice or the quiz's answer, until the tutor asks for ``wanted``."""
    for _ in range(200):
        prompt = _prompt(events)
        if prompt.expects == wanted:
            return events
        if prompt.expects == "answer":
            events = session.handle(quiz_line(session.phase.step))  # type: ignore[attr-defined]
        else:
            events = session.handle((prompt.choices or ("",))[0])
    raise AssertionError(f"never asked for {wanted}")


def test_a_scene_at_a_card_holds_seats_and_cards_and_json_writes_their_notation() -> None:
    session = Session(Progress(), "pl", scenes=True)
    events = _to(session, session.start(1), "card")
    scene = _scenes(events)[-1]
    prompt = _prompt(events)
    assert scene.seats and all(isinstance(seat, Seat) for seat in scene.seats)
    assert isinstance(scene.learner, Seat) and isinstance(scene.to_move, Seat)
    own = scene.hands[scene.learner]
    assert len(own) == 10 and all(isinstance(card, Card) for card in own)
    assert list(own) == sorted(own)  # in display order
    assert all(isinstance(seat, Seat) for seat in (*scene.counts, *scene.tricks))
    assert prompt.choices and all(isinstance(card, Card) for card in prompt.choices)
    assert set(prompt.choices) <= set(own)
    # Polish is the screen's business; JSON keeps the notation a learner types.
    written = scene.to_json()
    assert written["learner"] == "S" and written["seats"] == ["S", "W", "N"]
    assert written["hands"]["S"] == [str(card) for card in own]
    assert _prompt(events).to_json()["choices"] == [str(card) for card in prompt.choices]

    played = session.handle(prompt.choices[0])  # the card itself
    said = [event for event in played if isinstance(event, CardPlayed)]
    assert said[0].seat == scene.learner and said[0].card is prompt.choices[0]
    assert all(isinstance(e.seat, Seat) and isinstance(e.card, Card) for e in said)
    after = _scenes(played)[-1]
    assert all(isinstance(s, Seat) and isinstance(c, Card) for s, c in after.trick)
    assert (scene.learner, prompt.choices[0]) in (*after.trick, *after.last_trick)


def test_an_auction_scene_holds_calls_and_the_deal_end_holds_the_contract() -> None:
    session = Session(Progress(), "en", scenes=True)
    events = _to(session, session.start(5), "call")
    scene = _scenes(events)[-1]
    assert isinstance(scene.dealer, Seat)
    assert all(isinstance(s, Seat) and isinstance(c, Call) for s, c in scene.auction)
    prompt = _prompt(events)
    assert prompt.choices and all(isinstance(call, Call) for call in prompt.choices)
    bid = next(call for call in prompt.choices if isinstance(call, Call) and call.contract)
    events = session.handle(bid)  # the call itself
    made = [e for e in events if isinstance(e, CallMade)]
    assert made[0].call == bid and made[0].seat == scene.learner
    assert made[0].to_json()["call"] == str(bid) and made[0].to_json()["seat"] == "S"
    ended: list[DealEnd] = []
    for _ in range(200):
        ended = [e for e in events if isinstance(e, DealEnd)]
        if ended:
            break
        events = session.handle((_prompt(events).choices or ("",))[0])
    (end,) = ended
    assert isinstance(end.contract, Contract) and isinstance(end.learner, Seat)
    assert all(isinstance(s, Seat) and isinstance(c, Card) for s, c in end.play)
    assert end.to_json()["contract"] == str(end.contract)
    assert end.to_json()["hands"]["S"] == [str(card) for card in end.hands[Seat.parse("S", 4)]]


# -- the screen reads no label ----------------------------------------------------------------

PARSERS: list[tuple[Any, str]] = [
    (cards, "parse_card"),
    (cards, "parse_cards"),
    (auction, "parse_call"),
    (penalty, "parse_option"),
]
PARSING_TYPES: list[type] = [Card, Call, Suit, Seat, Contract]


def _from_screen() -> bool:
    caller = sys._getframe(2).f_globals.get("__name__", "")
    return str(caller).startswith("betel_tutor.screen")


def _refusing(parse: Callable[..., Any]) -> Callable[..., Any]:
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if _from_screen():
            raise AssertionError(f"the screen parsed {args!r}")
        return parse(*args, **kwargs)

    return guarded


@pytest.fixture
def no_parsing_on_screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every card, call, suit, seat, contract and option parser fails when screen code calls
    it (directly, or through a name a screen module imported); the session may still parse
    what it is sent."""
    for module, name in PARSERS:
        original: Callable[..., Any] = getattr(module, name)
        monkeypatch.setattr(module, name, _refusing(original))
        for screen in [m for n, m in sys.modules.items() if n.startswith("betel_tutor.screen")]:
            if getattr(screen, name, None) is original:
                monkeypatch.setattr(screen, name, _refusing(original))
    for kind in PARSING_TYPES:
        original_parse = kind.__dict__["parse"].__func__
        monkeypatch.setattr(kind, "parse", classmethod(_refusing(original_parse)))
    yield


def test_the_trap_catches_a_parser_called_by_screen_code(no_parsing_on_screen: None) -> None:
    screen_code: dict[str, Any] = {"__name__": "betel_tutor.screen.example", "cards": cards}
    exec("def read(label):\n    return cards.parse_card(label)\n", screen_code)
    with pytest.raises(AssertionError, match="the screen parsed"):
        screen_code["read"]("♠A")
    assert cards.parse_card("♠A") is Card(Suit.SPADES, cards.Rank.ACE)  # elsewhere it reads


def test_a_deal_is_played_on_the_screen_without_parsing_a_label(
    no_parsing_on_screen: None,
) -> None:
    sent: list[Choice] = []

    async def play() -> int:
        app = new_app("pl", level=1)
        async with app.run_test(size=(100, 30)) as pilot:
            handle = app.session.handle

            def record(line: Choice) -> list[Event]:
                sent.append(line)
                return handle(line)

            app.session.handle = record  # type: ignore[method-assign]
            await until(pilot, app, "card")
            played = 0
            for _ in range(60):
                if expects(app) != "card":
                    break
                prompt = app.prompt
                assert prompt is not None and prompt.choices
                items = app.query_one("#picker", Picker).items
                # Legal exactly when the prompt offers the card, each labelled in Polish.
                assert {item.value for item in items if item.enabled} == set(prompt.choices)
                assert all(
                    isinstance(item.value, Card) and item.label == item.value.format(lang="pl")
                    for item in items
                )
                # The last legal card, by the keys: Left from the first goes round to it.
                last = max(i for i, item in enumerate(items) if item.enabled)
                picker = app.query_one("#picker", Picker)
                await press_until(pilot, app, "left", cursor_on(picker, last))
                await enter(pilot, app)
                played += 1
            return played

    played = asyncio.run(play())
    assert played == 10  # a whole deal of level 1
    cards_sent = [line for line in sent if isinstance(line, Card)]
    assert len(cards_sent) == played  # each chosen card sent as itself
