"""The deals of the levels as a learner meets them: ``--seed`` deals of each level's own, level
2's status bar after trumps are named, level 3's further rounds of Betelek 2, 1 and 0, level
9's open deal before its closed ones and its worked example commented trick by trick, and the
deal sheet command a lesson names working outside the source tree."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from betel_tutor.cards import Suit
from betel_tutor.cli import app as cli
from betel_tutor.scenario.model import PlayStep, ReadStep, WatchStep
from betel_tutor.screen.app import TutorApp
from betel_tutor.screen.felt import status
from betel_tutor.tutor.context import Settings
from betel_tutor.tutor.events import CardPlayed, DealEnd, Event, LessonText, LevelEnd, Prompt
from betel_tutor.tutor.progress import LevelProgress, Progress
from betel_tutor.tutor.scene import Scene
from betel_tutor.tutor.session import Session
from tests.learner import first_deal_step, shipped_lesson
from tests.screen_driver import new_app, shown, type_line, until


def at_step(level: int, step: int, lang: str = "en", **settings: object) -> Session:
    """A session opened at ``step`` (from 0) of ``level``, asking for scenes."""
    progress = Progress().with_level(level, LevelProgress(next_step=step))
    return Session(progress, lang, settings=Settings(**settings), scenes=True)  # type: ignore[arg-type]


def last_scene(events: list[Event]) -> Scene:
    return [event for event in events if isinstance(event, Scene)][-1]


def prompt_of(events: list[Event]) -> Prompt:
    prompt = events[-1]
    assert isinstance(prompt, Prompt), prompt
    return prompt


def play_out(session: Session, events: list[Event]) -> list[Event]:
    """Play the first legal card (and pass at calls) until the deal ends: every event seen."""
    seen = list(events)
    while not any(isinstance(event, DealEnd) for event in events):
        prompt = prompt_of(events)
        assert prompt.expects in ("card", "call", "trump"), prompt
        events = session.handle((prompt.choices or ("",))[0])
        seen.extend(events)
    return seen


# -- --seed ----------------------------------------------------------------------------------


def south_hand(level: int, seed: str) -> tuple[str, ...]:
    """South's hand in the first deal of ``level`` dealt from ``seed``."""
    steps = shipped_lesson(level).steps
    first = next(i for i, step in enumerate(steps) if isinstance(step, PlayStep))
    session = at_step(level, first, seed=seed)
    session.start(level)
    table = session.ctx.table
    assert table is not None and table.dealt is not None
    return tuple(sorted(map(str, table.dealt.hands[0])))


def test_seed_deals_each_level_its_own_deals_and_the_same_every_time() -> None:
    levels = range(5, 10)  # their deals are named alike (d1, d2 …)
    hands = {level: south_hand(level, "77") for level in levels}
    assert len(set(hands.values())) == len(levels), hands
    assert south_hand(6, "77") == hands[6]  # a seed gives the same deals again
    assert south_hand(6, "78") != hands[6]


# -- level 2's status bar --------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "named"), [("en", "Trumps ♣"), ("pl", "Atu ♣")])
def test_level_2_status_bar_keeps_the_named_trumps_for_the_whole_deal(
    lang: str, named: str
) -> None:
    session = at_step(2, first_deal_step(2) - 1, lang)
    events = session.start(2)
    assert prompt_of(events).expects == "trump"  # South deals the first deal and names trumps
    events = play_out(session, session.handle("♣"))
    scenes = [event for event in events if isinstance(event, Scene) and event.tricks]
    assert len(scenes) >= 10  # a scene before each of the learner's cards at least
    for scene in scenes:
        assert scene.trumps is Suit.CLUBS
        bar = status(scene, lang, "").plain
        assert named in bar and ("no trumps" not in bar and "bez atu" not in bar), bar


def test_level_2_status_bar_on_the_full_screen() -> None:
    async def name_hearts() -> str:
        tutor: TutorApp = new_app(level=2)
        async with tutor.run_test(size=(120, 40)) as pilot:
            await until(pilot, tutor, "trump")
            await type_line(pilot, tutor, "♥")
            await until(pilot, tutor, "card")
            return shown(tutor, "#status")

    bar = asyncio.run(name_hearts())
    assert "Trumps ♥" in bar and "no trumps" not in bar, bar


@pytest.mark.parametrize("level", [1, 3, 4, 5, 8])
def test_the_status_shows_the_contract_played_in_every_kind_of_level(level: int) -> None:
    """The scenes of a deal's play (what the status bar shows) name the contract, declarer and
    trumps the deal ends with: free play in level 1, the betelek or Betel of levels 3–4, the
    contract the auction reached from level 5."""
    steps = shipped_lesson(level).steps
    first = next(i for i, step in enumerate(steps) if isinstance(step, PlayStep))
    session = at_step(level, first, seed="status")
    seen = play_out(session, session.start(level))
    (end,) = [event for event in seen if isinstance(event, DealEnd)]
    shown = {
        (scene.contract, scene.declarer, scene.trumps, scene.free)
        for scene in seen
        if isinstance(scene, Scene) and scene.tricks
    }
    assert end.contract is not None
    if str(end.contract) == "pass":
        assert shown == {(None, None, None, True)}
    else:
        assert shown == {(end.contract, end.declarer, end.contract.trump, False)}


# -- level 3's further rounds ----------------------------------------------------------------


def first_optional(level: int) -> int:
    steps = shipped_lesson(level).steps
    return next(i for i, s in enumerate(steps) if isinstance(s, PlayStep) and s.optional)


def test_level_3_has_its_further_rounds_after_the_betelek_3_round() -> None:
    lesson = shipped_lesson(3)
    plays = [s for s in lesson.steps if isinstance(s, PlayStep)]
    required, further = plays[:6], plays[6:]
    contracts = []
    for step in plays:
        deal = lesson.deal(step.deal)
        assert deal is not None and deal.contract is not None
        contracts.append((str(deal.contract), deal.declarer))
    assert not any(step.optional for step in required)
    assert all(step.optional for step in further)
    assert [c for c, _ in contracts] == ["B3"] * 6 + ["B2"] * 3 + ["B1"] * 3 + ["B0"] * 3
    for start in range(6, 15, 3):  # each round: every player declares once
        assert sorted(int(d) for _, d in contracts[start : start + 3]) == [0, 1, 2]  # type: ignore[arg-type]


def test_level_3_offers_each_further_round_and_passes_without_them() -> None:
    closed = {"d4": 2, "d5": 2, "d6": 2}  # the round of Betelek 3 met its goals
    progress = Progress().with_level(3, LevelProgress(next_step=first_optional(3), closed=closed))
    session = Session(progress, "en", scenes=True)
    events = session.start(3)
    assert prompt_of(events).expects == "round"
    assert any("further round: 3 deals of Betelek 2" in e.text for e in events)
    refused = session.handle("maybe")
    assert [e.kind for e in refused] == ["refused", "scene", "prompt"]  # asked again, no cost

    events = session.handle("yes")  # the round of Betelek 2: its first deal, South declaring
    scene = last_scene(events)
    assert (str(scene.contract), str(scene.declarer)) == ("B2", "S")
    ends: list[DealEnd] = []
    for _ in range(3):
        seen = play_out(session, events)
        ends.extend(e for e in seen if isinstance(e, DealEnd))
        events = seen[-1:] if isinstance(seen[-1], Prompt) else seen
        while prompt_of(events).expects in ("retry", "continue"):
            events = session.handle("no" if prompt_of(events).expects == "retry" else "")
            if prompt_of(events).expects == "round":
                break
    assert [(str(e.contract), e.closed) for e in ends] == [("B2", False)] * 3
    assert sorted(str(e.declarer) for e in ends) == ["N", "S", "W"]
    assert prompt_of(events).expects == "round"  # then Betelek 1 is offered
    assert any("3 deals of Betelek 1" in e.text for e in events)

    events = session.handle("no")
    assert any("3 deals of Betelek 0" in e.text for e in events)
    events = session.handle("nie")  # either language's no
    (end,) = [e for e in events if isinstance(e, LevelEnd)]
    assert end.done and end.stars == 6  # passed on the Betelek 3 round; B2 earned no stars
    assert session.progress.level(3).completed


def test_level_3_round_offer_in_polish() -> None:
    progress = Progress().with_level(3, LevelProgress(next_step=first_optional(3)))
    events = Session(progress, "pl").start(3)
    assert prompt_of(events).text == "Zagrać tę rundę? (tak albo nie): "
    assert any("dodatkową rundę: 3 rozdania, kontrakt Betelek 2" in e.text for e in events)


# -- level 9 ---------------------------------------------------------------------------------


def test_level_9_plays_an_open_deal_before_its_closed_ones() -> None:
    steps = shipped_lesson(9).steps
    plays = [s for s in steps if isinstance(s, PlayStep)]
    assert plays[0].open and not any(s.open for s in plays[1:]) and len(plays) == 4
    session = at_step(9, steps.index(plays[0]))
    scene = last_scene(session.start(9))
    assert scene.open and {str(seat) for seat in scene.hands} == {"S", "W", "N"}  # every hand
    assert all(len(cards) == 10 for cards in scene.hands.values())


@pytest.mark.parametrize(("lang", "first", "last"), [
    ("en", "West leads ♠A, the ace South sold him", "♠9 takes the last trick"),
    ("pl", "Zachód wychodzi ♠A, asem odkupionym od Południa", "♠9 bierze ostatnią lewę"),
])  # fmt: skip
def test_level_9_worked_example_is_commented_after_every_trick(
    lang: str, first: str, last: str
) -> None:
    steps = shipped_lesson(9).steps
    watch = next(i for i, s in enumerate(steps) if isinstance(s, WatchStep))
    events = at_step(9, watch, lang).start(9)
    cards = [i for i, e in enumerate(events) if isinstance(e, CardPlayed)]
    assert len(cards) == 30
    comments = [i for i, e in enumerate(events[cards[0] :], cards[0]) if isinstance(e, LessonText)]
    assert len(comments) == 10
    for trick, at in enumerate(comments):  # each right after the trick's third card
        assert at - 1 == cards[3 * trick + 2]
    assert events[comments[0]].text.startswith(first)
    assert events[comments[-1]].text.startswith(last)
    if lang == "pl":
        assert not re.search(r"[♠♥♦♣](Q|J)", " ".join(events[i].text for i in comments))


def test_the_deal_sheet_command_a_lesson_names_works_outside_the_source_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = " ".join(s.text.en for s in shipped_lesson(9).steps if isinstance(s, ReadStep))
    (command,) = re.findall(r"`betel-tutor (render [^`]+)`", said)
    monkeypatch.chdir(tmp_path)  # no scenarios/ folder here
    result = CliRunner().invoke(cli, [*command.split(), "--no-solver", "--lang", "en"])
    assert result.exit_code == 0, result.output
    sheet = (tmp_path / "sheets" / "level-09.html").read_text(encoding="utf-8")
    assert "Worked example" in sheet
    missing = CliRunner().invoke(cli, ["render", "level-11", "-o", "out", "--lang", "en"])
    assert missing.exit_code != 0 and "level-11" in missing.output  # not a shipped level
