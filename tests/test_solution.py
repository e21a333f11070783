"""The commented solution: the best line for the learner's side, legal and reaching the solver's
result, every trick with a technique of the vocabulary; each technique found in a small position
built for it, with the solver's comparison that proves it; and ``solution`` after a deal, in the
line tutor, as a JSON event and in Polish."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from betel_tutor import i18n
from betel_tutor.cards import Card, parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.play import BETEL, PlayState, play_card, start_play
from betel_tutor.render import tables
from betel_tutor.render.played import PlayedDeal, play_deal
from betel_tutor.render.viewmodel import analyse, deal_view, start_of
from betel_tutor.scenario.model import PlayStep, WatchStep
from betel_tutor.seats import Seat
from betel_tutor.solver.api import kind_of, solve
from betel_tutor.solver.commentary import TECHNIQUES, CommentedTrick, solution
from betel_tutor.solver.line import aim_of, best_line, board_for, values
from betel_tutor.tutor.events import DealEnd, Event, Prompt, Solution, lines
from betel_tutor.tutor.session import Session
from tests.in_process import run_cli
from tests.learner import first_deal_step, lesson_lines, shipped_lesson
from tests.screen_driver import enter, expects, new_app, panel_text, type_line, until
from tests.test_lesson_deals import at_step, play_out
from tests.test_tutor import environment, quit_cleanly, spawn


def deal(hands: tuple[str, str, str], contract: str) -> PlayState:
    return start_play(BETEL, [parse_cards(h) for h in hands], parse_contract(contract), declarer=0)


def before(state: PlayState, trick: CommentedTrick, seat: int) -> PlayState:
    """The position in ``trick`` where ``seat`` is about to play."""
    for played_by, card in trick.cards:
        if played_by == seat:
            return state
        state = play_card(state, card)
    raise AssertionError(seat)


def replay_to(state: PlayState, tricks: tuple[CommentedTrick, ...], number: int) -> PlayState:
    for trick in tricks:
        if trick.number == number:
            return state
        for _seat, card in trick.cards:
            state = play_card(state, card)
    raise AssertionError(number)


def c(text: str) -> Card:
    return parse_cards(text)[0]


# (hands S W N, contract with South declarer, learner, trick, technique, seat, card)
POSITIONS = [
    (("♠K ♦9 ♣8", "♠10 ♥J ♣10", "♥98 ♦A"), "1NT", 1, 1, "discard", 2, "♥8"),
    (("♠K ♦9 ♣8", "♠10 ♥J ♣10", "♥98 ♦A"), "1NT", 1, 2, "cash", 2, "♦A"),
    (("♠AJ ♣J", "♠KQ ♥8", "♠9 ♥9 ♣10"), "2♠", 1, 2, "ruff", 1, "♠K"),
    (("♠J ♥J ♣97", "♠98 ♦Q ♣A", "♠7 ♥A7 ♣J"), "2♠", 0, 3, "overruff", 0, "♠J"),
    (("♥AK ♠10", "♥10 ♦A ♣K", "♠K ♦J7"), "2♠", 0, 1, "set_up", 0, "♥A"),
    (("♥A ♣10 7", "♠Q ♦K ♣9", "♥10 ♦A ♣J"), "Betel", 0, 1, "must_win", 0, "♥A"),
    (("♥10 8 ♦K ♣8", "♠10 ♥9 ♦9 ♣9", "♠9 ♥Q ♣Q7"), "Betel", 1, 1, "duck", 2, "♣7"),
    (("♠J ♥Q10 ♣8", "♥KJ ♦7 ♣9", "♥9 ♦A ♣J7"), "B2", 0, 3, "unblock", 0, "♥Q"),
    (("♠J ♥10 ♦8 ♣J", "♠10 ♣AQ9", "♥K8 ♦Q ♣7"), "Betel", 1, 2, "throw_in", 1, "♣9"),
    (("♠9 ♥9 ♦8", "♦K ♣K10", "♠AQ ♦7"), "Betel", 0, 1, "safe", 0, "♦8"),
    (("♠AJ ♣J", "♠KQ ♥8", "♠9 ♥9 ♣10"), "2♠", 1, 1, "forced", 1, "♠Q"),
]


@pytest.mark.parametrize(
    ("hands", "contract", "learner", "number", "key", "seat", "card"), POSITIONS
)
def test_technique_found_in_its_position(
    hands: tuple[str, str, str],
    contract: str,
    learner: int,
    number: int,
    key: str,
    seat: int,
    card: str,
) -> None:
    state = deal(hands, contract)
    found = solution(state, Seat(learner))
    trick = next(t for t in found.tricks if t.number == number)
    assert (trick.reason.technique, int(trick.reason.seat), trick.reason.card) == (
        key,
        seat,
        c(card),
    )
    # the solver's comparison behind it: the card kept best play's result, and for the
    # techniques of a choice some other legal card of that seat would have cost
    aim = aim_of(state, Seat(learner))
    at = before(replay_to(state, found.tricks, number), trick, seat)
    found_values = values(at, aim, board_for(at, aim))
    assert found_values[c(card)] == found.result
    others = [v for k, v in found_values.items() if k != c(card)]
    if key in ("discard", "duck", "unblock", "must_win", "throw_in"):
        assert any(v != found.result for v in others), found_values
    better = [v for v in others if (v > found.result) == aim.wants_more and v != found.result]
    assert better == [], found_values  # no card of that seat does better: best play
    if key == "safe":  # the costliest other card is named, with what it costs
        other = trick.reason.other
        assert other is not None and other != c(card)
        worst = max(abs(v - found.result) for v in others)
        assert abs(found_values[other] - found.result) == trick.reason.cost == worst > 0
    if key == "forced":  # every legal card does as well
        assert all(v == found.result for v in others), found_values


def led_by(hands: tuple[str, str, str], leader: int) -> PlayState:
    """A notrump ending, South the declarer, ``leader`` to lead."""
    cards = [parse_cards(h) for h in hands]
    return start_play(BETEL, cards, parse_contract("1NT"), declarer=0, leader=Seat(leader))


def tagged(found_tricks: tuple[CommentedTrick, ...], key: str) -> list[int]:
    return [trick.number for trick in found_tricks if trick.reason.technique == key]


# A simple squeeze on the declarer, the defenders' side the learner's: North leads ♥8, won by
# West's ♥K; South, with no heart, guards spades (♠A against West's ♠K) and clubs (♣KQ against
# North's ♣A10), and has no other card.
SQUEEZE = ("♠A ♣KQ", "♠K ♥K ♣9", "♥8 ♣A10")


def test_a_squeeze_is_found_and_every_discard_gives_up_a_guard() -> None:
    state = led_by(SQUEEZE, 2)
    found = solution(state, Seat(2))
    assert tagged(found.tricks, "squeeze") == [1]
    reason = found.tricks[0].reason
    assert (int(reason.seat), reason.card) == (2, c("♥8"))
    # The solver's proof: after each discard of South's, best play gives the defenders a trick
    # in the suit he let go, with a card that was not yet its master; and South ends with none.
    aim = aim_of(state, Seat(2))
    board = board_for(state, aim)
    victim = play_card(state, c("♥8"))
    assert victim.to_play == 0 and set(values(victim, aim, board).values()) == {found.result}
    for discard, suit, winner in (("♠A", "♠", "♠K"), ("♣Q", "♣", "♣10"), ("♣K", "♣", "♣10")):
        end = play_card(victim, c(discard))
        for move in best_line(end, aim, board):
            end = play_card(end, move.card)
        taken = [
            trick.cards[(trick.winner - trick.leader) % 3]
            for trick in end.tricks[1:]
            if trick.winner != 0
        ]
        assert c(winner) in taken and c(winner).suit.symbol == suit, (discard, taken)
    assert found.result == 0


@pytest.mark.parametrize(
    ("hands", "squeezed", "why"),
    [
        # a discard with no threat: West holds no spade to promote, South's ♠A is no guard
        (("♠A ♣KQ", "♥K ♥9 ♣9", "♥8 ♣A10"), [], "no threat"),
        # a safe discard: South throws ♦J at trick 1, a card nobody can win a trick against;
        # only West's ♥K at trick 2 squeezes him
        (("♠A ♣KQ ♦J", "♠K ♥K ♣9 ♥9", "♥8 ♣A10 ♥7"), [2], "idle card"),
        # a spare guard: ♣J at trick 1 leaves ♣KQ guarding; the squeeze is trick 2
        (("♠A ♣KQJ", "♠K ♥K ♣9 ♥9", "♥8 ♣A10 ♥7"), [2], "spare guard"),
    ],
)
def test_near_misses_of_a_squeeze_are_not_tagged(
    hands: tuple[str, str, str], squeezed: list[int], why: str
) -> None:
    state = led_by(hands, 2)
    found = solution(state, Seat(2))
    assert tagged(found.tricks, "squeeze") == squeezed, why
    first = found.tricks[0]
    assert first.reason.technique != "squeeze"
    # South's discard at trick 1 costs nothing: every card of his there does the same.
    at = before(state, first, 0)
    aim = aim_of(state, Seat(2))
    assert set(values(at, aim, board_for(at, aim)).values()) == {found.result}


# A hold-up: North leads ♥9 from ♥98 and holds ♦A, West the long hearts with no way in. South
# must beat the ♥9 (rule 7) but may do it with ♥10, keeping ♥A: after West's ♥J and ♥K, North
# has no heart left to lead when ♦A gives him the lead. Taking ♥A at once lets North lead his
# second heart to West. Beside it the same play where West holds ♦A: West can lead his own
# hearts, so ♥A at once does as well, and the ♥10 is no hold-up.
HOLD_UP = ("♥A10 ♦KQJ10", "♥KQJ7 ♦7 ♣7", "♥98 ♦A98 ♣8")
NO_HOLD_UP = ("♥A10 ♦KQJ10", "♥KQJ7 ♦A ♣7", "♥98 ♦987 ♣8")


@pytest.mark.parametrize(("hands", "only_way"), [(HOLD_UP, True), (NO_HOLD_UP, False)])
def test_a_hold_up_is_found_where_it_is_the_only_way(
    hands: tuple[str, str, str], only_way: bool
) -> None:
    state = led_by(hands, 2)
    found = solution(state, Seat(0))
    first = found.tricks[0]
    assert [card for _, card in first.cards[:2]] == [c("♥9"), c("♥10")]
    aim = aim_of(state, Seat(0))
    at = before(state, first, 0)
    worth = values(at, aim, board_for(at, aim))
    assert worth[c("♥10")] == found.result
    assert (worth[c("♥A")] < found.result) is only_way, worth
    technique = (first.reason.technique, int(first.reason.seat), first.reason.card)
    if only_way:
        assert technique == ("hold_up", 0, c("♥10"))
    else:
        assert first.reason.technique not in ("hold_up", "duck")


def test_every_technique_is_worded_in_both_languages() -> None:
    for lang in i18n.LANGUAGES:
        for key in TECHNIQUES:
            text = i18n.translate(
                f"tutor.technique_{key}", lang, seat="S", card="♠A", other="♥7", n=2
            )
            assert "♠A" in text and "S" in text
            assert ("♥7" in text and "2" in text) == (key == "safe")


@pytest.mark.parametrize("contract", ["2♠", "1NT", "B2", "Betel"])
@pytest.mark.parametrize("learner", [0, 1])
def test_the_line_is_legal_and_best_on_a_full_deal(contract: str, learner: int) -> None:
    hands = ("♠AK7 ♥AQ9 ♦K8 ♣J10", "♠QJ9 ♥K87 ♦AJ ♣97", "♠108 ♥J10 ♦Q109 ♣AKQ")
    state = deal(hands, contract)
    found = solution(state, Seat(learner))
    kind = parse_contract(contract).kind
    best = solve(state.hands, trump=state.trump, declarer=0, contract_kind=kind)
    assert found.result == best
    for trick in found.tricks:
        assert trick.reason.technique in TECHNIQUES
        for seat, card in trick.cards:
            assert state.to_play == seat
            state = play_card(state, card)  # raises on an illegal card
        assert state.leader == trick.winner
    assert state.tricks_taken()[0] == best


def finished_deal(level: int, lang: str = "en") -> tuple[Session, DealEnd]:
    session = at_step(level, first_deal_step(level) - 1, lang)
    seen = play_out(session, session.start(level))
    end = next(e for e in seen if isinstance(e, DealEnd))
    return session, end


def deals_of(level: int) -> list[int]:
    """The places of a shipped level's deals to play (its play steps)."""
    return [i for i, step in enumerate(shipped_lesson(level).steps) if isinstance(step, PlayStep)]


def played_through(level: int, step: int) -> tuple[Session, list[Event]]:
    """A session at ``step`` of ``level``, its deal played with the first legal card and
    every call passed, an optional round accepted, no bid for the first exchange and every
    offer of trade declined."""
    session = at_step(level, step)
    events = session.start(level)
    seen = list(events)
    while not any(isinstance(event, DealEnd) for event in events):
        prompt = events[-1]
        assert isinstance(prompt, Prompt), prompt
        answer = {"round": "yes", "bid": "0", "offer": "no"}.get(prompt.expects)
        events = session.handle(answer or (prompt.choices or ("",))[0])
        seen.extend(events)
    return session, seen


@pytest.mark.parametrize("level", range(1, 10))
def test_every_shipped_deal_has_a_legal_best_commented_solution(level: int) -> None:
    for step in deals_of(level):
        session, seen = played_through(level, step)
        end = next(e for e in seen if isinstance(e, DealEnd))
        shown = next(e for e in session.handle("solution") if isinstance(e, Solution))
        data = shown.to_json()
        assert data["event"] == "solution" and data["deal"] == end.deal
        table = session.ctx.last_table
        assert table is not None and table.play is not None
        state = table.play.history[0]  # the first card's position, trade's swaps made
        names = table.names
        for trick in data["tricks"]:
            assert trick["reason"]["technique"] in TECHNIQUES
            assert trick["reason"]["text"] in shown.text
            for seat, card in trick["cards"]:
                assert names[state.to_play].letter == seat
                state = play_card(state, c(card))  # raises on an illegal card
            assert names[state.leader].letter == trick["winner"]
        assert len(data["tricks"]) == 10
        # the line reaches best play's result for the learner's side
        assert data["result"] == end.best_tricks
        counted = next(s for s in range(3) if names[s].letter == data["counted"])
        assert state.tricks_taken()[counted] == data["result"]


def test_solution_in_polish() -> None:
    session, _end = finished_deal(5, "pl")
    said = "\n".join(lines(session.handle("rozwiązanie")))
    assert said.startswith("Rozwiązanie, najlepsza gra wszystkich:")
    assert "lewę bierze" in said
    assert "wins" not in said and "No choice that matters" not in said and "Safe card" not in said


def test_solution_before_any_deal_is_refused() -> None:
    session = at_step(5, 0)
    session.start(5)
    events = session.handle("solution")
    assert any(getattr(e, "reason", "") == "nothing_to_solve" for e in events)


@pytest.mark.parametrize(
    ("lang", "word", "heading", "trick_end"),
    [
        ("en", "solution", "Solution, best play by everyone:", "wins."),
        ("pl", "rozwiązanie", "Rozwiązanie, najlepsza gra wszystkich:", "lewę bierze"),
    ],
)
def test_solution_in_a_terminal(
    tmp_path: Path, lang: str, word: str, heading: str, trick_end: str
) -> None:
    child = spawn(tmp_path, "--level", "1", "--lang", lang)
    for answer in lesson_lines(1):  # Enter at each text, the right answer at each quiz
        child.expect("Press Enter|Your answer|Naciśnij Enter|Twoja odpowiedź")
        child.sendline(answer)
    for _ in range(10):  # the first legal card, ten times
        child.expect(r"\? |: ")
        child.sendline("1")
    child.sendline(word)
    child.expect(heading)
    child.expect(r"10\. [^\r\n]*" + trick_end)
    quit_cleanly(child)


def test_solution_on_the_full_screen() -> None:
    async def play() -> None:
        app = new_app("pl", level=1)
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, app, "card")
            for _ in range(60):  # the cursor's card until the deal is over
                if expects(app) != "card":
                    break
                await enter(pilot, app)
            await type_line(pilot, app, "rozwiązanie")
            told = " ".join(panel_text(app).split())  # as read, whatever the panel's wrapping
            assert "Rozwiązanie, najlepsza gra wszystkich:" in told
            assert "lewę bierze" in told

    asyncio.run(play())


def worked_example() -> PlayedDeal:
    """Level 9's worked example: the deal its watch step shows, played as scripted."""
    lesson = shipped_lesson(9)
    watched = next(step.deal for step in lesson.steps if isinstance(step, WatchStep))
    return play_deal(next(spec for spec in lesson.deals if spec.id == watched))


def test_level_nine_worked_example_has_its_commented_solution_checked() -> None:
    played = worked_example()
    analysis = analyse(played)
    assert analysis is not None and len(analysis.solution) == 10
    state = start_of(played)
    assert state is not None
    start = state
    for leader, cards, winner, (technique, seat, card, _other, _cost) in analysis.solution:
        assert state.leader == leader and technique in TECHNIQUES
        assert (seat, card) in cards
        for played_by, shown in cards:
            assert state.to_play == played_by
            state = play_card(state, c(shown))
        assert state.leader == winner
    kind, declarer = kind_of(start)
    best = solve(
        start.hands, trump=start.trump, declarer=declarer, leader=start.leader, contract_kind=kind
    )
    assert state.tricks_taken()[declarer] == best


@pytest.mark.parametrize(
    ("lang", "title", "word"), [("en", "Solution:", "Won by"), ("pl", "Rozwiązanie:", "Bierze")]
)
def test_the_answer_sheet_prints_the_solution(lang: str, title: str, word: str) -> None:
    played = worked_example()
    analysis = analyse(played)
    view = deal_view(shipped_lesson(9), played, lang=lang, sheet="answers", analysis=analysis)
    assert view.solution is not None and view.solution.title.startswith(title)
    assert word in view.solution.columns and len(view.solution.rows) == 10
    student = deal_view(shipped_lesson(9), played, lang=lang, sheet="student", analysis=analysis)
    assert student.solution is None


def test_a_cached_solution_reads_back(tmp_path: Path) -> None:
    analysis = analyse(worked_example())
    assert analysis is not None
    tables._write(tmp_path / "entry.json", analysis)
    assert tables._read(tmp_path / "entry.json") == analysis
    damaged = json.loads((tmp_path / "entry.json").read_text(encoding="utf-8"))
    damaged["solution"][0][3][0] = "magic"  # no technique of the vocabulary
    (tmp_path / "entry.json").write_text(json.dumps(damaged), encoding="utf-8")
    assert tables._read(tmp_path / "entry.json") is None


def test_learn_json_sends_the_solution_event(tmp_path: Path) -> None:
    lines = [*lesson_lines(1), *["1"] * 10, "solution", "quit"]
    ran = run_cli(
        "learn", "--json", "--level", "1", env=environment(tmp_path), input="\n".join(lines) + "\n"
    )
    assert ran.returncode == 0, ran.stderr
    events = [json.loads(line) for line in ran.stdout.splitlines()]
    end = next(event for event in events if event["event"] == "deal_end")
    shown = next(event for event in events if event["event"] == "solution")
    assert shown["deal"] == end["deal"] and len(shown["tricks"]) == 10
    first = shown["tricks"][0]
    assert set(first) == {"trick", "cards", "winner", "reason"}
    assert all(len(pair) == 2 for pair in first["cards"])
    assert set(first["reason"]) == {"technique", "text"}
    assert all(trick["reason"]["technique"] in TECHNIQUES for trick in shown["tricks"])
