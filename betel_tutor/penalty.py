"""Bridge penalty cards: Law 50 (major and minor) and Law 51 (two or more), as pure functions.

A penalty card is a card a defender exposed other than by playing it in turn; it stays face up
and still belongs to the hand (boards-and-bridge.md §4). The values here are immutable; each
function returns a new value. Refusals are :class:`IllegalPlay` errors whose message cites the
law in both languages ("Law 51B1a" / "Prawo 51B1a").

>>> from betel_tutor.cards import parse_cards
>>> pens = Penalties.of(parse_cards("♠K ♥5"), minor=parse_cards("♥5"))
>>> hand = parse_cards("♠K942 ♥Q65 ♦3")
>>> sorted(map(str, defender_legal(hand, (), pens).legal))
['♠K']
>>> sorted(map(str, defender_legal(hand, parse_cards("♥2"), pens).legal))
['♥5', '♥Q']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from betel_tutor.cards import Card, Rank, Suit, sort_cards
from betel_tutor.errors import IllegalPlay, NotationError
from betel_tutor.rules import as_trump, follow_suit_plays
from betel_tutor.seats import Seat

__all__ = [
    "DeclarerOption",
    "LeadRule",
    "Penalties",
    "PenaltyLegal",
    "PenaltyTable",
    "apply_option",
    "check_option",
    "declarer_options",
    "defender_legal",
    "defender_refusal",
    "is_minor",
    "lead_legal",
    "lead_refusal",
    "option_law",
    "parse_option",
    "table_refusal",
]

OptionKind = Literal["require", "forbid", "none"]


def is_minor(cards: Collection[Card], *, deliberate: bool = False) -> bool:
    """Law 50B: a single card below honour rank exposed inadvertently is minor; an honour, any
    card exposed deliberately, or two or more cards exposed at once, are major."""
    return not deliberate and len(cards) == 1 and all(c.rank < Rank.TEN for c in cards)


@dataclass(frozen=True, slots=True)
class Penalties:
    """One defender's penalty cards: ``major`` and ``minor`` (disjoint)."""

    major: frozenset[Card] = frozenset()
    minor: frozenset[Card] = frozenset()

    @classmethod
    def of(cls, cards: Iterable[Card], *, minor: Iterable[Card] = ()) -> Penalties:
        """``cards`` are the penalty cards; those also in ``minor`` are minor (Law 50B)."""
        every = frozenset(cards)
        small = frozenset(minor)
        for card in small:
            if card not in every:
                raise IllegalPlay(
                    "penalty.minor_not_penalty", reason="minor_not_penalty", law="50B", card=card
                )
            if card.rank >= Rank.TEN:
                raise IllegalPlay(
                    "penalty.minor_honour", reason="minor_honour", law="50B", card=card
                )
        return cls(every - small, small)

    @property
    def cards(self) -> frozenset[Card]:
        return self.major | self.minor

    @property
    def major_suits(self) -> frozenset[Suit]:
        return frozenset(card.suit for card in self.major)

    def __bool__(self) -> bool:
        return bool(self.major or self.minor)

    def without(self, card: Card) -> Penalties:
        """After ``card`` is played (or picked up)."""
        return Penalties(self.major - {card}, self.minor - {card})

    def picked_up(self, suits: Collection[Suit]) -> Penalties:
        """Every penalty card of ``suits`` picked up (Law 50D2a, 51B1, 51B2b)."""
        return Penalties(
            frozenset(c for c in self.major if c.suit not in suits),
            frozenset(c for c in self.minor if c.suit not in suits),
        )


@dataclass(frozen=True, slots=True)
class DeclarerOption:
    """The declarer's choice when the partner of a defender with major penalty cards is to lead
    (Law 50D2, 51B): ``require`` one suit, ``forbid`` one or more, or ``none``."""

    kind: OptionKind
    suits: frozenset[Suit] = frozenset()

    def __str__(self) -> str:
        return self.format()

    def format(self, lang: str = "en") -> str:
        """``require:♠``, ``forbid:♠,♥``, ``none``; in Polish ``nakaz:♠``, ``zakaz:♠,♥``,
        ``nic``."""
        word = OPTION_WORDS[lang if lang in OPTION_WORDS else "en"][self.kind]
        if self.kind == "none":
            return word
        return f"{word}:" + ",".join(s.symbol for s in sorted(self.suits, key=suit_order))


# The option's words, read in either language whatever the learner's (like card letters).
OPTION_WORDS: dict[str, dict[OptionKind, str]] = {
    "en": {"require": "require", "forbid": "forbid", "none": "none"},
    "pl": {"require": "nakaz", "forbid": "zakaz", "none": "nic"},
}
_READ: dict[str, OptionKind] = {
    said: kind for words in OPTION_WORDS.values() for kind, said in words.items()
} | {"nakaż": "require", "zakaż": "forbid"}


def suit_order(suit: Suit) -> int:
    """A suit's place where options and messages name suits in order: ♠ ♥ ♦ ♣."""
    return list(Suit).index(suit)


def parse_option(text: str) -> DeclarerOption:
    """``require:♠``, ``forbid:♠,♥`` (letters too: ``forbid:S,H``) or ``none``; the Polish
    words ``nakaz``, ``zakaz``, ``nic`` too."""
    word, _, rest = text.strip().partition(":")
    kind = _READ.get(word.strip().lower())
    if kind == "none" and not rest.strip():
        return DeclarerOption("none")
    if kind not in ("require", "forbid") or not rest.strip():
        raise NotationError("penalty.bad_option", token=text, position=0)
    suits = []
    for token in rest.replace(" ", ",").split(","):
        if token.strip():
            suit = as_trump(token.strip())
            if suit is None:
                raise NotationError("penalty.bad_option", token=text, position=0)
            suits.append(suit)
    return DeclarerOption(kind, frozenset(suits))


def declarer_options(penalties: Penalties) -> tuple[DeclarerOption, ...]:
    """Every choice the declarer has when the partner of a defender with ``penalties`` is to
    lead (Law 50D2, 51B): require each suit of the major penalty cards, forbid each non-empty
    set of them, or neither; none without a major penalty card. The tutor offers these."""
    suits = sorted(penalties.major_suits, key=suit_order)
    if not suits:
        return ()
    options = [DeclarerOption("require", frozenset((suit,))) for suit in suits]
    for mask in range(1, 1 << len(suits)):
        chosen = frozenset(suit for bit, suit in enumerate(suits) if mask >> bit & 1)
        options.append(DeclarerOption("forbid", chosen))
    options.append(DeclarerOption("none"))
    return tuple(options)


def option_law(penalties: Penalties, option: DeclarerOption) -> str:
    """The law under which ``option`` is taken for these penalty cards."""
    suits = penalties.major_suits
    if len(suits) > 1:
        return {"require": "51B2a", "forbid": "51B2b", "none": "51B2c"}[option.kind]
    several = len([c for c in penalties.cards if c.suit in suits]) > 1
    if option.kind == "none":
        return "50D2b"
    if not several:
        return "50D2a"
    return "51B1a" if option.kind == "require" else "51B1b"


def check_option(penalties: Penalties, option: DeclarerOption) -> None:
    """Raise :class:`IllegalPlay` unless the declarer may choose ``option`` here."""
    suits = penalties.major_suits
    if not suits:
        raise IllegalPlay("penalty.no_option", reason="no_option", law="50D2")
    law = option_law(penalties, option)
    if option.kind == "require" and len(option.suits) != 1:
        raise IllegalPlay("penalty.require_one", reason="require_one", law=law)
    if option.kind != "none" and not option.suits:
        raise IllegalPlay("penalty.bad_option_suits", reason="bad_option_suits", law=law)
    for suit in option.suits:
        if suit not in suits:
            raise IllegalPlay(
                "penalty.option_not_penalty_suit",
                reason="option_not_penalty_suit",
                law=law,
                suit=suit,
                suits=tuple(sorted(suits, key=suit_order)),
            )


@dataclass(frozen=True, slots=True)
class LeadRule:
    """The declarer's option in force for the partner's lead, and the law it was taken under.
    ``lasting``: it stays in force while the partner keeps the lead (Law 51B1b, 51B2)."""

    option: DeclarerOption
    law: str
    lasting: bool


def apply_option(penalties: Penalties, option: DeclarerOption) -> tuple[Penalties, LeadRule]:
    """The defender's penalty cards after the declarer's choice, and the rule for the lead.

    Requiring or forbidding a suit picks up every penalty card of it; with neither, the penalty
    cards stay (Law 50D2b, 51B2c).
    """
    check_option(penalties, option)
    law = option_law(penalties, option)
    left = penalties.picked_up(option.suits) if option.kind != "none" else penalties
    lasting = option.kind == "forbid" or law.startswith("51B2")
    return left, LeadRule(option, law, lasting)


@dataclass(frozen=True, slots=True)
class PenaltyLegal:
    """The cards that may be played; ``designate``: the declarer chooses among them (Law 51A);
    ``law``: the law that narrows them, if any."""

    legal: frozenset[Card]
    designate: bool = False
    law: str | None = None


def _law_hand(hand: Collection[Card], trick: Sequence[Card]) -> frozenset[Card]:
    return follow_suit_plays(hand, trick)


def defender_legal(
    hand: Collection[Card], trick: Sequence[Card], penalties: Penalties
) -> PenaltyLegal:
    """The cards a defender with ``penalties`` may play to ``trick`` (penalty cards are part of
    ``hand``). A major penalty card must be played at the first legal opportunity (Law 50D1);
    two or more that may: the declarer designates (Law 51A). A minor one bars the other cards
    of its suit below honour rank (Law 50C)."""
    allowed = _law_hand(hand, trick)
    majors = frozenset(c for c in penalties.major if c in allowed)
    if len(majors) > 1:
        return PenaltyLegal(majors, True, "51A")
    if majors:
        return PenaltyLegal(majors, False, "50D1")
    barred = frozenset(
        c
        for c in allowed
        if c.rank < Rank.TEN
        and c not in penalties.minor
        and any(m.suit is c.suit and m in hand for m in penalties.minor)
    )
    if barred and allowed - barred:
        return PenaltyLegal(allowed - barred, False, "50C")
    return PenaltyLegal(allowed)


def lead_legal(hand: Collection[Card], rule: LeadRule | None) -> PenaltyLegal:
    """The cards the partner of a defender with penalty cards may lead under the declarer's
    ``rule``; a player who cannot comply may lead any card (Law 59)."""
    every = frozenset(hand)
    if rule is None or rule.option.kind == "none":
        return PenaltyLegal(every)
    suits = rule.option.suits
    if rule.option.kind == "require":
        chosen = frozenset(c for c in every if c.suit in suits)
    else:
        chosen = frozenset(c for c in every if c.suit not in suits)
    if not chosen:
        return PenaltyLegal(every, False, "59")
    return PenaltyLegal(chosen, False, rule.law)


def _refused(key: str, law: str | None, player: Seat | None, **params: Any) -> IllegalPlay:
    """The refusal ``key`` about ``player``, or with none to the learner (``key_you``)."""
    reason = key.rsplit(".", 1)[-1]
    if player is None:
        return IllegalPlay(key + "_you", reason=reason, law=law, **params)
    return IllegalPlay(key, reason=reason, law=law, player=player, **params)


def defender_refusal(
    hand: Collection[Card],
    trick: Sequence[Card],
    card: Card,
    penalties: Penalties,
    *,
    designated: Card | None = None,
    player: Seat | None = None,
) -> IllegalPlay | None:
    """Why a defender with ``penalties`` may not play ``card``, or ``None``. ``designated``: the
    card the declarer designated among two or more (Law 51A)."""
    if card not in hand:
        return _refused("play.not_in_hand", None, player, card=card)
    allowed = _law_hand(hand, trick)
    if card not in allowed:
        return _refused(
            "play.must_follow",
            "44",
            player,
            card=card,
            led=trick[0].suit,
            options=sort_cards(allowed),
        )
    result = defender_legal(hand, trick, penalties)
    if result.designate:
        if designated is None:
            return IllegalPlay(
                "penalty.designate_first",
                reason="designate_first",
                law="51A",
                options=sort_cards(result.legal),
            )
        if designated not in result.legal:
            return IllegalPlay(
                "penalty.designate_not_legal",
                reason="designate_not_legal",
                law="51A",
                card=designated,
                options=sort_cards(result.legal),
            )
        if card != designated:
            return _refused(
                "penalty.must_designated", "51A", player, card=card, designated=designated
            )
        return None
    if card in result.legal:
        return None
    if result.law == "50D1":
        (major,) = result.legal
        return _refused("penalty.must_major", "50D1", player, card=card, penalty=major)
    minor = next(m for m in penalties.minor if m.suit is card.suit)
    return _refused("penalty.minor_first", "50C", player, card=card, penalty=minor)


def lead_refusal(
    hand: Collection[Card], card: Card, rule: LeadRule | None, *, player: Seat | None = None
) -> IllegalPlay | None:
    """Why the partner may not lead ``card`` under the declarer's ``rule``, or ``None``."""
    if card not in hand:
        return _refused("play.not_in_hand", None, player, card=card)
    result = lead_legal(hand, rule)
    if card in result.legal or rule is None:
        return None
    suits = tuple(sorted(rule.option.suits, key=suit_order))
    kind = "lead_required" if rule.option.kind == "require" else "lead_forbidden"
    return _refused(f"penalty.{kind}", rule.law, player, card=card, suits=suits)


# -- a bridge deal's penalty cards as it is played ---------------------------------------------


@dataclass(frozen=True, slots=True)
class PenaltyTable:
    """Penalty cards at a bridge table: by seat, the lead rule in force and for whom, and the
    card the declarer designated (Law 51A), if any. Immutable; each step returns a new one."""

    by_seat: tuple[Penalties, ...] = (Penalties(),) * 4
    rule: LeadRule | None = None
    rule_for: Seat | None = None
    designated: Card | None = None

    def expose(
        self, seat: Seat, cards: Iterable[Card], *, minor: Iterable[Card] = ()
    ) -> PenaltyTable:
        old = self.by_seat[seat]
        new = Penalties.of(cards, minor=minor)
        merged = Penalties(old.major | new.major, (old.minor | new.minor) - new.major)
        return replace(self, by_seat=_set(self.by_seat, seat, merged))

    def with_option(self, leader: Seat, option: DeclarerOption) -> PenaltyTable:
        """The declarer's choice before ``leader``'s lead (``leader``'s partner has the cards)."""
        offender = leader.partner
        left, rule = apply_option(self.by_seat[offender], option)
        return replace(self, by_seat=_set(self.by_seat, offender, left), rule=rule, rule_for=leader)

    def designate(
        self, seat: Seat, hand: Collection[Card], trick: Sequence[Card], card: Card
    ) -> PenaltyTable:
        """The declarer designates ``card`` for ``seat`` to play (Law 51A): refused unless
        ``seat`` may play two or more penalty cards to ``trick`` and ``card`` is one of them."""
        result = defender_legal(hand, trick, self.by_seat[seat])
        if not result.designate or card not in result.legal:
            raise IllegalPlay(
                "penalty.designate_not_legal",
                reason="designate_not_legal",
                law="51A",
                card=card,
                options=sort_cards(result.legal) if result.designate else (),
            )
        return replace(self, designated=card)

    def legal(self, seat: Seat, hand: Collection[Card], trick: Sequence[Card]) -> PenaltyLegal:
        """The cards ``seat`` may play to ``trick`` now, and the law that narrows them, if any:
        the lead under the declarer's option (Law 50D2, 51B, 59), a defender's penalty cards
        (Law 50C, 50D1), the card the declarer designated (Law 51A); else following suit."""
        if not trick and self.rule is not None and self.rule_for == seat:
            return lead_legal(hand, self.rule)
        penalties = self.by_seat[seat]
        if not penalties:
            return PenaltyLegal(_law_hand(hand, trick))
        result = defender_legal(hand, trick, penalties)
        if result.designate and self.designated in result.legal:
            assert self.designated is not None
            return PenaltyLegal(frozenset((self.designated,)), False, "51A")
        return result

    def needs_option(self, seat: Seat, trick: Sequence[Card]) -> bool:
        """The declarer must choose before ``seat`` leads: its partner has major penalty cards
        and no rule is in force for this lead."""
        return not trick and bool(self.by_seat[seat.partner].major) and self.rule_for != seat

    def played(self, seat: Seat, card: Card) -> PenaltyTable:
        return replace(
            self,
            by_seat=_set(self.by_seat, seat, self.by_seat[seat].without(card)),
            designated=None,
        )

    def trick_won(self, winner: Seat) -> PenaltyTable:
        """A rule lasts while its leader keeps the lead (Law 51B1b, 51B2); else it ends."""
        if self.rule is not None and self.rule.lasting and winner == self.rule_for:
            return self
        return replace(self, rule=None, rule_for=None)


def _set(values: tuple[Penalties, ...], index: int, value: Penalties) -> tuple[Penalties, ...]:
    return tuple(value if i == index else v for i, v in enumerate(values))


def table_refusal(
    table: PenaltyTable,
    seat: Seat,
    hand: Collection[Card],
    trick: Sequence[Card],
    card: Card,
    *,
    player: Seat | None = None,
) -> IllegalPlay | None:
    """Why ``seat`` may not play ``card`` at a table with penalty cards, or ``None``: the
    declarer must choose before the partner of a defender with major penalty cards leads
    (Law 50D2, 51B); the lead obeys that choice; a defender obeys Law 50C, 50D1 and 51A."""
    if table.needs_option(seat, trick):
        return IllegalPlay("penalty.option_needed", reason="option_needed", law="50D2")
    if not trick and table.rule is not None and table.rule_for == seat:
        problem = lead_refusal(hand, card, table.rule, player=player)
        if problem is not None:
            return problem
    if table.by_seat[seat]:
        return defender_refusal(
            hand, trick, card, table.by_seat[seat], designated=table.designated, player=player
        )
    return None
