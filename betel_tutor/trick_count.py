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


def counts_by_trump(hand: Iterable[Card]) -> dict[Suit | None, float]:
    """:func:`count_tricks` of ``hand`` for every trump and no trump at once: each suit read
    once, as a computer player that weighs every strain needs (the same figures, cheaper; the
    suits are taken by their place, ``Suit.order``, since hashing a suit is dear).

    >>> from betel_tutor.cards import parse_cards
    >>> counts_by_trump(parse_cards("♠AK987 ♥A ♦K8 ♣Q87"))[Suit.SPADES]
    6.5
    """
    held: list[list[Rank]] = [[], [], [], []]
    for card in hand:
        held[card.suit.order].append(card.rank)
    side, as_trump, ruff = [0.0] * 4, [0.0] * 4, [0.0] * 4
    for order, ranks in enumerate(held):
        length = len(ranks)
        ace, king = Rank.ACE in ranks, Rank.KING in ranks
        value = float(ace) + (1.0 if ace else 0.5) * (king and length >= 2)
        value += 0.5 * (Rank.QUEEN in ranks and length >= 3 and (ace or king))
        side[order] = value
        missing = sum(rank not in ranks for rank in TOP_HONOURS[:length])
        as_trump[order] = length - 0.5 * missing if length >= 3 else value
        ruff[order] = 0.5 * (length <= 1)
    ruffing = [value + extra for value, extra in zip(side, ruff, strict=True)]
    total = sum(ruffing)
    counts: dict[Suit | None, float] = {None: sum(side)}
    for trump in Suit:
        order = trump.order
        counts[trump] = total - ruffing[order] + as_trump[order]
    return counts


def written_count(count: float, lang: str = "en") -> str:
    """A count as a reader writes it: ``7½``, ``7``, ``½``.

    >>> written_count(7.5), written_count(7.0), written_count(0.5)
    ('7½', '7', '½')
    """
    whole = int(count)
    half = "½" if count - whole >= 0.5 else ""
    return f"{whole}{half}" if whole or not half else half
