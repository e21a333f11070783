"""Watching a scripted deal: its auction, trade and play told move by move, as written.

A ``watch`` step whose deal scripts an auction or a play (level 9's worked example) is told
from the script replayed by the engine (:func:`betel_tutor.scenario.script.replay`): the bids
for the first exchange, every offer where it was made and how it was answered, each call and
card, who takes each trick, and the points with trade. A script that stops before the end is
finished by the computer players, each card with its reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from betel_tutor.bots import choose_card
from betel_tutor.cards import Card, format_hand
from betel_tutor.play import DealPlay, PlayState
from betel_tutor.scenario.model import DealSpec
from betel_tutor.scenario.script import replay
from betel_tutor.trade import Record
from betel_tutor.tutor import trading

if TYPE_CHECKING:
    from betel_tutor.tutor.session import Session


def scripted(deal: DealSpec) -> bool:
    return deal.auction is not None or bool(deal.play) or bool(deal.trades)


def watch_script(session: Session, deal: DealSpec, hands: tuple[tuple[Card, ...], ...]) -> None:
    """Tell the deal as its script has it (the checker has proved the script legal)."""
    replayed = replay(deal)
    ledger = replayed.ledger
    session.say(session.t("watch_intro", dealer=session.name(deal.dealer)))
    for seat in range(3):
        name = session.name(seat).localized(session.lang)
        session.say(f"  {name:<9} {format_hand(hands[seat], lang=session.lang)}")
    if deal.first_exchange is not None:
        for k, bid in enumerate(deal.first_exchange):
            seat = (deal.dealer + k) % 3
            session.say(session.t("bid_made", seat=session.name(seat), points=bid))
        if ledger.first_caller is not None:
            points = deal.first_exchange[(ledger.first_caller - deal.dealer) % 3]
            session.say(session.t("bid_won", seat=session.name(ledger.first_caller), points=points))
    by_move: dict[int, list[Record]] = {}
    for record in ledger.records:
        if record.outcome != "lapsed":
            by_move.setdefault(record.moves, []).append(record)
    moves = 0
    for auction_seat, call in replayed.calls:
        tell_trades(session, by_move.get(moves, []))
        seat = (deal.dealer + auction_seat) % 3
        session.say(session.t("calls", seat=session.name(seat), call=str(call)))
        moves += 1
    if replayed.declarer is not None:
        key = "contract_doubled" if replayed.doubled else "contract_is"
        seat_name = session.name(replayed.declarer)
        session.say(session.t(key, contract=replayed.contract, seat=seat_name))
    states = list(replayed.states)
    for index, (_, card) in enumerate(replayed.played):
        tell_trades(session, by_move.get(moves, []))
        say_card(session, states, index, card, None)
        moves += 1
    tell_trades(session, by_move.get(moves, []))
    game = DealPlay(replayed.state)  # the replay is shared and immutable: play on a copy
    finish(session, game)
    say_points(session, game, replayed.doubled, ledger.points)


def tell_trades(session: Session, records: list[Record]) -> None:
    for record in records:
        trading.tell(session, record.offer, record.outcome, record.precise)


def say_card(
    session: Session, states: list[PlayState], index: int, card: Card, reason: str | None
) -> None:
    before, after = states[index], states[index + 1]
    session.say(session.t("plays", seat=session.name(before.to_play), card=card))
    if reason is not None:
        session.say(f"    {reason}")
    if len(after.tricks) > len(before.tricks):
        session.say(session.t("takes", seat=session.name(after.tricks[-1].winner)))


def finish(session: Session, game: DealPlay) -> None:
    """The computer players play the cards the script leaves out, saying why."""
    while not game.state.finished:
        choice = choose_card(game.state)
        states = [game.state]
        game.play(choice.card)
        states.append(game.state)
        say_card(session, states, 0, choice.card, session.reason(choice.reason, choice.params))


def say_points(session: Session, game: DealPlay, doubled: bool, trade: tuple[int, ...]) -> None:
    taken = game.state.tricks_taken()
    for seat in range(3):
        session.say(session.t("tricks_taken", seat=session.name(seat), n=taken[seat]))
    scores = game.state.scores(doubled=doubled)
    entries = [f"{session.name(s).localized(session.lang)} {scores[s]:+d}" for s in range(3)]
    session.say(session.t("scores", scores=", ".join(entries)))
    if any(trade):
        names = trading.names(session)
        points = ", ".join(f"{n} {p:+d}" for n, p in zip(names, trade, strict=True))
        session.say(session.t("trade_points_watched", points=points))
