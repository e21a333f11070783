"""The bridge penalty-card lesson (Law 50, 51) in the tutor: each board told card by card as
scripted; where the declarer chooses (an option before the partner's lead, a designation),
the learner, as declarer, chooses first. Any choice the laws allow is accepted, and what it
would allow is said; the board then goes on as written. A choice the laws refuse is refused
citing the law.
"""

from __future__ import annotations

from betel_tutor.cards import format_hand, parse_card, sort_cards
from betel_tutor.errors import BetelError, IllegalPlay
from betel_tutor.penalty import (
    PenaltyTable,
    apply_option,
    declarer_options,
    defender_legal,
    lead_legal,
    parse_option,
)
from betel_tutor.play import PlayState
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, PenaltyEvent, Scenario
from betel_tutor.scenario.script import replay
from betel_tutor.seats import Seat
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Prompt
from betel_tutor.tutor.phase import Continue, Next, Phase


class PenaltyLessonPhase(Phase):
    """The boards of ``lesson`` in turn; ``then`` follows the last."""

    def __init__(self, lesson: Scenario, then: Next) -> None:
        self.lesson, self.then = lesson, then
        self.deal_index = -1
        self.card = 0  # cards of the current deal told so far
        self.event = 0  # penalty steps of the current deal done so far
        self.table = PenaltyTable()
        self.asking: PenaltyEvent | None = None
        self.started = False

    # -- where we are ----------------------------------------------------------------------
    @property
    def deal(self) -> DealSpec:
        return self.lesson.deals[self.deal_index]

    def _state(self) -> PlayState:
        return replay(self.deal).states[self.card]

    def waiting(self, ctx: Context) -> bool:
        return self.asking is not None

    def advance(self, ctx: Context) -> Phase:
        if not self.started:
            self.started = True
            ctx.say(ctx.text(self.lesson.title).upper())
            if self.lesson.text is not None:
                ctx.teach(self.lesson.text)
            return self._next_deal(ctx)
        deal = self.deal
        events = deal.penalties
        if self.event < len(events) and events[self.event].after == self.card:
            event = events[self.event]
            if event.seat is not None:
                self._expose(ctx, event)
                self.event += 1
            else:
                self._ask(ctx, event)
            return self
        if self.card < len(deal.play):
            self._play(ctx)
            return self
        if self.deal_index + 1 < len(self.lesson.deals):
            return Continue(self._next_deal)
        return Continue(self.then)

    def _next_deal(self, ctx: Context) -> Phase:
        self.deal_index += 1
        self.card = self.event = 0
        self.table = PenaltyTable()
        deal = self.deal
        if deal.title is not None:
            ctx.say(ctx.text(deal.title))
        hands = realize(deal).hands
        for seat in Seat(0, 4).clockwise():
            name = seat.localized(ctx.lang)
            ctx.say(f"  {name:<9} {format_hand(hands[seat], lang=ctx.lang)}")
        contract = deal.contract
        if contract is not None and deal.declarer is not None:
            from betel_tutor.contracts import bridge_contract_words

            words = (
                bridge_contract_words(contract.level, contract.strain, ctx.lang)
                if contract.kind == "normal"
                else contract.localized(ctx.lang)
            )
            ctx.say(ctx.t("penalty_contract", contract=words, seat=Seat(deal.declarer, 4)))
        return self

    # -- the steps of a board ----------------------------------------------------------------
    def _expose(self, ctx: Context, event: PenaltyEvent) -> None:
        assert event.seat is not None
        self.table = self.table.expose(event.seat, event.expose, minor=event.minor)
        cards = " ".join(c.format(lang=ctx.lang) for c in event.expose)
        ctx.say(ctx.t("penalty_exposed", seat=event.seat, cards=cards))

    def _ask(self, ctx: Context, event: PenaltyEvent) -> None:
        self.asking = event
        state = self._state()
        seat = state.to_play
        if event.option is not None:
            pens = self.table.by_seat[seat.partner]
            options = ", ".join(str(o) for o in declarer_options(pens))
            ctx.say(ctx.t("penalty_choose_option", seat=seat, options=options))
        else:
            legal = defender_legal(state.hands[seat], state.current, self.table.by_seat[seat])
            cards = ", ".join(c.format(lang=ctx.lang) for c in sort_cards(legal.legal))
            ctx.say(ctx.t("penalty_choose_card", seat=seat, cards=cards))

    def prompt(self, ctx: Context) -> Prompt:
        event = self.asking
        if event is not None and event.option is not None:
            state = self._state()
            pens = self.table.by_seat[state.to_play.partner]
            choices = tuple(str(o) for o in declarer_options(pens))
            return Prompt(ctx.t("penalty_prompt_option"), expects="option", choices=choices)
        return Prompt(ctx.t("penalty_prompt_card"), expects="card")

    def handle(self, ctx: Context, line: str) -> Phase:
        event = self.asking
        assert event is not None
        state = self._state()
        seat = state.to_play
        try:
            if event.option is not None:
                chosen = parse_option(line)
                _left, rule = apply_option(self.table.by_seat[seat.partner], chosen)
                leads = lead_legal(state.hands[seat], rule).legal
                cards = ", ".join(c.format(lang=ctx.lang) for c in sort_cards(leads))
                ctx.say(ctx.t("penalty_your_option", law=rule.law, seat=seat, cards=cards))
                if parse_option(event.option) != chosen:
                    ctx.say(ctx.t("penalty_board_option", option=event.option))
                self.table = self.table.with_option(seat, parse_option(event.option))
            else:
                card = parse_card(line, lang=ctx.lang)
                legal = defender_legal(state.hands[seat], state.current, self.table.by_seat[seat])
                if not legal.designate or card not in legal.legal:
                    raise IllegalPlay(
                        "penalty.designate_not_legal",
                        reason="designate_not_legal",
                        law="51A",
                        card=card,
                        options=sort_cards(legal.legal),
                    )
                assert event.designate is not None
                ctx.say(ctx.t("penalty_your_card", card=card))
                if card != event.designate:
                    ctx.say(ctx.t("penalty_board_card", card=event.designate))
                self.table = self.table.designate(event.designate)
        except BetelError as error:
            ctx.refuse_error(line, error)
            return self
        self.asking = None
        self.event += 1
        return self

    def _play(self, ctx: Context) -> None:
        state = self._state()
        seat = state.to_play
        card = self.deal.play[self.card]
        self.table = self.table.played(seat, card)
        ctx.say(ctx.t("penalty_card_played", seat=seat, card=card))
        self.card += 1
        after = replay(self.deal).states[self.card]
        if not after.current and after.tricks:
            winner = after.tricks[-1].winner
            self.table = self.table.trick_won(winner)
            ctx.say(ctx.t("penalty_trick_won", seat=winner))


LESSONS = ("penalty-cards",)


def open_lesson(name: str) -> Phase:
    """The phase of the shipped bridge lesson ``name``; the menu follows it."""
    from betel_tutor.errors import NotationError
    from betel_tutor.resources import data_dir
    from betel_tutor.scenario import load
    from betel_tutor.tutor.menu import MenuPhase

    if name not in LESSONS:
        raise NotationError("tutor.bad_lesson", token=name, position=0)
    lesson, _problems = load(str(data_dir("scenarios") / "lessons" / f"{name}.yaml"))
    assert lesson is not None  # a shipped lesson: checked by the tests
    return PenaltyLessonPhase(lesson, lambda ctx: MenuPhase())
