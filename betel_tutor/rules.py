"""Legal plays and trick winners: pure functions over cards (spec §5, rules 5–8).

These two functions are the hot path of random playouts and of the solver's reference checks,
so they are written for speed: interned cards compared by identity, no allocation beyond the
result. Text given for cards (``legal_plays("♥AK8", …)``) is not looked for beforehand: it is
named when it fails them, with what reads it (:mod:`betel_tutor.arguments`).

>>> from betel_tutor.cards import parse_cards
>>> hand = parse_cards("♥AK8 ♠7")
>>> sorted(str(c) for c in legal_plays(hand, parse_cards("♥Q"), trump="♠"))
['♥A', '♥K']
>>> trick_winner(parse_cards("♠A ♣2 ♦2 ♥2"), trump="♠", variant="blue-suit")
1
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal, cast

from betel_tutor.arguments import explain_failure, require
from betel_tutor.cards import Card, Suit, sort_cards
from betel_tutor.errors import IllegalPlay, NotationError
from betel_tutor.seats import Seat

TrumpArg = Suit | str | None
Variant = Literal["blue-suit"] | None

_TRUMPS: dict[object, Suit | None] = {None: None, "": None, "NT": None, "nt": None}
for _suit in Suit:
    _emoji = _suit.symbol + "\ufe0f"  # ♥️ as phones write it
    for _key in (_suit, _suit.symbol, _emoji, _suit.letter, _suit.letter.lower()):
        _TRUMPS[_key] = _suit


def as_trump(trump: TrumpArg) -> Suit | None:
    """A trump argument (``Suit``, ``"♠"``, ``"S"``, ``None``, ``"NT"``) as a suit or ``None``."""
    try:
        return _TRUMPS[trump]
    except (KeyError, TypeError):
        raise NotationError("cards.bad_suit", token=str(trump), position=0) from None


def legal_plays(
    hand: Collection[Card],
    trick: Sequence[Card],
    *,
    trump: TrumpArg = None,
    beat_obligation: bool = True,
) -> frozenset[Card]:
    """The cards of ``hand`` that may be played to ``trick`` under Betel's obligations.

    In order (spec §5, rules 5–8): follow suit; when following, beat every card of the led suit
    already played if you can — unless the trick has been ruffed; when void, ruff; when the
    trick is ruffed, overruff if you can, else play a lower trump; with neither the led suit nor
    a trump, play anything. ``beat_obligation=False`` is the Betel defenders' case (rule 8):
    follow suit, and ruff when void (rule 6), but never need to beat or overruff.
    """
    if not trick:
        _first_is_a_card(hand, "legal_plays")
        return frozenset(hand)
    try:
        trump_suit = trump if trump.__class__ is Suit else as_trump(trump)
        led = trick[0].suit
        following = [card for card in hand if card.suit is led]
        if following:
            if not beat_obligation:
                return frozenset(following)
            if trump_suit is not None and led is not trump_suit:
                for card in trick:
                    if card.suit is trump_suit:  # ruffed: relief from beating (rule 7, §5.2)
                        return frozenset(following)
            top = max(card.rank for card in trick if card.suit is led)
            higher = [card for card in following if card.rank > top]
            return frozenset(higher or following)
        if trump_suit is None:
            return frozenset(hand)
        trumps = [card for card in hand if card.suit is trump_suit]
        if not trumps:
            return frozenset(hand)
        if beat_obligation:
            ruffs = [card.rank for card in trick if card.suit is trump_suit]
            if ruffs:
                top = max(ruffs)
                over = [card for card in trumps if card.rank > top]
                if over:
                    return frozenset(over)
        return frozenset(trumps)
    except AttributeError:  # text where cards belong (``"♥AK8"``): name what reads it
        explain_failure("legal_plays", Card, hand, trick)
        raise


def follow_suit_plays(
    hand: Collection[Card], trick: Sequence[Card], *, trump: TrumpArg = None
) -> frozenset[Card]:
    """Bridge (Law 44): follow suit if you can, else play anything; no duty to beat or ruff."""
    if not trick:
        _first_is_a_card(hand, "follow_suit_plays")
        return frozenset(hand)
    try:
        led = trick[0].suit
        following = [card for card in hand if card.suit is led]
    except AttributeError:
        explain_failure("follow_suit_plays", Card, hand, trick)
        raise
    return frozenset(following or hand)


def _first_is_a_card(hand: Collection[Card], where: str) -> None:
    """A lead lets the hand through unread: its first card is looked at, so that text (or a
    list of it) is refused; a full check would cost the hot path of playouts. An iterator
    is not looked at: that would use up its first card."""
    cards = iter(hand)
    if cards is cast(object, hand):
        return
    for card in cards:
        if card.__class__ is not Card:
            explain_failure(where, Card, hand)
        return


def _standard_winner(trick: Sequence[Card], trump_suit: Suit | None) -> int:
    best_index = 0
    best = trick[0]
    for index in range(1, len(trick)):
        card = trick[index]
        if card.suit is best.suit:
            if card.rank > best.rank:
                best_index, best = index, card
        elif card.suit is trump_suit:  # the best so far is not a trump, this one is
            best_index, best = index, card
    return best_index


def _blue_suit_winner(trick: Sequence[Card], trump_suit: Suit | None) -> int:
    """The blue-suit rule (boards-and-bridge.md §2): on a trump lead clubs are a second trump.

    A club beats a winning trump; clubs never beat clubs; any trump beats a winning club; a
    higher trump beats a winning trump. On any other lead the ordinary rule applies.
    """
    if trump_suit is None or trick[0].suit is not trump_suit:
        return _standard_winner(trick, trump_suit)
    best_index = 0
    best = trick[0]
    for index in range(1, len(trick)):
        card = trick[index]
        if best.suit is trump_suit:
            if card.suit is Suit.CLUBS or (card.suit is trump_suit and card.rank > best.rank):
                best_index, best = index, card
        elif card.suit is trump_suit:  # the winner is a club: any trump beats it
            best_index, best = index, card
    return best_index


_WINNERS: dict[object, Callable[[Sequence[Card], Suit | None], int]] = {
    None: _standard_winner,
    "blue-suit": _blue_suit_winner,
}
VARIANTS = tuple(name for name in _WINNERS if isinstance(name, str))


def trick_winner(trick: Sequence[Card], *, trump: TrumpArg = None, variant: Variant = None) -> int:
    """Index in ``trick`` of the winning card: the highest trump, else the highest of the suit led.

    ``variant="blue-suit"`` applies the blue-suit rule.
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    trump_suit = trump if trump.__class__ is Suit else as_trump(trump)
    try:
        winner = _WINNERS[variant]
    except KeyError:
        raise NotationError("rules.bad_variant", token=str(variant), position=0) from None
    try:
        return winner(trick, trump_suit)
    except AttributeError:  # text where cards belong (``"♠A ♣2 ♦2"``): name what reads it
        explain_failure("trick_winner", Card, trick)
        raise


# -- explaining a refused card -----------------------------------------------------------------


def _refuse(
    reason: str,
    player: Seat | None,
    *,
    rule: int | None = None,
    law: str | None = None,
    many: bool = False,
    **params: Any,
) -> IllegalPlay:
    """The refusal ``reason``, spoken about ``player`` or, with none, to the learner ("You …").

    Catalog keys are ``play.<reason>[_many][_you]``: the wording changes with one or several
    cards to choose from, and with the grammatical person (Polish verbs differ).
    """
    key = f"play.{reason}{'_many' if many else ''}{'_you' if player is None else ''}"
    if player is not None:
        params["player"] = player
    return IllegalPlay(key, reason=reason, rule=rule, law=law, **params)


def _require_play(where: str, hand: object, trick: object, card: object) -> None:
    """A card is a :class:`Card` (text, ``"♠A"``, would be "not in hand"); a hand or trick
    given as text is refused here, cards in it as text by :func:`legal_plays`."""
    require(card, Card, where)
    if hand.__class__ is str or trick.__class__ is str:
        explain_failure(where, Card, hand, trick)


def refusal(
    hand: Collection[Card],
    trick: Sequence[Card],
    card: Card,
    *,
    trump: TrumpArg = None,
    beat_obligation: bool = True,
    player: Seat | None = None,
) -> IllegalPlay | None:
    """Why ``card`` may not be played here, as an :class:`IllegalPlay`; ``None`` if it may.

    With no ``player`` the message speaks to the learner ("You cannot play …").
    """
    _require_play("refusal", hand, trick, card)
    if card not in hand:
        return _refuse("not_in_hand", player, card=card)
    allowed = legal_plays(hand, trick, trump=trump, beat_obligation=beat_obligation)
    if card in allowed:
        return None
    trump_suit = as_trump(trump)
    led = trick[0].suit
    options = sort_cards(allowed)
    many = len(options) > 1
    if any(c.suit is led for c in hand):
        if card.suit is not led:  # rule 5
            return _refuse("must_follow", player, rule=5, card=card, led=led, options=options)
        top = max((c for c in trick if c.suit is led), key=lambda c: c.rank)
        return _refuse("must_beat", player, rule=7, many=many, card=card, top=top, higher=options)
    if trump_suit is not None and card.suit is not trump_suit:  # rule 6
        return _refuse(
            "must_ruff", player, rule=6, card=card, led=led, trump=trump_suit, options=options
        )
    top = max((c for c in trick if c.suit is trump_suit), key=lambda c: c.rank)
    return _refuse("must_overruff", player, rule=7, many=many, card=card, top=top, higher=options)


def follow_suit_refusal(
    hand: Collection[Card],
    trick: Sequence[Card],
    card: Card,
    *,
    trump: TrumpArg = None,
    beat_obligation: bool = True,
    player: Seat | None = None,
) -> IllegalPlay | None:
    """Why ``card`` may not be played under Law 44 (follow suit only), or ``None``."""
    _require_play("follow_suit_refusal", hand, trick, card)
    if card not in hand:
        return _refuse("not_in_hand", player, card=card)
    allowed = follow_suit_plays(hand, trick)
    if card in allowed:
        return None
    # Bridge cites its own law, not the Betel summary's rule 5.
    return _refuse(
        "must_follow", player, law="44", card=card, led=trick[0].suit, options=sort_cards(allowed)
    )


def check_play(
    hand: Collection[Card],
    trick: Sequence[Card],
    card: Card,
    *,
    trump: TrumpArg = None,
    beat_obligation: bool = True,
    player: Seat | None = None,
) -> None:
    """Raise :class:`IllegalPlay` if ``card`` may not be played here."""
    _require_play("check_play", hand, trick, card)
    problem = refusal(
        hand, trick, card, trump=trump, beat_obligation=beat_obligation, player=player
    )
    if problem is not None:
        raise problem
