"""An auction call by call (spec §3)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from betel_tutor.errors import BetelError, IllegalCall
from betel_tutor.i18n import Plural

if TYPE_CHECKING:
    from betel_tutor.auction import Call
    from betel_tutor.contracts import Contract

from betel_tutor.explain.steps import (
    Explanation,
    Step,
)
from betel_tutor.seats import SOUTH, Seat

# -- an auction ----------------------------------------------------------------------------

_INSIDE_BRACKETS = r"(?![^\[]*\])"


def parse_calls(text: str) -> tuple[str, ...]:
    """Calls separated by spaces (or by commas, which lets a call be several words).

    An exchange in brackets belongs to the call after it.

    >>> parse_calls("1♠ kontra [♠A>♥7] 2♠ pass")
    ('1♠', 'kontra', '[♠A>♥7]2♠', 'pass')
    >>> parse_calls("Betelek 2, pass")
    ('Betelek 2', 'pass')
    """
    outside = re.sub(r"\[[^\]]*\]", "", text)
    separator = ("," if "," in outside else r"\s+") + _INSIDE_BRACKETS
    calls: list[str] = []
    exchange = ""
    for piece in re.split(separator, text):
        call = re.sub(r"\]\s+", "]", " ".join(piece.split()))
        if not call:
            continue
        if call.endswith("]"):
            exchange += call
            continue
        calls.append(exchange + call)
        exchange = ""
    if exchange:
        calls.append(exchange)
    return tuple(calls)


class _Standing(NamedTuple):
    """What stands in an auction: the contract, its declarer, and whether it is doubled."""

    contract: Contract | None
    declarer: Seat | None  # a table seat; the auction counts its own from the dealer
    doubled: bool


def _standing(auction: Any, dealer: Seat) -> _Standing:
    declarer = None if auction.declarer is None else dealer.next(auction.declarer)
    return _Standing(auction.contract, declarer, bool(auction.doubled))


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionExplanation(Explanation):
    """An auction call by call: the final ``contract``, ``declarer``, ``doubled``, ``finished``."""

    calls: tuple[str, ...]
    """The calls that were made, in order; the dealer called first."""
    actions: tuple[str, ...]
    """What each call did: "pass", "declare" or "kontra"."""
    contract: Contract | None
    declarer: Seat | None
    doubled: bool
    finished: bool
    error: BetelError | None = field(default=None, compare=False)
    """The illegal call's error, which stopped the explanation (it is the last step)."""
    dealer: Seat = SOUTH

    def _facts(self) -> dict[str, Any]:
        calls = [
            {"seat": self.dealer.next(index), "call": call, "action": action}
            for index, (call, action) in enumerate(zip(self.calls, self.actions, strict=True))
        ]
        error = None
        if self.error is not None:
            error = {
                "call_index": len(self.calls),
                "seat": self.dealer.next(len(self.calls)),
                "reason": self.error.reason,
                "rule": self.error.rule,
            }
        return {
            "contract": None if self.contract is None else str(self.contract),
            "declarer": self.declarer,
            "doubled": self.doubled,
            "finished": self.finished,
            "calls": calls,
            "error": error,
        }


def explain_auction(
    calls: str | Iterable[str], *, dealer: int = SOUTH, **options: Any
) -> AuctionExplanation:
    """Each call in turn: who calls, what it does, what stands, and when the auction ends.

    ``calls`` is a list of calls or a string for :func:`parse_calls`, the first made by
    ``dealer`` (South unless told); ``options`` go to :class:`betel_tutor.auction.Auction`.
    An illegal call stops the explanation: its message is the last step and the error is kept
    in ``error``.
    """
    first = Seat(dealer)
    from betel_tutor.auction import Auction, parse_call  # only this explanation needs them

    texts = parse_calls(calls) if isinstance(calls, str) else tuple(calls)
    auction = Auction(**options)
    steps: list[Step] = []
    made: list[str] = []
    actions: list[str] = []
    error: BetelError | None = None
    for index, text in enumerate(texts):
        who = first.next(index)
        before = _standing(auction, first)
        try:
            call = parse_call(text)
            auction.call(call)
        except BetelError as problem:
            error = _refused(problem, who, text)
            steps.append(Step.from_error(error))
            break
        after = _standing(auction, first)
        action = _action(before, after)
        made.append(text)
        actions.append(action)
        steps.extend(_call_steps(who, call, action, before, after, finished=auction.finished))
    else:
        if not auction.finished:
            steps.append(Step.of("explain.auction_goes_on", who=first.next(len(texts))))
    return AuctionExplanation(
        steps=tuple(steps),
        calls=tuple(made),
        actions=tuple(actions),
        contract=auction.contract,
        declarer=_standing(auction, first).declarer,
        doubled=bool(auction.doubled),
        finished=bool(auction.finished),
        error=error,
        dealer=first,
    )


def _refused(problem: BetelError, who: Seat, call: str) -> BetelError:
    """The auction's refusal, saying who made which call; reason and rule stay the same."""
    why = Step.of(problem.key, **problem.params)  # the rule is cited once, at the end
    kind = IllegalCall if isinstance(problem, IllegalCall) else BetelError
    error = kind(
        "explain.call_refused",
        reason=problem.reason,
        rule=problem.rule,
        who=who,
        call=call,
        why=why,
    )
    error.__cause__ = problem
    return error


def _action(before: _Standing, after: _Standing) -> str:
    if after == before:
        return "pass"
    if after.contract == before.contract and after.doubled and not before.doubled:
        return "kontra"
    return "declare"


def _call_steps(
    who: Seat, call: Call, action: str, before: _Standing, after: _Standing, *, finished: bool
) -> list[Step]:
    steps = []
    if call.looked:  # [?looked]pass (spec §3)
        looked = call.looked
        steps.append(
            Step.of(
                "explain.call_looked",
                who=who,
                cards=looked,
                penalty=Plural("common.points", 5 * len(looked)),
            )
        )
    elif call.take:  # [take>lay]call
        steps.append(Step.of("explain.call_exchange", who=who, take=call.take, lay=call.lay))
    contract, previous = after.contract, before.contract
    if action == "declare":
        if previous is None:
            key, rule = "explain.call_declare", None
        elif before.doubled:  # the first declaration after a kontra: rules 12 and 14
            key, rule = "explain.call_declare_after_kontra", 12
        else:
            key, rule = "explain.call_declare_higher", 11
        steps.append(Step.of(key, rule=rule, who=who, contract=contract, previous=previous))
    elif action == "kontra":
        steps.append(Step.of("explain.call_kontra", rule=16, who=who, contract=contract))
        steps.append(Step.of("explain.kontra_resets", rule=12))
        steps.append(Step.of("explain.kontra_no_repeat", rule=14, contract=contract))
    else:
        steps.append(Step.of("explain.call_pass", who=who))
    if finished:
        if contract is None:
            steps.append(Step.of("explain.auction_three_passes"))
        else:
            key = "explain.auction_ends_doubled" if after.doubled else "explain.auction_ends"
            steps.append(Step.of(key, rule=15, who=after.declarer, contract=contract))
    elif action != "declare":
        steps.append(_standing_step(after, contract))
    return steps


def _standing_step(standing: _Standing, contract: Contract | None) -> Step:
    if contract is None:
        return Step.of("explain.stands_nothing")
    key = "explain.stands_doubled" if standing.doubled else "explain.stands"
    return Step.of(key, contract=contract, who=standing.declarer)
