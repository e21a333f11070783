"""Level 9 in the tutor: the first exchange bought from the bank, offers made and answered,
binding moves and trade points, through the real entry point in both languages."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pexpect

from betel_tutor.resources import data_dir
from betel_tutor.scenario import load
from betel_tutor.scenario.model import PlayStep
from betel_tutor.tutor.progress import LevelProgress, Progress, save
from tests.test_tutor import quit_cleanly, scripted, spawn

PROMPTS = [
    "Your bid for the first exchange",
    "Accept the offer",
    "Your call",
    "Your card",
    "Play it again|Again from trick",
    "Press Enter to go on",
]


def at_first_closed_deal(home: Path) -> None:
    """The learner's progress resumes level 9 at its first closed deal, which South deals (the
    open deal before it, which West deals, has its own bids and hands)."""
    lesson, _ = load(str(data_dir("scenarios") / "levels" / "level-09.yaml"))
    assert lesson is not None
    steps = lesson.steps
    first = next(i for i, s in enumerate(steps) if isinstance(s, PlayStep) and not s.open)
    save(home / "progress.json", Progress().with_level(9, LevelProgress(next_step=first)))


def play_out(child: pexpect.spawn, *, offer: str | None = None) -> str:
    """Answer every prompt until the deal is over: bids 0, declines offers, passes, plays the
    first legal card; ``offer`` is made once at the first card prompt. Returns the output."""
    seen = []
    offered = False
    while True:
        index = child.expect(PROMPTS, timeout=60)
        seen.append(child.before)
        if index == 0:
            child.sendline("0")
        elif index == 1:
            child.sendline("no")
        elif index == 2:
            child.sendline("pass")
        elif index == 3:
            if offer is not None and not offered:
                child.sendline(offer)
                offered = True
            else:
                child.sendline("1")
        elif index == 4:  # a deal offered again (goal missed, or from a costly card): not now
            child.sendline("no")
        else:
            return "".join(seen)


def blind_3nt(home: Path) -> pexpect.spawn:
    """Level 9 from its first closed deal: South buys the first exchange for 50 and calls a
    blind 3NT."""
    at_first_closed_deal(home)
    child = spawn(home, "--level", "9")
    child.expect("Your bid")
    child.sendline("50")
    child.expect("Your call")
    child.sendline("3NT")
    return child


def play_blind_3nt(child: pexpect.spawn, first_card: Callable[[pexpect.spawn], None]) -> str:
    """Answer every prompt until the blind 3NT is over (declines offers, passes, plays the first
    legal card, and not the deal again: a blind 3NT may be a costly call); at the first card
    prompt ``first_card`` acts instead. Returns the output."""
    seen = []
    acted = False
    while True:
        index = child.expect(PROMPTS, timeout=60)
        seen.append(child.before)
        if index == 1:
            child.sendline("no")
        elif index == 2:
            child.sendline("pass")
        elif index == 3 and not acted:
            first_card(child)
            acted = True
        elif index == 3:
            child.sendline("1")
        elif index == 4:
            child.sendline("no")
            break
        else:
            break
    assert acted, "the play never asked for South's card"
    return "".join(seen)


def trade_points(text: str) -> tuple[dict[str, int], int]:
    found = re.findall(r"Trade points: ([^;]*); the bank has received (-?\d+)", text)
    assert found, text
    entries, bank = found[-1]
    points = {name: int(value) for name, value in re.findall(r"(\w+) ([+-]\d+)", entries)}
    return points, int(bank)


def test_bids_for_the_first_exchange_and_refused_offers(tmp_path: Path) -> None:
    at_first_closed_deal(tmp_path)
    child = spawn(tmp_path, "--level", "9")
    child.expect("Your bid for the first exchange")
    child.sendline("60")
    child.expect(r"60 points: one offer is worth from 5 to 50 points \(rule 21\)")
    child.sendline("lots")
    child.expect("'lots' is not a bid")
    child.sendline("15")
    child.expect(r"South buys the first exchange for 15 \(paid to the bank\) and calls first")
    child.expect("Your call")
    child.sendline("offer W see hand 10")
    child.expect(r"Cards may be shown only from the first declaration on \(rule 17\)")
    child.sendline("offer W see hand 70")
    child.expect(r"70 points: one offer is worth from 5 to 50 points \(rule 21\)")
    child.sendline("offer S see hand 10")
    child.expect("'S' is not another player at the table")
    child.sendline("offer W steal ♠A")
    child.expect("Cannot read the offer")
    child.sendline("1♠")
    child.expect("West: ")
    child.expect("Your call")
    child.sendline("offer W see hand 10")  # West passed, or North's declaration stands
    child.expect(
        r"West has passed or doubled: no showing cards for the rest of the auction"
        r"|only with North, whose\s+declaration stands \(rule 17\)"
    )
    child.sendline("trade")
    child.expect(r"Trade points: South -15, West \+0, North \+0; the bank has received 15")
    quit_cleanly(child)


def test_a_whole_trading_deal_conserves_points(tmp_path: Path) -> None:
    at_first_closed_deal(tmp_path)
    child = spawn(tmp_path, "--level", "9")
    out = play_out(child, offer="undo")
    assert "With trade there is no undo: accepted offers are binding (rule 20)" in out
    assert "bids" in out and "Score: South" in out
    points, bank = trade_points(out)
    assert set(points) == {"South", "West", "North"}
    assert sum(points.values()) + bank == 0  # rule 19: between players, and to the bank
    # A replay starts from the hands as they were at that trick, swaps included, unscored.
    child.sendline("replay 5")
    child.expect(r"Replaying the last deal from trick 5 \(not scored\)")
    while child.expect(["Your card", "End of the replay"], timeout=60) == 0:
        child.sendline("1")
    quit_cleanly(child)


def test_an_offer_accepted_by_a_computer_player_shows_the_cards(tmp_path: Path) -> None:
    """South buys a look at a defender's hand during the play (rule 17 allows it between the
    declarer and a defender); the computer player accepts a fair price and shows them."""

    def see_west_hand(child: pexpect.spawn) -> None:
        child.sendline("offer W see hand 10")
        child.expect(r"South asks to see West's whole hand, paying 10 — West accepts\.")
        child.expect(r"West shows you: ([^\r\n]+)")
        assert re.findall(r"[♠♥♦♣]", child.match.group(1))

    child = blind_3nt(tmp_path)
    points, bank = trade_points(play_blind_3nt(child, see_west_hand))
    assert bank == 50 and sum(points.values()) + bank == 0
    quit_cleanly(child)


def test_polish_trade_commands(tmp_path: Path) -> None:
    at_first_closed_deal(tmp_path)
    lines = ["0", "oferta W zobacz ♠ 10", "handel", "koniec"]
    result = scripted(tmp_path, lines, "--level", "9", "--lang", "pl")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Bank sprzedaje pierwszą wymianę" in out
    assert "kupuje pierwszą wymianę" in out or "Nikt nie kupił" in out
    # The Polish offer was read; who may show cards when depends on the auction (§12.4).
    refusals = (
        "Karty można pokazywać dopiero od pierwszej deklaracji",
        "po własnym pasie albo kontrze",
        "tylko z graczem, którego deklaracja obowiązuje",
    )
    assert "(zasada 17)" in out and any(refusal in out for refusal in refusals), out
    assert "Punkty z handlu:" in out


def watched_example(lang: str) -> list[str]:
    """The lines the tutor shows at level 9's watch step (the worked example)."""
    from betel_tutor.scenario.model import WatchStep
    from betel_tutor.tutor.events import lines
    from betel_tutor.tutor.progress import Progress
    from betel_tutor.tutor.session import Session, prompt_of

    session = Session(Progress(), lang=lang)
    events = session.start(9)
    for _ in range(40):
        prompt = prompt_of(events)
        assert prompt is not None
        events = session.handle("yes" if prompt.expects == "answer" else "")
        place = session.ctx.place
        if place is not None and isinstance(place.step, WatchStep):
            return lines(events)
    raise AssertionError("no watch step in level 9")


def test_the_worked_example_is_told_with_its_trades_in_english() -> None:
    shown = watched_example("en")
    text = "\n".join(shown)
    assert "West buys the first exchange for 10 (paid to the bank) and calls first." in text
    order = [
        "West: [♠K>♣8]3♠",
        "West and South: South's next call is pass, paying 15 — South accepts.",
        "South: pass",
        "West offers South ♣9 for ♠A, paying 20 — South accepts.",
        "West plays ♠A",
        "South asks to see West's ♠ cards, paying 10 — West declines.",
        "West plays ♠K",
    ]
    positions = [shown.index(line) for line in order]
    assert positions == sorted(positions)
    assert "Score: South +15, West +65, North +0" in shown
    assert "Trade points: South +35, West -45, North +0." in shown


def test_the_worked_example_is_told_in_polish() -> None:
    text = "\n".join(watched_example("pl"))
    assert "kupuje pierwszą wymianę za 10" in text
    assert "Punkty z handlu: Południe +35, Zachód -45, Północ +0." in text


def test_wider_offers_at_the_tutor_prompt(tmp_path: Path) -> None:
    """Spec §12.5 at the ``offer`` command: a swap of two cards for one is refused with its
    rule; a general purchase ("I buy spades"), with no card nor price named, is answered by
    West, who makes it precise or declines."""

    def swap_then_buy(child: pexpect.spawn) -> None:
        child.sendline("offer W swap ♠A,♥A ♣K")
        child.expect(r"as many cards each way.*\(rule 18\)")
        child.expect(PROMPTS, timeout=60)
        child.sendline("offer W buy ♠")
        words = "South offers West a card that West names, for any card of ♠"
        child.expect(r"\s+".join(re.escape(w) for w in words.split()))
        child.expect(r"West (accepts|declines)")

    child = blind_3nt(tmp_path)
    points, bank = trade_points(play_blind_3nt(child, swap_then_buy))
    assert sum(points.values()) + bank == 0
    quit_cleanly(child)


def test_wider_offers_in_polish(tmp_path: Path) -> None:
    at_first_closed_deal(tmp_path)
    lines = ["0", "oferta W zamiana ♠A,♥A ♣K", "oferta W kup ♠", "koniec"]
    result = scripted(tmp_path, lines, "--level", "9", "--lang", "pl")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "tyle samo kart w każdą stronę" in out and "(zasada 18)" in out
