"""Step-by-step explanations of a trick, the legal cards, a score and an auction.

An explanation is a frozen value: the facts (the winner, the legal cards, the scores, the final
contract) and ``steps``, message keys with parameters that are put into words only on demand,
in English or Polish. ``to_json()`` gives the same as plain data. The library never prints.

>>> from betel_tutor.cards import parse_cards
>>> why = explain_trick(parse_cards("♥Q ♥K ♠7"), trump="♠")
>>> why.winner, str(why.card)
(2, '♠7')
>>> print("\\n".join(why.lines("en")))
Three cards: a Betel trick
Trumps: ♠
♥Q leads: ♥ is the suit led
♥K beats ♥Q: same suit, higher
♠7 is a trump: it beats ♥K, which is not a trump
♠7 wins the trick (card 3)
>>> explain_score("1NT", (6, 3, 1)).to_json()["scores"]
[20, 15, 5]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from betel_tutor import i18n
from betel_tutor.cards import Card, Rank, Suit, parse_cards, sort_cards
from betel_tutor.errors import BetelError, IllegalCall, NotationError
from betel_tutor.rules import VARIANTS, TrumpArg, as_trump, legal_plays, refusal, trick_winner

if TYPE_CHECKING:
    from betel_tutor.contracts import Contract

# Contracts and scoring are imported by the functions that need them: every `explain trick`
# command imports this module, and starting fast is part of the command line's design.

# -- steps: message keys with parameters, worded on demand -----------------------------------


class SeatName(int):
    """A seat counted from the dealer (0), clockwise, as the auction counts them."""

    __slots__ = ()

    def localized(self, lang: str) -> str:
        return i18n.translate(f"explain.seat_{int(self)}", lang)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an explanation: a catalog ``key``, its ``params``, and the rule it cites."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()
    rule: int | None = None

    @classmethod
    def of(cls, key: str, /, *, rule: int | None = None, **params: Any) -> Step:
        return cls(key, tuple((name, _frozen(value)) for name, value in params.items()), rule)

    @classmethod
    def from_error(cls, error: BetelError) -> Step:
        """An error's message as a step (a refused card, an illegal call)."""
        return cls.of(error.key, rule=error.rule, **error.params)

    def text(self, lang: str = "en") -> str:
        """The step in words, with the rule cited when there is one."""
        params = {name: _worded(value, lang) for name, value in self.params}
        text = i18n.translate(self.key, lang, **params)
        if self.rule is not None:
            text += i18n.translate("common.rule_suffix", lang, rule=self.rule)
        return text

    def localized(self, lang: str) -> str:
        return self.text(lang)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key,
            "params": {name: _plain(value) for name, value in self.params},
            "rule": self.rule,
        }
        if lang is not None:
            data["text"] = self.text(lang)
        return data


def _frozen(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        items = list(value)
        return tuple(sort_cards(items)) if all(isinstance(v, Card) for v in items) else tuple(items)
    if isinstance(value, list):
        return tuple(value)
    return value


def _worded(value: Any, lang: str) -> Any:
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, tuple):
        return ", ".join(str(_worded(item, lang)) for item in value)
    if hasattr(value, "localized"):  # cards, seats, steps, errors, and contracts: 2NT (Two NT)
        name = value.localized(lang)
        notation = value.format(lang=lang) if hasattr(value, "format") else name
        return name if notation == name else f"{notation} ({name})"
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, SeatName):
        return int(value)
    if isinstance(value, Step):
        return value.to_json()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


@dataclass(frozen=True, slots=True, kw_only=True)
class Explanation:
    """What every explanation has: its steps, worded by ``lines`` and listed by ``to_json``."""

    steps: tuple[Step, ...]

    def lines(self, lang: str = "en") -> list[str]:
        return [step.text(lang) for step in self.steps]

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """Plain data for ``json.dumps``; with ``lang`` each step also carries its ``text``."""
        return {**self._facts(), "steps": [step.to_json(lang) for step in self.steps]}

    def _facts(self) -> dict[str, Any]:
        return {}


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _trump_json(trump: Suit | None) -> str | None:
    return None if trump is None else trump.symbol


def _check_cards(cards: Sequence[Card], *, betel: bool) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise BetelError("cards.duplicate", card=card)
        seen.add(card)
        if betel and card.rank < Rank.SEVEN:
            raise BetelError("explain.not_betel_card", card=card)


def _highest(trick: Sequence[Card], suit: Suit | None) -> Card | None:
    cards = [card for card in trick if card.suit is suit]
    return max(cards, key=lambda card: card.rank) if cards else None


def _trumps_step(trump: Suit | None) -> Step:
    if trump is None:
        return Step.of("explain.no_trumps")
    return Step.of("explain.trumps", trump=trump)


# -- a trick -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickExplanation(Explanation):
    """Which card of ``trick`` wins (``winner``, an index; ``card``) and why."""

    trick: tuple[Card, ...]
    trump: Suit | None
    variant: str | None
    winner: int

    @property
    def card(self) -> Card:
        return self.trick[self.winner]

    def _facts(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "card": str(self.card),
            "trick": _cards(self.trick),
            "trump": _trump_json(self.trump),
            "variant": self.variant,
            "game": "betel" if len(self.trick) == 3 else "bridge",
        }


def explain_trick(
    trick: Sequence[Card], *, trump: TrumpArg = None, variant: str | None = None
) -> TrickExplanation:
    """Which card wins a full trick and why: 3 cards (Betel) or 4 (bridge), card by card.

    >>> from betel_tutor.cards import parse_cards
    >>> why = explain_trick(parse_cards("♠A ♣2 ♦2 ♥2"), trump="♠", variant="blue-suit")
    >>> why.to_json()["card"]
    '♣2'
    >>> why.lines()[4]
    '♣2 is a club, the blue suit: it beats the winning trump ♠A'
    """
    cards = tuple(trick)
    if len(cards) not in (3, 4):
        raise BetelError("explain.trick_size", count=len(cards))
    _check_cards(cards, betel=len(cards) == 3)
    trump_suit = as_trump(trump)
    if variant is not None and variant not in VARIANTS:
        raise NotationError("rules.bad_variant", token=variant, position=0)
    led = cards[0].suit
    steps = [Step.of("explain.trick_betel" if len(cards) == 3 else "explain.trick_bridge")]
    steps.append(_trumps_step(trump_suit))
    blue = False
    if variant == "blue-suit":
        if trump_suit is None or trump_suit is Suit.CLUBS:
            raise BetelError("explain.blue_suit_trump")
        blue = led is trump_suit
        steps.append(Step.of("explain.blue_on" if blue else "explain.blue_off", led=led))
    steps.append(Step.of("explain.leads", card=cards[0], led=led))
    best = 0
    for index in range(1, len(cards)):
        key, beats = _compare(cards[index], cards[best], trump_suit, blue=blue)
        steps.append(Step.of(key, card=cards[index], winner=cards[best], led=led))
        if beats:
            best = index
    winner = trick_winner(cards, trump=trump_suit, variant="blue-suit" if variant else None)
    steps.append(Step.of("explain.wins", card=cards[winner], position=winner + 1))
    return TrickExplanation(
        steps=tuple(steps), trick=cards, trump=trump_suit, variant=variant, winner=winner
    )


def _compare(card: Card, best: Card, trump: Suit | None, *, blue: bool) -> tuple[str, bool]:
    """Whether ``card`` takes over from the card winning so far, and the key saying why."""
    if blue:  # trumps were led: clubs are a second trump (boards-and-bridge.md §2)
        if best.suit is trump and card.suit is Suit.CLUBS:
            return "explain.blue_club_beats_trump", True
        if best.suit is Suit.CLUBS and card.suit is trump:
            return "explain.blue_trump_beats_club", True
        if best.suit is Suit.CLUBS and card.suit is Suit.CLUBS:
            return "explain.blue_club_on_club", False
    if card.suit is best.suit:
        higher = card.rank > best.rank
        return ("explain.beats" if higher else "explain.lower"), higher
    if card.suit is trump:
        return "explain.ruffs", True
    if best.suit is trump:
        return "explain.under_trump", False
    return ("explain.discard_no_trump" if trump is None else "explain.discard"), False


# -- the legal cards -----------------------------------------------------------------------


class Refusal(NamedTuple):
    """A card of the hand that may not be played, and the rule that forbids it."""

    card: Card
    reason: str
    rule: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalExplanation(Explanation):
    """The ``legal`` cards of ``hand`` for ``trick``, the ``refused`` ones, and why."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit | None
    betel_defender: bool
    legal: tuple[Card, ...]
    refused: tuple[Refusal, ...]
    obligation: str
    """The obligation that binds: "none", "follow", "beat", "ruff" or "overruff"."""

    def _facts(self) -> dict[str, Any]:
        return {
            "legal": _cards(self.legal),
            "refused": [
                {"card": str(r.card), "reason": r.reason, "rule": r.rule} for r in self.refused
            ],
            "obligation": self.obligation,
            "hand": _cards(self.hand),
            "trick": _cards(self.trick),
            "trump": _trump_json(self.trump),
            "betel_defender": self.betel_defender,
        }


def explain_legal(
    hand: Sequence[Card],
    trick: Sequence[Card] = (),
    *,
    trump: TrumpArg = None,
    betel_defender: bool = False,
) -> LegalExplanation:
    """Which cards of ``hand`` may be played to ``trick`` (0–2 cards of a Betel trick), and why.

    The steps name the obligation that applies (rules 5–8), the legal cards, and for each
    refused card the reason. ``betel_defender``: a defender in Betel, free to not beat (rule 8).

    >>> from betel_tutor.cards import parse_cards
    >>> why = explain_legal(parse_cards("♥AK8 ♠7"), parse_cards("♥Q"), trump="♠")
    >>> why.to_json()["legal"], why.obligation
    (['♥A', '♥K'], 'beat')
    """
    hand_cards, trick_cards = tuple(hand), tuple(trick)
    if not hand_cards or len(hand_cards) > 10:
        raise BetelError("explain.hand_size", count=len(hand_cards))
    if len(trick_cards) > 2:
        raise BetelError("explain.trick_full", count=len(trick_cards))
    _check_cards(hand_cards + trick_cards, betel=True)
    trump_suit = as_trump(trump)
    if betel_defender and trump_suit is not None:
        raise BetelError("explain.betel_no_trump", trump=trump_suit)
    beat = not betel_defender
    steps, obligation = _obligations(hand_cards, trick_cards, trump_suit, beat=beat)
    legal = tuple(
        sort_cards(legal_plays(hand_cards, trick_cards, trump=trump_suit, beat_obligation=beat))
    )
    steps.append(Step.of("explain.legal", cards=legal))
    refused = []
    for card in sort_cards(hand_cards):
        problem = refusal(hand_cards, trick_cards, card, trump=trump_suit, beat_obligation=beat)
        if problem is not None:
            steps.append(Step.from_error(problem))
            refused.append(Refusal(card, problem.reason, problem.rule))
    return LegalExplanation(
        steps=tuple(steps),
        hand=hand_cards,
        trick=trick_cards,
        trump=trump_suit,
        betel_defender=betel_defender,
        legal=legal,
        refused=tuple(refused),
        obligation=obligation,
    )


def _obligations(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, *, beat: bool
) -> tuple[list[Step], str]:
    """Spec §5 in order: follow (rule 5), beat (rule 7), ruff (rule 6), overruff, anything."""
    if not trick:
        return [Step.of("explain.legal_lead")], "none"
    led = trick[0].suit
    steps = [Step.of("explain.legal_led", card=trick[0], led=led), _trumps_step(trump)]
    following = sort_cards(card for card in hand if card.suit is led)
    if following:
        steps.append(Step.of("explain.legal_follow", rule=5, led=led, cards=following))
        ruff = _highest(trick, trump) if led is not trump else None
        top = _highest(trick, led)
        assert top is not None  # the led card is in the trick
        higher = [card for card in following if card.rank > top.rank]
        if not beat:
            steps.append(Step.of("explain.legal_defender_free", rule=8, led=led))
        elif ruff is not None:
            steps.append(Step.of("explain.legal_ruffed", top=ruff, led=led))
        elif higher:
            steps.append(Step.of("explain.legal_beat", rule=7, top=top, cards=higher))
            return steps, "beat"
        else:
            steps.append(Step.of("explain.legal_cannot_beat", top=top, led=led))
        return steps, "follow"
    trumps = sort_cards(card for card in hand if card.suit is trump)
    if trump is None:
        steps.append(Step.of("explain.legal_void_no_trumps", led=led))
        return steps, "none"
    if not trumps:
        key = "explain.legal_void_trump_led" if led is trump else "explain.legal_void_no_trump_held"
        steps.append(Step.of(key, led=led, trump=trump))
        return steps, "none"
    steps.append(Step.of("explain.legal_ruff", rule=6, led=led, cards=trumps))
    top = _highest(trick, trump)
    if top is None:
        return steps, "ruff"
    over = [card for card in trumps if card.rank > top.rank]
    if over:
        steps.append(Step.of("explain.legal_overruff", rule=7, top=top, cards=over))
        return steps, "overruff"
    steps.append(Step.of("explain.legal_cannot_overruff", top=top))
    return steps, "ruff"


# -- a score -------------------------------------------------------------------------------

_PASS_WORDS = frozenset({"pass", "pas", "passes", "three passes", "trzy pasy"})


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreExplanation(Explanation):
    """The ``scores`` of a deal (declarer first) and how they come about."""

    contract: Contract
    tricks: tuple[int, int, int]
    doubled: bool
    scores: tuple[int, int, int]
    made: bool | None
    """Whether the declarer made the contract; ``None`` after three passes."""

    def _facts(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "contract": str(self.contract),
            "tricks": list(self.tricks),
            "doubled": self.doubled,
            "made": self.made,
        }


def parse_tricks(text: str) -> tuple[int, int, int]:
    """Tricks of a deal written ``7,2,1`` or ``7/2/1``: the declarer's, then each defender's.

    >>> parse_tricks("7, 2, 1")
    (7, 2, 1)
    """
    parts = [(m.group(), m.start()) for m in re.finditer(r"[^,/\s]+", text)]
    for part, start in parts:
        if not re.fullmatch(r"[0-9]{1,2}", part):
            raise NotationError("explain.bad_trick_count", token=part, position=start)
    if len(parts) != 3:
        raise NotationError("explain.bad_tricks", token=text.strip(), position=0)
    first, second, third = (int(part) for part, _ in parts)
    return first, second, third


def explain_score(
    contract: str | Contract, tricks: Sequence[int], *, doubled: bool = False
) -> ScoreExplanation:
    """How one deal scores (spec §6): contract points, overtricks, defenders, kontra.

    ``contract`` may be ``"pass"`` for three passes; ``tricks`` are the declarer's first.

    >>> why = explain_score("3♣", (7, 2, 1), doubled=True)
    >>> why.scores
    (-100, 60, 30)
    >>> why.lines()[-2]
    'Kontra: every figure counts double: -50, 30, 15 becomes -100, 60, 30 (rule 16)'
    """
    from betel_tutor.contracts import Contract
    from betel_tutor.scoring import score

    played = contract if isinstance(contract, Contract) else _scored_contract(contract)
    if len(tricks) != 3:
        raise BetelError("scoring.bad_tricks", tricks="/".join(map(str, tricks)))
    taken = (tricks[0], tricks[1], tricks[2])
    if played.kind == "free" and doubled:
        raise BetelError("explain.passes_not_doubled")
    plain = score(played, taken, doubled=False)
    final = score(played, taken, doubled=doubled)
    steps, made = _score_steps(played, taken)
    if doubled:
        steps.append(Step.of("explain.score_kontra", rule=16, before=plain, after=final))
    total = "explain.score_total_free" if played.kind == "free" else "explain.score_total"
    steps.append(Step.of(total, first=final[0], second=final[1], third=final[2]))
    return ScoreExplanation(
        steps=tuple(steps),
        contract=played,
        tricks=taken,
        doubled=doubled,
        scores=final,
        made=made,
    )


def _scored_contract(text: str) -> Contract:
    from betel_tutor.contracts import free_play, parse_contract

    if " ".join(text.lower().split()) in _PASS_WORDS:
        return free_play()
    return parse_contract(text)


def _score_steps(played: Contract, tricks: tuple[int, int, int]) -> tuple[list[Step], bool | None]:
    per = played.trick_points
    if played.kind == "free":
        steps = [Step.of("explain.score_passes", per=per)]
        for number, taken in enumerate(tricks, start=1):
            steps.append(
                Step.of(
                    "explain.score_player", number=number, tricks=taken, per=per, points=taken * per
                )
            )
        return steps, None
    declarer = tricks[0]
    points = played.contract_points
    made = played.is_made(declarer)
    if played.is_misere:
        allowed = played.tricks_allowed
        key = "explain.score_misere_zero" if allowed == 0 else "explain.score_misere"
        steps = [Step.of(key, contract=played, allowed=allowed, points=points)]
        outcome = "explain.score_misere_made" if made else "explain.score_misere_failed"
        steps.append(Step.of(outcome, tricks=declarer, allowed=allowed, points=points))
        steps.append(Step.of("explain.score_misere_defenders"))
        return steps, made
    needed = played.tricks_needed
    steps = [
        Step.of("explain.score_normal", contract=played, needed=needed, points=points, per=per)
    ]
    outcome = "explain.score_made" if made else "explain.score_failed"
    steps.append(Step.of(outcome, tricks=declarer, needed=needed, points=points))
    over = declarer - needed
    if made and over:
        steps.append(
            Step.of(
                "explain.score_overtricks",
                count=over,
                per=per,
                bonus=over * per,
                total=points + over * per,
            )
        )
    for number, taken in enumerate(tricks[1:], start=1):
        steps.append(
            Step.of(
                "explain.score_defender", number=number, tricks=taken, per=per, points=taken * per
            )
        )
    return steps, made


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

    contract: str | None
    declarer: int | None
    doubled: bool


def _standing(auction: Any) -> _Standing:
    return _Standing(auction.contract, auction.declarer, bool(auction.doubled))


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionExplanation(Explanation):
    """An auction call by call: the final ``contract``, ``declarer``, ``doubled``, ``finished``."""

    calls: tuple[str, ...]
    """The calls that were made, in order; the dealer (seat 0) called first."""
    actions: tuple[str, ...]
    """What each call did: "pass", "declare" or "kontra"."""
    contract: str | None
    declarer: int | None
    doubled: bool
    finished: bool
    error: BetelError | None = field(default=None, compare=False)
    """The illegal call's error, which stopped the explanation (it is the last step)."""

    def _facts(self) -> dict[str, Any]:
        calls = [
            {"seat": index % 3, "call": call, "action": action}
            for index, (call, action) in enumerate(zip(self.calls, self.actions, strict=True))
        ]
        error = None
        if self.error is not None:
            error = {
                "call_index": len(self.calls),
                "seat": len(self.calls) % 3,
                "reason": self.error.reason,
                "rule": self.error.rule,
            }
        return {
            "contract": self.contract,
            "declarer": self.declarer,
            "doubled": self.doubled,
            "finished": self.finished,
            "calls": calls,
            "error": error,
        }


def explain_auction(calls: str | Iterable[str], **options: Any) -> AuctionExplanation:
    """Each call in turn: who calls, what it does, what stands, and when the auction ends.

    ``calls`` is a list of calls or a string for :func:`parse_calls`; ``options`` go to
    :class:`betel_tutor.auction.Auction`. An illegal call stops the explanation: its message
    is the last step and the error is kept in ``error``.
    """
    from betel_tutor.auction import Auction  # only this explanation needs the auction machine

    texts = parse_calls(calls) if isinstance(calls, str) else tuple(calls)
    auction = Auction(**options)
    steps: list[Step] = []
    made: list[str] = []
    actions: list[str] = []
    error: BetelError | None = None
    for index, text in enumerate(texts):
        who = SeatName(index % 3)
        before = _standing(auction)
        try:
            auction.call(text)
        except BetelError as problem:
            error = _refused(problem, who, text)
            steps.append(Step.from_error(error))
            break
        after = _standing(auction)
        action = _action(before, after)
        made.append(text)
        actions.append(action)
        steps.extend(_call_steps(who, text, action, before, after, finished=auction.finished))
    else:
        if not auction.finished:
            steps.append(Step.of("explain.auction_goes_on", who=SeatName(len(texts) % 3)))
    return AuctionExplanation(
        steps=tuple(steps),
        calls=tuple(made),
        actions=tuple(actions),
        contract=auction.contract,
        declarer=auction.declarer,
        doubled=bool(auction.doubled),
        finished=bool(auction.finished),
        error=error,
    )


def _refused(problem: BetelError, who: SeatName, call: str) -> BetelError:
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
    who: SeatName, text: str, action: str, before: _Standing, after: _Standing, *, finished: bool
) -> list[Step]:
    from betel_tutor.contracts import parse_contract

    steps = []
    if text.startswith("[") and "]" in text:  # [take>lay]call, or [?looked]pass (spec §3)
        inner = text[1 : text.index("]")]
        if inner.startswith("?"):
            looked = parse_cards(inner[1:])
            steps.append(
                Step.of("explain.call_looked", who=who, cards=looked, penalty=5 * len(looked))
            )
        else:
            take, _, lay = inner.partition(">")
            steps.append(
                Step.of(
                    "explain.call_exchange", who=who, take=parse_cards(take), lay=parse_cards(lay)
                )
            )
    contract = parse_contract(after.contract) if after.contract else None
    previous = parse_contract(before.contract) if before.contract else None
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
            steps.append(
                Step.of(key, rule=15, who=SeatName(after.declarer or 0), contract=contract)
            )
    elif action != "declare":
        steps.append(_standing_step(after, contract))
    return steps


def _standing_step(standing: _Standing, contract: Contract | None) -> Step:
    if contract is None:
        return Step.of("explain.stands_nothing")
    key = "explain.stands_doubled" if standing.doubled else "explain.stands"
    return Step.of(key, contract=contract, who=SeatName(standing.declarer or 0))


# -- the rules summary ---------------------------------------------------------------------

SUMMARY_POINTS = 21


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesSummary(Explanation):
    """The article's 21-point rules summary (spec §11), or one point of it."""

    points: tuple[int, ...]

    def _facts(self) -> dict[str, Any]:
        return {"points": list(self.points)}


def rules_summary(point: int | str | None = None) -> RulesSummary:
    """All 21 points of the rules summary with a title, or only ``point``.

    >>> rules_summary(7).lines("pl")
    ['7. Obowiązek przebijania z wyjątkiem z punktu 8.']
    """
    if point is None:
        points = tuple(range(1, SUMMARY_POINTS + 1))
        steps = [Step.of("summary.title")]
    else:
        number = str(point).strip()
        if not re.fullmatch(r"[0-9]{1,2}", number) or not 1 <= int(number) <= SUMMARY_POINTS:
            raise NotationError("summary.no_such_point", token=str(point), position=0)
        points = (int(number),)
        steps = []
    for each in points:
        steps.append(Step.of("summary.point", number=each, text=Step.of(f"summary.{each}")))
    return RulesSummary(steps=tuple(steps), points=points)
