"""``explain``: a trick, the legal cards, a score or an auction, step by step (the rules in
brief are :mod:`betel_tutor.app.rules`)."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.cards import parse_cards
from betel_tutor.errors import BetelError
from betel_tutor.explain import (
    Explanation,
    explain_auction,
    explain_legal,
    explain_score,
    explain_trick,
    parse_tricks,
)
from betel_tutor.explain.penalty import explain_penalty_legal
from betel_tutor.penalty import parse_option
from betel_tutor.profiles import profile


@dataclass(frozen=True, slots=True)
class TrickOptions:
    trick: str  # the cards in the order played
    trump: str | None = None
    variant: str | None = None
    language: str = "en"  # the language the cards are written in


def trick(options: TrickOptions) -> Explanation:
    """Which card wins a trick (3 cards: Betel, 4: bridge), and why."""
    cards = parse_cards(options.trick, lang=options.language)
    return explain_trick(cards, trump=options.trump, variant=options.variant)


@dataclass(frozen=True, slots=True)
class LegalOptions:
    hand: str
    trick: str = ""
    trump: str | None = None
    betel_defender: bool = False
    game: str = "betel"
    penalty_cards: str | None = None  # bridge: a defender's penalty cards (Law 50)
    minor: str = ""
    declarer_option: str | None = None  # bridge: require:♠, forbid:♠,♥ or none (Law 50D)
    language: str = "en"


def legal(options: LegalOptions) -> Explanation:
    """Which cards may be played to a trick, and why the others are refused; with bridge's
    penalty cards (Law 50, 51) when the game is bridge or penalty cards are given."""
    language = options.language
    played = profile(options.game)
    if played.beat_duty and options.penalty_cards is None:
        return explain_legal(
            parse_cards(options.hand, lang=language),
            parse_cards(options.trick, lang=language),
            trump=options.trump,
            betel_defender=options.betel_defender,
        )
    if not played.boards:  # penalty cards are bridge's (Law 50)
        raise BetelError("penalty.bridge_only", law="50")
    option = options.declarer_option
    return explain_penalty_legal(
        parse_cards(options.hand, lang=language),
        parse_cards(options.trick, lang=language),
        penalty_cards=parse_cards(options.penalty_cards or "", lang=language),
        minor=parse_cards(options.minor, lang=language),
        option=None if option is None else parse_option(option),
    )


@dataclass(frozen=True, slots=True)
class ScoreOptions:
    contract: str
    tricks: str  # declarer first, e.g. 7,2,1
    doubled: bool = False


def score(options: ScoreOptions) -> Explanation:
    """How a deal scores: contract points, overtricks, defenders, kontra."""
    return explain_score(options.contract, parse_tricks(options.tricks), doubled=options.doubled)


@dataclass(frozen=True, slots=True)
class AuctionOptions:
    calls: tuple[str, ...]  # from the dealer on


def auction(options: AuctionOptions) -> Explanation:
    """Each call of an auction in turn: who calls, what it does, what stands. An illegal call
    stops the explanation, which carries the error (``error``) for the caller to raise after
    showing the calls before it."""
    return explain_auction(" ".join(options.calls))
