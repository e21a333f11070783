"""What the side to play wants, and which cards get it: the test a puzzle's answer meets.

The declarer of a normal contract wants at least the tricks it needs (spec §4), its defenders
want it to fall short; in a betelek or Betel the declarer wants no more tricks than it is
allowed, the defenders want it to take more. A card *reaches the goal* when, played now and
then everybody playing best double dummy, the side ends the deal with its goal met.
"""

from __future__ import annotations

from betel_tutor.bots.strong import club_card
from betel_tutor.cards import Card, sort_cards
from betel_tutor.contracts import Contract
from betel_tutor.play import PlayState
from betel_tutor.solver.api import card_reaches, card_values
from betel_tutor.solver.board import Board


def goal_met(contract: Contract, declarer_tricks: int, *, declarer_side: bool) -> bool:
    """Whether the side (the declarer's or the defenders') has its goal with the declarer
    ending on ``declarer_tricks`` tricks."""
    made = contract.is_made(declarer_tricks)
    return made if declarer_side else not made


def same_run(state: PlayState, first: Card, second: Card) -> bool:
    """Whether two cards of the player to move are equal in rank order: of one suit, with
    no card between them held by another player or lying in the current trick."""
    if first.suit is not second.suit:
        return False
    low, high = sorted((first.rank, second.rank))
    others = {c for seat, hand in enumerate(state.hands) if seat != state.to_play for c in hand}
    others.update(state.current)
    return not any(c.suit is first.suit and low < c.rank < high for c in others)


def runs(state: PlayState, cards: list[Card]) -> list[tuple[Card, ...]]:
    """``cards`` (of the player to move) in sets of equal cards, highest set first."""
    groups: list[list[Card]] = []
    for card in sort_cards(cards):
        for group in groups:
            if same_run(state, group[0], card):
                group.append(card)
                break
        else:
            groups.append([card])
    return [tuple(group) for group in groups]


def card_goals(
    state: PlayState, earlier: int, board: Board
) -> tuple[dict[Card, int], dict[Card, bool]]:
    """Every legal card's value (the declarer's tricks in the deal, those of the state's
    tricks included) and whether it reaches the goal of the side to play; ``earlier`` are
    the declarer's tricks won before the state's history begins (a puzzle's position)."""
    values = card_values(state, board)
    declarer_side = state.to_play == state.declarer
    return values, {
        card: goal_met(state.contract, earlier + value, declarer_side=declarer_side)
        for card, value in values.items()
    }


def goal_reaching(state: PlayState, board: Board) -> dict[Card, bool]:
    """Whether each legal card reaches the goal of the side to play: one null-window search a
    card (``card_reaches``), cheaper than their values, for proving a puzzle again."""
    contract = state.contract
    target = contract.tricks_needed if contract.kind == "normal" else contract.allowed + 1
    reaches = card_reaches(state, target, board)
    keeps = (state.to_play == state.declarer) == (contract.kind == "normal")
    return {card: reached == keeps for card, reached in reaches.items()}


def sole_answer(state: PlayState, board: Board) -> tuple[Card, ...] | None:
    """:func:`only_answer` by :func:`goal_reaching` alone (no card's value)."""
    reach = goal_reaching(state, board)
    groups = runs(state, list(reach))
    good = [group for group in groups if reach[group[0]]]
    return good[0] if len(good) == 1 and len(groups) >= 2 else None


def wants_tricks(state: PlayState) -> bool:
    """Whether the side to play wants the declarer to take tricks (the declarer of a normal
    contract, the defenders of a betelek or Betel) or to take none."""
    return (state.to_play == state.declarer) == (state.contract.kind == "normal")


def best_cards(state: PlayState, values: dict[Card, int]) -> list[Card]:
    """The cards that do best for the side to play, by their values."""
    pick = max if wants_tricks(state) else min
    best = pick(values.values())
    return [card for card, value in values.items() if value == best]


def only_answer(
    state: PlayState, earlier: int, board: Board
) -> tuple[tuple[Card, ...] | None, int, dict[Card, int]]:
    """The one set of equal cards that reaches the goal of the side to play, when there is
    exactly one and some other legal card does not (``None`` otherwise); how many sets of
    equal cards there are to choose from; and every card's value."""
    values, reach = card_goals(state, earlier, board)
    groups = runs(state, list(values))
    good = [group for group in groups if reach[group[0]]]
    answer = good[0] if len(good) == 1 and len(groups) >= 2 else None
    return answer, len(groups), values


def choose(state: PlayState, cards: list[Card] | tuple[Card, ...]) -> Card:
    """The computer player's card among equally good ``cards``: the club player's choice when
    it is one of them, else the lowest (of the lowest suit in the deck's order)."""
    chosen = club_card(state).card
    if chosen in cards:
        return chosen
    return min(cards, key=lambda card: (int(card.rank), -card.index))
