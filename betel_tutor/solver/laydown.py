"""The laydown check ("karta wykładana"): can the declarer claim without seeing the other hands?

The declarer sees ten cards and the two dubel cards; the twenty unseen cards may lie in any of
184,756 ways between the defenders, who then defend as well as if they saw everything.

**What a proof proves.** A declarer who cannot see the other hands must use one line of play
for every distribution. The check proves a *fixed* line: lead every trump from the top, then
the top cards of each side suit, highest first (§5: the declarer leads to the first trick).
It counts the tricks that line wins whatever the distribution and whatever the defence: a trump
wins while every unseen trump still out is lower, and once the declarer's top trumps are at
least as many as the unseen trumps, no defender holds a trump after they have been led, so
every later trump and every top side card wins too; without that, only the top trumps are
counted. In no trump every top card counts. When that count reaches the contract, the
contract is proved for every distribution and every defence.

**What a refutation proves.** A distribution in which even a declarer who sees all the cards
fails (the double-dummy value is short) beats every line; the defence is the solver's.

Otherwise the answer is *open*: no refutation among the distributions tried (the most
lopsided first) and no proof by the fixed line. The exchange is tried both ways: keeping the
ten cards, and taking one or both dubel cards for as many laid down.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Literal

from betel_tutor.cards import BETEL_DECK, Card, Suit, sort_cards
from betel_tutor.contracts import Contract
from betel_tutor.errors import BetelError
from betel_tutor.solver.api import solve

Verdict = Literal["proved", "refuted", "open"]


@dataclass(frozen=True, slots=True)
class Refutation:
    """Hands of the defender on the declarer's left (West) and right (North)."""

    west: tuple[Card, ...]
    north: tuple[Card, ...]
    tricks: int  # the declarer's tricks double-dummy


@dataclass(frozen=True, slots=True)
class Laydown:
    verdict: Verdict
    contract: Contract
    hand: tuple[Card, ...]  # the declarer's ten cards after the exchange
    take: tuple[Card, ...]
    lay: tuple[Card, ...]
    sure_tricks: int  # what the fixed line wins against everything
    line: tuple[Card, ...]  # its leads, in order
    refutation: Refutation | None
    tried: int  # distributions solved in the search for a refutation


def sure_line(hand: Sequence[Card], unseen: Iterable[Card], trump: Suit | None) -> list[Card]:
    """The fixed line's leads that win whatever happens, in order (see the module text)."""
    unseen_set = set(unseen)
    line: list[Card] = []
    suits = [s for s in Suit if s is not trump]
    if trump is not None:
        trumps = sorted((c for c in hand if c.suit is trump), key=lambda c: -c.rank)
        out = sorted((c for c in unseen_set if c.suit is trump), key=lambda c: -c.rank)
        top_run = [c for c in trumps if not out or c.rank > out[0].rank]
        if len(top_run) < len(out):
            return top_run  # trumps may stay out: side suits can be ruffed, §5 rule 6
        line.extend(trumps)  # the top ones draw the unseen trumps; the rest are then masters
    for suit in suits:
        highest_out = max((c.rank for c in unseen_set if c.suit is suit), default=0)
        for card in sorted((c for c in hand if c.suit is suit), key=lambda c: -c.rank):
            if card.rank < highest_out:
                break
            line.append(card)
            # A card led is higher than every unseen card of its suit; nothing else changes.
    return line


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


def _splits(unseen: Sequence[Card], trump: Suit | None, limit: int) -> Iterator[tuple[Card, ...]]:
    """West's ten cards for up to ``limit`` distributions, the most lopsided first: trumps
    and then each suit stacked in one hand, the rest dealt round."""
    by_suit = {suit: [c for c in unseen if c.suit is suit] for suit in Suit}
    order = sorted(Suit, key=lambda s: (s is not trump, -len(by_suit[s])))
    seen: set[frozenset[Card]] = set()
    count = 0
    for extremes in itertools.product((True, False), repeat=len(order)):
        west: list[Card] = []
        for suit, to_west in zip(order, extremes, strict=True):
            if to_west:
                west.extend(by_suit[suit][: 10 - len(west)])
        rest = [c for c in unseen if c not in west]
        west.extend(rest[: 10 - len(west)])
        key = frozenset(west)
        if key not in seen:
            seen.add(key)
            yield tuple(west)
            count += 1
            if count >= limit:
                return
    for west_cards in itertools.combinations(unseen, 10):
        key = frozenset(west_cards)
        if key in seen:
            continue
        seen.add(key)
        yield west_cards
        count += 1
        if count >= limit:
            return


def _solve_split(
    args: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], Suit | None, str],
) -> tuple[tuple[Card, ...], int]:
    hand, west, north, trump, kind = args
    return west, solve([hand, west, north], trump=trump, contract_kind=kind)


def check_laydown(
    hand: Sequence[Card],
    dubel: Sequence[Card],
    contract: Contract,
    *,
    limit: int = 400,
    workers: int = 1,
) -> Laydown:
    """Prove or refute that ``hand`` (with the ``dubel`` to exchange) makes ``contract``."""
    if len(hand) != 10 or len(dubel) != 2 or len(set(hand) | set(dubel)) != 12:
        raise BetelError("solver.too_many_cards", count=len(set(hand) | set(dubel)))
    if contract.kind == "free":
        raise BetelError("solver.bad_kind", token=str(contract), kinds="1♣ … 5NT, B3 … B0, Betel")
    known = set(hand) | set(dubel)
    unseen = [c for c in BETEL_DECK if c not in known]
    trump = contract.trump
    best: Laydown | None = None
    for kept, take, lay in _exchanges(hand, dubel):
        line = sure_line(kept, unseen, trump) if contract.kind == "normal" else []
        if contract.kind == "normal" and len(line) >= contract.tricks_needed:
            return Laydown(
                "proved",
                contract,
                tuple(sort_cards(kept)),
                take,
                lay,
                len(line),
                tuple(line),
                None,
                0,
            )
        candidate = Laydown(
            "open", contract, tuple(sort_cards(kept)), take, lay, len(line), tuple(line), None, 0
        )
        if best is None or candidate.sure_tricks > best.sure_tricks:
            best = candidate
    assert best is not None
    return _refute(best, unseen, limit=limit, workers=workers)


def _refute(best: Laydown, unseen: list[Card], *, limit: int, workers: int) -> Laydown:
    """Search distributions for one that beats even a double-dummy declarer holding the hand
    of ``best`` (the exchange with the most sure tricks), the most lopsided first."""
    contract = best.contract
    kind = "normal" if contract.kind == "normal" else contract.kind
    trump = contract.trump
    tried = 0
    # Lazily: the search stops at the first refutation, usually among the first splits.
    jobs = (
        (best.hand, west, tuple(c for c in unseen if c not in west), trump, kind)
        for west in _splits(unseen, trump, limit)
    )
    results: Iterable[tuple[tuple[Card, ...], int]]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_solve_split, jobs, chunksize=8))
    else:
        results = map(_solve_split, jobs)
    for west, tricks in results:
        tried += 1
        if not contract.is_made(tricks):
            north = tuple(sort_cards(c for c in unseen if c not in west))
            refutation = Refutation(tuple(sort_cards(west)), north, tricks)
            return _with(best, "refuted", refutation, tried)
    return _with(best, "open", None, tried)


def _with(best: Laydown, verdict: Verdict, refutation: Refutation | None, tried: int) -> Laydown:
    return Laydown(
        verdict,
        best.contract,
        best.hand,
        best.take,
        best.lay,
        best.sure_tricks,
        best.line,
        refutation,
        tried,
    )


def default_dubel(hand: Sequence[Card]) -> list[Card]:
    """Without a dubel given: the two lowest cards the hand does not hold (the least likely
    to change anything), so that the twenty unseen cards are the rest."""
    rest = [c for c in BETEL_DECK if c not in set(hand)]
    return sorted(rest, key=lambda c: (c.rank, c.suit.order))[:2]


def report_lines(result: Laydown, lang: str) -> list[str]:
    """The verdict in words, with the exchange, the line and any refutation."""
    from betel_tutor import i18n
    from betel_tutor.cards import format_cards, format_hand

    def t(key: str, **params: object) -> str:
        return i18n.translate(f"solver.{key}", lang, **params)

    contract = result.contract.localized(lang)
    lines = [t(f"laydown_{result.verdict}", contract=contract)]
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
    if result.refutation is not None:
        lines.append(t("laydown_west", cards=format_hand(result.refutation.west, lang=lang)))
        lines.append(t("laydown_north", cards=format_hand(result.refutation.north, lang=lang)))
        lines.append(t("laydown_dd", n=result.refutation.tricks))
    if result.verdict != "proved":
        lines.append(t("laydown_tried", n=result.tried))
    if result.verdict != "refuted":
        lines.append(t("laydown_what"))
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
            "declarer_tricks": refutation.tricks,
        },
        "distributions_tried": result.tried,
    }
