"""The laydown check ("karta wykładana"): can the declarer claim without seeing the other hands?

A laydown is a property of the ten cards (spec §12.6). Without a known dubel the other 22
cards may lie in every way: ten to each defender and two in the dubel, and there is no
exchange. With a dubel given the declarer sees it too, may exchange before the play, and the
twenty unseen cards may lie in any of 184,756 ways between the defenders. Either way the
defenders defend as well as if they saw everything.

**What is proved.** A declarer who cannot see the other hands must use one strategy for every
distribution: his card at each turn may depend on what has been played so far, never on the
unseen cards. The hand is a laydown when, after some exchange with the dubel chosen before the
play, one such strategy makes the contract in every distribution against every defence (§5:
the declarer leads to the first trick).

* **Proved by the fixed line**: lead every trump from the top, then the top cards of each side
  suit, highest first. A trump wins while every unseen trump still out is lower, and once the
  declarer's top trumps are at least as many as the unseen trumps no defender holds a trump
  after they have been led, so every later trump and top side card wins too; in no trump
  every top card wins. When that count reaches the contract nothing more is needed.
* **Proved by search**: otherwise :mod:`betel_tutor.solver.claim` searches every sequence of
  plays the declarer may see, with every inference the duties of §5 allow, for a strategy
  that makes the contract in all of them.
* **Refuted**: every exchange fails. When one distribution beats even a declarer who sees all
  the cards (the double-dummy value is short), it is shown: it beats every line. Otherwise
  every line fails in some distribution, a different one for different lines: the declarer
  would have to guess.
* **Open**: the search met more information sets than its budget allows before deciding
  (:data:`DEFAULT_BUDGET` over all the exchanges unless told otherwise).

The exchanges are tried most promising first (most sure tricks, or in the betelki the lowest
cards), and the search stops at the first that makes the contract.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Literal

from betel_tutor.cards import BETEL_DECK, Card, Suit, sort_cards
from betel_tutor.contracts import Contract
from betel_tutor.cores import usable_workers, worker_pool
from betel_tutor.errors import BetelError
from betel_tutor.solver.api import bit_card, make_board, mask_of
from betel_tutor.solver.board import bits
from betel_tutor.solver.claim import (
    ClaimSearch,
    OutOfBudget,
    World,
    lopsided,
    sampled,
    sure_leads,
)

Verdict = Literal["proved", "refuted", "open"]
# Information sets searched over all the exchanges before the answer is "open": a bound on
# the time and memory of any hand (at 10,000–50,000 a second, under a minute).
DEFAULT_BUDGET = 300_000
# Random distributions tried before the search, for a quick refutation.
QUICK_SAMPLES = 6
Method = Literal["line", "search"]


@dataclass(frozen=True, slots=True)
class Refutation:
    """Hands of the defender on the declarer's left (West) and right (North)."""

    west: tuple[Card, ...]
    north: tuple[Card, ...]
    tricks: int  # the declarer's tricks double-dummy
    dubel: tuple[Card, ...] = ()  # without a dubel given: the two cards it holds


@dataclass(frozen=True, slots=True)
class Laydown:
    verdict: Verdict
    contract: Contract
    hand: tuple[Card, ...]  # the declarer's ten cards after the exchange
    take: tuple[Card, ...]
    lay: tuple[Card, ...]
    sure_tricks: int  # what the fixed line wins against everything
    line: tuple[Card, ...]  # its leads, in order
    refutation: Refutation | None  # one distribution that beats every line, if there is one
    method: Method  # how a proof was found (``"search"`` for every verdict but a line proof)
    first_lead: Card | None  # a proof by search: the strategy's first card
    searched: int  # information sets searched, over all the exchanges
    tried: int = 0  # refuted with no distribution to show: the distributions solved for one
    alone: bool = False  # no dubel given: the ten cards alone, no exchange (spec §12.6)


def sure_line(hand: Sequence[Card], unseen: Iterable[Card], trump: Suit | None) -> list[Card]:
    """The fixed line's leads that win whatever happens, in order (see the module text)."""
    leads = sure_leads(mask_of(hand), mask_of(unseen), -1 if trump is None else trump.order)
    return [bit_card(bit) for bit in leads]


def _exchanges(
    hand: Sequence[Card], dubel: Sequence[Card]
) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]]:
    """(hand after, taken, laid down): no exchange, then one card, then both."""
    yield tuple(hand), (), ()
    for count in range(1, len(dubel) + 1):
        for take in itertools.combinations(dubel, count):
            for lay in itertools.combinations(hand, count):
                kept = [c for c in hand if c not in lay] + list(take)
                yield tuple(kept), take, lay


@dataclass(frozen=True, slots=True)
class _Outcome:
    """One exchange searched: won, lost or out of budget, with what the search found."""

    won: bool | None
    first_lead: int | None
    witness: tuple[int, int, int] | None  # West, North and the double-dummy tricks
    nodes: int
    tried: int  # distributions solved double dummy in the search for a witness


def _search(job: tuple[tuple[Card, ...], int, Contract, int, int, int]) -> _Outcome:
    """One hand after an exchange: first a few distributions that may beat even a declarer
    who sees all the cards, then the exact search (:mod:`betel_tutor.solver.claim`); when
    that finds the hand lost with no such distribution, ``samples`` more are tried for one to
    show."""
    hand, unseen, contract, budget, samples, hidden = job
    trump = contract.trump
    search = ClaimSearch(
        trump=-1 if trump is None else trump.order,
        misere=contract.is_misere,
        defenders_beat=contract.defenders_must_beat,
        board=make_board(trump=trump, declarer=0, contract_kind=contract.kind),
        budget=budget,
        hidden=hidden,
    )
    mask = mask_of(hand)
    goal = contract.tricks_allowed if contract.is_misere else contract.tricks_needed
    first = lopsided(unseen, 0, 0, 10, search.trump, hidden) + sampled(
        unseen, 10, QUICK_SAMPLES, hidden=hidden
    )
    witness = _first_witness(search, mask, first, goal)
    if witness is not None:
        return _Outcome(False, None, witness, 0, len(first))
    root = (mask, unseen, 0, 0, 0, (), goal)
    try:
        won = search.wins(*root)
    except OutOfBudget:
        return _Outcome(None, None, None, search.nodes, len(first))
    more = [] if won else sampled(unseen, 10, samples, seed=1, hidden=hidden)
    witness = _first_witness(search, mask, more, goal)
    return _Outcome(won, search.best.get(root), witness, search.nodes, len(first) + len(more))


def _first_witness(
    search: ClaimSearch, hand: int, worlds: Iterable[World], goal: int
) -> tuple[int, int, int] | None:
    for world in worlds:
        tricks = search.beats(hand, world, 0, goal)
        if tricks is not None:
            return world.west, world.north, tricks
    return None


def _promise(contract: Contract, hand: Sequence[Card], sure: int) -> tuple[int, int]:
    """Exchanges are searched in this order: most sure tricks and highest cards first, or in
    the betelki and Betel the lowest cards first."""
    ranks = sum(int(card.rank) for card in hand)
    return (-sure, -ranks) if not contract.is_misere else (ranks, 0)


def check_laydown(
    hand: Sequence[Card],
    dubel: Sequence[Card] | None,
    contract: Contract,
    *,
    budget: int = DEFAULT_BUDGET,
    workers: int = 1,
    samples: int = 100,
) -> Laydown:
    """Prove or refute that ``hand`` (with the ``dubel`` to exchange) makes ``contract``
    whatever the unseen cards and the defence. Without a dubel (``None`` or empty) the hand
    is judged as ten cards (spec §12.6): no exchange, and the 22 unseen cards lie in every
    way between the defenders (ten each) and the dubel (two). ``budget`` bounds the
    information sets searched over all the exchanges (one exchange alone searches at most
    that many; no further exchange is searched once the ones searched have met that many in
    all), ``workers`` spreads the exchanges over processes; when the hand is lost and the
    search met no distribution that beats a declarer who sees all the cards, ``samples``
    random ones are tried for one to show."""
    dubel = tuple(dubel or ())
    if len(hand) != 10:
        raise BetelError("solver.laydown_hand_size", n=len(hand))
    if len(dubel) not in (0, 2):
        raise BetelError("solver.laydown_dubel_size", n=len(dubel))
    seen: set[Card] = set()
    for card in (*hand, *dubel):
        if card in seen:
            raise BetelError("solver.laydown_card_twice", card=card)
        seen.add(card)
    known = seen
    if contract.kind == "free":
        raise BetelError("solver.bad_kind", token=str(contract), kinds="1♣ … 5NT, B3 … B0, Betel")
    unseen = [c for c in BETEL_DECK if c not in known]
    hidden = len(unseen) - 20  # unseen cards in the dubel, not in a defender's hand
    trump = contract.trump
    options: list[Laydown] = []
    for kept, take, lay in _exchanges(hand, dubel):
        line = sure_line(kept, unseen, trump) if contract.kind == "normal" else []
        option = Laydown(
            "open",
            contract,
            tuple(sort_cards(kept)),
            take,
            lay,
            len(line),
            tuple(line),
            None,
            "line",
            None,
            0,
            alone=not dubel,
        )
        if contract.kind == "normal" and len(line) >= contract.tricks_needed:
            return replace(option, verdict="proved")
        options.append(option)
    options.sort(key=lambda o: _promise(contract, o.hand, o.sure_tricks))
    # Only the first exchange's distribution is shown (:func:`_verdict`): only it samples more.
    jobs = [
        (o.hand, mask_of(unseen), contract, budget, samples if i == 0 else 0, hidden)
        for i, o in enumerate(options)
    ]
    outcomes: Iterable[_Outcome]
    pool: ProcessPoolExecutor | None = None
    workers = min(usable_workers(workers), len(jobs))
    if workers > 1:
        pool = worker_pool(workers)
        outcomes = pool.map(_search, jobs)
    else:
        outcomes = map(_search, jobs)
    try:
        return _verdict(options, outcomes, budget, mask_of(unseen))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def _verdict(
    options: list[Laydown], outcomes: Iterable[_Outcome], budget: int, unseen: int
) -> Laydown:
    """The first exchange that makes it proves the hand; all lost refute it. Once the
    exchanges searched have met ``budget`` information sets in all, the rest are not looked
    at: the hand is open (the same answer however many processes searched)."""
    searched = 0
    undecided = False
    first: _Outcome | None = None
    for number, (option, outcome) in enumerate(zip(options, outcomes, strict=False)):
        first = first or outcome
        searched += outcome.nodes
        if outcome.won:
            lead = None if outcome.first_lead is None else bit_card(outcome.first_lead)
            return replace(
                option, verdict="proved", method="search", first_lead=lead, searched=searched
            )
        undecided = undecided or outcome.won is None
        if searched >= budget and number + 1 < len(options):
            undecided = True
            break
    best = options[0]
    if undecided:
        return replace(best, verdict="open", method="search", searched=searched)
    # Shown with the most promising exchange: a distribution that beats it double dummy.
    refutation = None
    if first is not None and first.witness is not None:
        west, north, tricks = first.witness
        refutation = Refutation(
            _cards(west), _cards(north), tricks, _cards(unseen & ~west & ~north)
        )
    return replace(
        best,
        verdict="refuted",
        refutation=refutation,
        method="search",
        searched=searched,
        tried=0 if refutation is not None or first is None else first.tried,
    )


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(sort_cards(bit_card(bit) for bit in bits(mask)))


def report_lines(result: Laydown, lang: str) -> list[str]:
    """The verdict in words, with the exchange, the line and any refutation."""
    from betel_tutor import i18n
    from betel_tutor.cards import format_cards, format_hand

    def t(key: str, **params: object) -> str:
        return i18n.translate(f"solver.{key}", lang, **params)

    contract = result.contract.localized(lang)
    if result.verdict == "refuted" and result.alone:
        lines = [t("laydown_refuted_alone", contract=contract)]
    else:
        lines = [t(f"laydown_{result.verdict}", contract=contract, n=result.searched)]
    if result.take:
        lines.append(
            t(
                "laydown_exchange",
                take=format_cards(result.take, lang=lang),
                lay=format_cards(result.lay, lang=lang),
            )
        )
    lines.append(t("laydown_hand", hand=format_hand(result.hand, lang=lang)))
    if result.line:
        lines.append(
            t("laydown_line", n=result.sure_tricks, cards=format_cards(result.line, lang=lang))
        )
    if result.first_lead is not None:
        lines.append(t("laydown_search", card=format_cards([result.first_lead], lang=lang)))
    if result.refutation is not None:
        lines.append(t("laydown_west", cards=format_hand(result.refutation.west, lang=lang)))
        lines.append(t("laydown_north", cards=format_hand(result.refutation.north, lang=lang)))
        if result.refutation.dubel:
            dubel = format_cards(result.refutation.dubel, lang=lang)
            lines.append(t("laydown_dubel", cards=dubel))
        dd = "laydown_dd_misere" if result.contract.is_misere else "laydown_dd"
        lines.append(t(dd, n=result.refutation.tricks))
    elif result.verdict == "refuted":
        lines.append(t("laydown_guess", n=result.tried))
    if result.searched:
        lines.append(t("laydown_searched", n=result.searched))
    if result.verdict == "proved":
        lines.append(t("laydown_what" if result.method == "line" else "laydown_what_search"))
    return lines


def to_json(result: Laydown) -> dict[str, object]:
    refutation = result.refutation
    return {
        "verdict": result.verdict,
        "contract": str(result.contract),
        "hand": [str(c) for c in result.hand],
        "take": [str(c) for c in result.take],
        "lay": [str(c) for c in result.lay],
        "sure_tricks": result.sure_tricks,
        "line": [str(c) for c in result.line],
        "refutation": None
        if refutation is None
        else {
            "west": [str(c) for c in refutation.west],
            "north": [str(c) for c in refutation.north],
            "dubel": [str(c) for c in refutation.dubel],
            "declarer_tricks": refutation.tricks,
        },
        "method": result.method,
        "exchange_allowed": not result.alone,
        "first_lead": None if result.first_lead is None else str(result.first_lead),
        "information_sets": result.searched,
    }
