"""The auction of a deal at the tutor's table (levels 5–10, spec §3).

The computer players call with :func:`betel_tutor.bots.bidding.choose_call`; the learner types
calls, and an exchange is shown before it is made. When the auction ends the play begins, after
the resting fourth player's prediction where there is one (:mod:`betel_tutor.tutor.resting`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from betel_tutor.auction import Auction, Call, apply_call, parse_call
from betel_tutor.bots.bidding import choose_call
from betel_tutor.bots.strong_bidding import strong_call
from betel_tutor.cards import Card, format_hand
from betel_tutor.contracts import free_play
from betel_tutor.errors import BetelError
from betel_tutor.play import BETEL, DealPlay, start_play
from betel_tutor.scenario.model import PlayStep
from betel_tutor.tutor import resting, trading
from betel_tutor.tutor.table import LEARNER, THREE, Player, Rest, Table

if TYPE_CHECKING:
    from betel_tutor.tutor.session import Session


def begin_auction(
    session: Session,
    step: PlayStep,
    hands: tuple[tuple[Card, ...], ...],
    dubel: tuple[Card, ...],
    dealer: int,
    *,
    names: tuple[Player, ...] = THREE,
    rest: Rest | None = None,
) -> None:
    """Seat the players and run the computer players' calls up to the learner's turn."""
    assert session.lesson is not None
    options = session.lesson.options
    order = tuple((dealer + k) % 3 for k in range(3))
    auction = Auction(
        hands=[hands[seat] for seat in order],
        dubel=dubel,
        kontra=options.kontra,
        betelki=options.betelki,
        normal=options.normal,
        exchange=options.exchange,
    )
    session.table = table = Table(
        None,
        step,
        step.open,
        auction=auction,
        order=order,
        hands=tuple(frozenset(h) for h in hands),
        names=names,
        rest=rest,
        strength=session.strength,
    )
    if rest is not None and rest.learner:
        resting.show_rest_deal(session, hands, dubel)
    session.say(session.t("auction_intro", dealer=session.name(dealer)))
    if table.learner_seat is not None and step.goal:  # a match deal has no goal of its own
        session.say(session.t("goal_" + next(iter(step.goal)), n=next(iter(step.goal.values()))))
    if options.trade:  # the bank sells the first exchange first (rules 9–10)
        trading.start(session, table, seed=f"{session.seed or ''}/{step.deal}/{session.level}")
        return
    run_bidders(session)


def run_bidders(session: Session) -> None:
    """Computer players call until it is the learner's turn or the auction is over."""
    table = session.table
    assert table is not None and table.auction is not None
    auction = table.auction
    while not auction.finished:
        if trading.between_moves(session):  # rules 3–4: offers first; one waits for the learner
            return
        seat = table.order[auction.to_call]
        if seat == table.learner_seat:
            break
        hand = auction.state.hands[auction.to_call] if auction.state.hands else frozenset()
        due = trading.due_move(table, seat)  # rule 20: a call it was paid for
        call = (
            due
            if isinstance(due, Call)
            else (strong_call if session.strength == "strong" else choose_call)(auction.state, hand)
        )
        auction.call(call)
        trading.moved(table, seat)
        session.say(session.t("calls", seat=session.name(seat), call=str(call)))
    if auction.finished:
        end_auction(session)
        return
    hand = auction.state.hands[auction.to_call] if auction.state.hands else frozenset()
    session.say(session.t("your_hand", cards=format_hand(hand, lang=session.lang)))
    if auction.dubel:
        session.say(session.t("dubel", cards=" ".join(map(str, auction.dubel))))
    session.say(session.t("legal_calls", calls=", ".join(map(str, auction.legal_calls()))))


def handle_call(session: Session, line: str) -> None:
    """The learner's call, or their answer to an exchange shown to them."""
    table = session.table
    assert table is not None and table.auction is not None
    auction = table.auction
    pending = table.pending_call
    if pending is not None:  # the learner was shown an exchange and asked to confirm it
        table.pending_call = None
        if line.strip().lower() not in ("yes", "y", "tak", "t"):
            session.say(session.t("exchange_cancelled"))
            return
        text = pending
    else:
        text = line.strip()
    try:
        if text.startswith("[") and pending is None:
            preview_exchange(session, text)
            return
        call = parse_call(text)
        if not trading.check_learner_move(session, call):
            return
        auction.call(call)
    except BetelError as error:
        session.say(error.message(session.lang))
        return
    trading.moved(table, LEARNER)
    session.say(session.t("calls", seat=session.name(LEARNER), call=auction.calls[-1]))
    run_bidders(session)


def preview_exchange(session: Session, text: str) -> None:
    """Show what an exchange does before it is made (raises if the call is illegal)."""
    table = session.table
    assert table is not None and table.auction is not None
    before = table.auction.state
    call = parse_call(text)
    after = apply_call(before, call)
    hand = after.hands[before.to_call] if after.hands is not None else frozenset()
    session.say(
        session.t(
            "exchange_preview",
            take=" ".join(map(str, call.take)),
            lay=" ".join(map(str, call.lay)),
            hand=format_hand(hand, lang=session.lang),
            dubel=" ".join(map(str, after.dubel or ())),
        )
    )
    table.pending_call = text


def end_auction(session: Session) -> None:
    """The contract (or three passes), the resting player's prediction, then the play."""
    table = session.table
    assert table is not None and table.auction is not None
    auction = table.auction
    order = table.order
    hands = list(table.hands)
    if auction.state.hands is not None:
        for index, seat in enumerate(order):
            hands[seat] = auction.state.hands[index]
    standing = auction.state.standing
    if standing is None:
        contract, declarer = free_play(), None
        session.say(session.t("three_passes"))
    else:
        assert auction.declarer is not None
        contract, declarer = standing, order[auction.declarer]
        table.doubled = auction.doubled
        key = "contract_doubled" if auction.doubled else "contract_is"
        session.say(session.t(key, contract=contract, seat=session.name(declarer)))
    state = start_play(BETEL, hands, contract, declarer=declarer, dealer=order[0])
    table.play = DealPlay(state)
    table.calls = tuple(map(str, auction.calls))
    final = auction.state
    table.auction = None
    if table.rest is not None and resting.ask_for_prediction(session, table.rest, final):
        return  # the learner rests: the play waits for their prediction
    session.run_bots()
