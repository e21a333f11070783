"""The counting method a declarer uses to judge a hand in a trump before bidding.

One method, used alike by the beginner computer player to bid, by the call hint to explain a
call, and by the lessons' ``count-tricks`` quizzes: the trump suit's length less half a trick
per missing top honour, the side aces, the guarded kings, the good queens and the ruffs.
"""

from __future__ import annotations

from collections.abc import Iterable

from betel_tutor.cards import Card, Rank, Suit

TOP_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN)


def count_tricks(hand: Iterable[Card], trump: Suit | None) -> float:
    """The tricks a declarer counts on playing with ``trump`` (``None``: no trump).

    In the trump suit (three cards or more) every card counts, less half a trick for each of
    the top three honours that a suit of that length misses (``A K x x x``: 4.5). In a short
    trump suit and in every side suit: an ace, a guarded king (a whole trick beside the ace,
    half a trick without it), a queen in three or more beside the ace or king (half a trick);
    with trumps, half a trick for each side suit of one card or none (a ruff). On random deals
    the count is, on average, what the hand takes with best play by everybody.

    >>> from betel_tutor.cards import parse_cards
    >>> count_tricks(parse_cards("♠AK987 ♥A ♦K8 ♣Q87"), Suit.SPADES)  # 4.5 + 1.5 + 0.5
    6.5
    """
    cards = list(hand)
    total = 0.0
    for suit in Suit:
        held = [card.rank for card in cards if card.suit is suit]
        length = len(held)
        if suit is trump and length >= 3:
            missing = sum(rank not in held for rank in TOP_HONOURS[:length])
            total += length - 0.5 * missing
            continue
        ace, king = Rank.ACE in held, Rank.KING in held
        total += ace
        total += (1.0 if ace else 0.5) * (king and length >= 2)
        total += 0.5 * (Rank.QUEEN in held and length >= 3 and (ace or king))
        if trump is not None and suit is not trump and length <= 1:
            total += 0.5
    return total


NO_TRUMP = 4
"""The place of no trump in :func:`strain_counts`, after the four suits by ``Suit.order``."""

_SUIT_SHIFTS = tuple((3 - order) * 13 for order in range(4))  # a suit's bits in a hand's mask
_WORTH: dict[int, tuple[float, float, float]] = {}


def _suit_worth(holding: int) -> tuple[float, float, float]:
    """A suit's share of the count, from its holding (bit 0 the ace, 1 the king, 2 the queen,
    and so down, as ``Card.index`` numbers a suit's cards): as a side suit, as the trump suit,
    and the ruff it gives as a side suit of one card or none when there are trumps."""
    worth = _WORTH.get(holding)
    if worth is None:
        length = holding.bit_count()
        ace, king, queen = bool(holding & 1), bool(holding & 2), bool(holding & 4)
        side = float(ace) + (1.0 if ace else 0.5) * (king and length >= 2)
        side += 0.5 * (queen and length >= 3 and (ace or king))
        missing = 3 - (ace + king + queen)
        as_trump = length - 0.5 * missing if length >= 3 else side
        worth = _WORTH[holding] = (side, as_trump, 0.5 * (length <= 1))
    return worth


def strain_counts(hand: Iterable[Card]) -> tuple[float, float, float, float, float]:
    """:func:`count_tricks` of ``hand`` for every trump and no trump at once, as a computer
    player that weighs every strain needs: the counts with each suit as trumps by its place
    (``Suit.order``), then at no trump (:data:`NO_TRUMP`). The same figures, far cheaper:
    each suit's share is looked up by its holding, kept once worked out.

    >>> from betel_tutor.cards import parse_cards
    >>> strain_counts(parse_cards("♠AK987 ♥A ♦K8 ♣Q87"))[Suit.SPADES.order]
    6.5
    """
    mask = 0
    for card in hand:
        mask |= 1 << card.index
    worth = [_suit_worth((mask >> shift) & 0x1FFF) for shift in _SUIT_SHIFTS]
    ruffing = [side + ruff for side, _, ruff in worth]
    total = sum(ruffing)
    clubs, diamonds, hearts, spades = (
        total - ruffing[order] + worth[order][1] for order in range(4)
    )
    return clubs, diamonds, hearts, spades, sum(side for side, _, _ in worth)


def written_count(count: float, lang: str = "en") -> str:
    """A count as a reader writes it: ``7½``, ``7``, ``½``.

    >>> written_count(7.5), written_count(7.0), written_count(0.5)
    ('7½', '7', '½')
    """
    whole = int(count)
    half = "½" if count - whole >= 0.5 else ""
    return f"{whole}{half}" if whole or not half else half
