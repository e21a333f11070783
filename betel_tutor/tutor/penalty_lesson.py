"""The bridge penalty-card lesson (Law 50, 51) in the tutor: the learner, South, is the declarer
and plays declarer's and dummy's (North's) cards card by card. The defenders play the board's
scripted cards while the script has them and the laws allow them after the learner's choices;
else a legal card the engine chooses, honouring their penalty-card duties, and the law that
forced it is said. Where the declarer chooses (an option before the partner of a defender with
penalty cards leads, Law 50D2 and 51B; a designation, Law 51A), the learner chooses: any
lawful choice is accepted and applied, an unlawful one is refused citing the law. A board ends
when its script's last trick is complete; then its notes are shown.
"""

from __future__ import annotations

from betel_tutor import i18n
from betel_tutor.cards import Card, Suit, format_hand, parse_card, sort_cards
from betel_tutor.contracts import bridge_contract_words
from betel_tutor.errors import BetelError, IllegalPlay
from betel_tutor.penalty import (
    Penalties,
    PenaltyLegal,
    PenaltyTable,
    apply_option,
    declarer_options,
    defender_legal,
    lead_legal,
    parse_option,
    table_refusal,
)
from betel_tutor.play import PlayState, play_card, start_play
from betel_tutor.profiles import profile
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, Scenario
from betel_tutor.seats import Seat
from betel_tutor.tutor.commands import Command, Typed
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import CardPlayed, Hint, Prompt
from betel_tutor.tutor.phase import Continue, Next, Phase
from betel_tutor.tutor.scene import Scene

FORCED = ("50C", "50D1", "51A", "59")  # laws that narrow a card by themselves, not an option


class PenaltyLessonPhase(Phase):
    """The boards of ``lesson`` in turn; ``then`` follows the last."""

    def __init__(self, lesson: Scenario, then: Next) -> None:
        self.lesson, self.then = lesson, then
        self.deal_index = -1
        self.state: PlayState | None = None
        self.played = 0  # cards of the current board played so far
        self.end = 0  # the board ends when this many cards are played
        self.on_script = True  # every card so far is the board's own
        self.exposed = 0  # the board's exposures done
        self.table = PenaltyTable()
        self.asking: str | None = None  # "option", "designate" or "card"
        self.started = False

    # -- where we are ----------------------------------------------------------------------
    @property
    def deal(self) -> DealSpec:
        return self.lesson.deals[self.deal_index]

    @property
    def now(self) -> PlayState:
        assert self.state is not None
        return self.state

    @property
    def declarer(self) -> Seat:
        return Seat(self.deal.declarer if self.deal.declarer is not None else 2, 4)

    def learners(self) -> tuple[Seat, Seat]:
        """The seats whose cards the learner plays: the declarer's and the dummy's."""
        return self.declarer, self.declarer.partner

    @property
    def expects(self) -> str:  # type: ignore[override]
        return self.asking or "continue"

    @property
    def at_table(self) -> bool:
        return self.state is not None

    def waiting(self, ctx: Context) -> bool:
        return self.asking is not None

    def advance(self, ctx: Context) -> Phase:
        if not self.started:
            self.started = True
            ctx.view = self.scene
            ctx.say(ctx.text(self.lesson.title).upper())
            if self.lesson.text is not None:
                ctx.teach(self.lesson.text)
            return Continue(self._next_deal)
        state = self.now
        if self.played >= self.end and not state.current:
            return self._board_over(ctx)
        self._exposures(ctx)
        seat = state.to_play
        if self.table.needs_option(seat, state.current):
            self.asking = "option"
            pens = self.table.by_seat[seat.partner]
            options = ", ".join(o.format(ctx.lang) for o in declarer_options(pens))
            self._show(ctx)
            ctx.say(ctx.t("penalty_choose_option", seat=seat, options=options))
            return self
        if seat in self.learners():
            self.asking = "card"
            self._show(ctx)
            return self
        legal = self._legal(seat)
        if legal.designate and self.table.designated is None:
            self.asking = "designate"
            cards = ", ".join(c.format(lang=ctx.lang) for c in sort_cards(legal.legal))
            self._show(ctx)
            ctx.say(ctx.t("penalty_choose_card", seat=seat, cards=cards))
            return self
        self._defender(ctx, seat)
        return self

    def _next_deal(self, ctx: Context) -> Phase:
        self.deal_index += 1
        self.played = self.exposed = 0
        self.on_script = True
        self.table = PenaltyTable()
        deal = self.deal
        length = len(deal.play)
        self.end = max(4, -(-length // 4) * 4)
        hands = realize(deal).hands
        self.state = start_play(
            profile("bridge"),
            hands,
            deal.contract,  # type: ignore[arg-type]  # a lesson board has its contract
            declarer=self.declarer,
            dealer=deal.dealer,
        )
        if deal.title is not None:
            ctx.say(ctx.text(deal.title))
        for note in deal.notes:
            if note.category == "before":
                ctx.teach(note.text)
        for seat in Seat(0, 4).clockwise():
            name = seat.localized(ctx.lang)
            ctx.describe(f"  {name:<9} {format_hand(hands[seat], lang=ctx.lang)}")
        contract = deal.contract
        if contract is not None:
            words = (
                bridge_contract_words(contract.level, contract.strain, ctx.lang)
                if contract.kind == "normal"
                else contract.localized(ctx.lang)
            )
            ctx.say(ctx.t("penalty_contract", contract=words, seat=self.declarer))
        return self

    def _board_over(self, ctx: Context) -> Phase:
        ctx.say(ctx.t("penalty_board_over"))
        if not self.on_script and any(n.category == "after" for n in self.deal.notes):
            ctx.say(ctx.t("penalty_notes_as_written"))
        for note in self.deal.notes:
            if note.category == "after":
                ctx.teach(note.text)
        self.state = None
        if self.deal_index + 1 < len(self.lesson.deals):
            return Continue(self._next_deal)
        return Continue(self._done)

    def _done(self, ctx: Context) -> Phase:
        ctx.view = None
        return self.then(ctx)

    def scene(self, ctx: Context) -> Scene:
        """The board as the learner sees it: four hands open, the trick, the penalty cards."""
        title = ctx.text(self.lesson.title)
        state = self.state
        if state is None:
            return Scene("", title=title)
        order = (self.declarer, self.declarer.lho, self.declarer.partner, self.declarer.rho)
        leader = state.leader
        trick = tuple((leader.next(i), card) for i, card in enumerate(state.current))
        last: tuple[tuple[Seat, Card], ...] = ()
        winner = None
        if state.tricks:
            done = state.tricks[-1]
            last = tuple((done.leader.next(i), card) for i, card in enumerate(done.cards))
            winner = done.winner
        taken = state.tricks_taken()
        contract = self.deal.contract
        return Scene(
            "",
            title=title,
            step=self.deal_index + 1,
            steps=len(self.lesson.deals),
            seats=order,
            learner=self.declarer,
            hands={seat: tuple(sort_cards(state.hands[seat])) for seat in order},
            counts={seat: len(state.hands[seat]) for seat in order},
            contract=contract,
            trumps=contract.trump if contract is not None else None,
            declarer=self.declarer,
            trick=trick,
            last_trick=last,
            last_winner=winner,
            tricks={seat: taken[seat] for seat in order},
            to_move=state.to_play,
            open=True,
            playing=state.to_play if self.asking == "card" else None,
            penalty={
                seat: tuple(sort_cards(self.table.by_seat[seat].cards))
                for seat in order
                if self.table.by_seat[seat]
            },
        )

    # -- what the table shows ------------------------------------------------------------------
    def _show(self, ctx: Context) -> None:
        """The trick so far, the dummy, the declarer's hand and the penalty cards on the table
        (a full-screen front end draws them)."""
        state = self.now
        lang = ctx.lang
        if state.current:
            leader = state.leader
            cards = " ".join(
                f"{leader.next(i).localized(lang)} {card.format(lang=lang)}"
                for i, card in enumerate(state.current)
            )
            ctx.describe(ctx.t("penalty_trick_so_far", cards=cards))
        for seat in (self.declarer.partner, self.declarer):
            ctx.describe(f"  {seat.localized(lang):<9} {format_hand(state.hands[seat], lang=lang)}")
        for seat in Seat(0, 4).clockwise():
            pens = self.table.by_seat[seat]
            if pens:
                ctx.describe(ctx.t("penalty_on_table", seat=seat, cards=_penalty_words(pens, lang)))

    # -- the defenders ---------------------------------------------------------------------
    def _exposures(self, ctx: Context) -> None:
        for index, event in enumerate(self.deal.penalties):
            if index < self.exposed or event.seat is None:
                continue
            if event.after != self.played or not self.on_script:
                continue
            self.table = self.table.expose(event.seat, event.expose, minor=event.minor)
            cards = " ".join(c.format(lang=ctx.lang) for c in event.expose)
            ctx.say(ctx.t("penalty_exposed", seat=event.seat, cards=cards))
            self.exposed = index + 1

    def _legal(self, seat: Seat) -> PenaltyLegal:
        """The cards ``seat`` may play now, and the law that narrows them, if any."""
        state, table = self.now, self.table
        hand = state.hands[seat]
        if not state.current and table.rule is not None and table.rule_for == seat:
            return lead_legal(hand, table.rule)
        pens = table.by_seat[seat]
        if pens:
            result = defender_legal(hand, state.current, pens)
            if result.designate and table.designated in result.legal:
                assert table.designated is not None
                return PenaltyLegal(frozenset((table.designated,)), False, "51A")
            return result
        return PenaltyLegal(state.legal_moves())

    def _defender(self, ctx: Context, seat: Seat) -> None:
        state = self.now
        scripted = self._scripted()
        problem: IllegalPlay | None = None
        if scripted is not None:
            problem = table_refusal(
                self.table, seat, state.hands[seat], state.current, scripted, player=seat
            )
            if problem is None and scripted in state.legal_moves():
                self._play(
                    ctx, seat, scripted, ctx.t("penalty_card_played", seat=seat, card=scripted)
                )
                return
            self.on_script = False
        legal = self._legal(seat)
        card = _engine_card(legal.legal)
        if scripted is not None:
            why = problem.message(ctx.lang) if problem is not None else ""
            text = ctx.t("penalty_script_refused", why=why, seat=seat, card=card)
        elif legal.law is not None:
            text = ctx.t(
                "penalty_forced",
                seat=seat,
                card=card,
                why=self._why(ctx, legal.law),
                law=legal.law,
            )
        else:
            text = ctx.t("penalty_card_played", seat=seat, card=card)
        self._play(ctx, seat, card, text)

    def _why(self, ctx: Context, law: str) -> str:
        rule = self.table.rule
        if law in FORCED:
            return ctx.t(f"penalty_why_{law}")
        assert rule is not None
        suits = " ".join(s.symbol for s in Suit if s in rule.option.suits)
        return ctx.t(f"penalty_why_{rule.option.kind}", suits=suits)

    def _scripted(self) -> Card | None:
        play = self.deal.play
        if self.on_script and self.played < len(play):
            return play[self.played]
        return None

    def _play(self, ctx: Context, seat: Seat, card: Card, text: str) -> None:
        state = self.now
        self.table = self.table.played(seat, card)
        self.state = play_card(state, card)
        self.played += 1
        winner: Seat | None = None
        if not self.state.current:
            winner = self.state.tricks[-1].winner
            self.table = self.table.trick_won(winner)
        ctx.emit(
            CardPlayed(
                text,
                seat=seat,
                card=card,
                wins=winner,
            )
        )
        if winner is not None:
            ctx.say(ctx.t("penalty_trick_won", seat=winner))

    # -- the learner ---------------------------------------------------------------------
    def prompt(self, ctx: Context) -> Prompt:
        if self.asking is None:
            return Prompt(ctx.t("prompt_continue"), expects="continue")
        state = self.now
        seat = state.to_play
        if self.asking == "option":
            pens = self.table.by_seat[seat.partner]
            options = declarer_options(pens)
            words = ", ".join(o.format(ctx.lang) for o in options)
            return Prompt(
                ctx.t("penalty_prompt_option", options=words), expects="option", choices=options
            )
        if self.asking == "designate":
            legal = self._legal(seat).legal
            designated = tuple(sort_cards(legal))
            return Prompt(ctx.t("penalty_prompt_card"), expects="designate", choices=designated)
        cards = tuple(sort_cards(state.legal_moves()))
        return Prompt(ctx.t("penalty_prompt_play", seat=seat), expects="card", choices=cards)

    def handle(self, ctx: Context, line: str) -> Phase:
        asking = self.asking
        if asking is None:
            return self
        state = self.now
        seat = state.to_play
        try:
            if asking == "option":
                chosen = parse_option(line)
                _left, rule = apply_option(self.table.by_seat[seat.partner], chosen)
                leads = lead_legal(state.hands[seat], rule)
                cards = ", ".join(c.format(lang=ctx.lang) for c in sort_cards(leads.legal))
                if leads.law == "59":
                    ctx.say(ctx.t("penalty_your_option_59", law=rule.law, seat=seat))
                else:
                    ctx.say(ctx.t("penalty_your_option", law=rule.law, seat=seat, cards=cards))
                self.table = self.table.with_option(seat, chosen)
            elif asking == "designate":
                card = parse_card(line, lang=ctx.lang)
                legal = self._legal(seat)
                if card not in legal.legal:
                    raise IllegalPlay(
                        "penalty.designate_not_legal",
                        reason="designate_not_legal",
                        law="51A",
                        card=card,
                        options=sort_cards(legal.legal),
                    )
                ctx.say(ctx.t("penalty_your_card", card=card))
                self.table = self.table.designate(card)
            else:
                card = parse_card(line, lang=ctx.lang)
                problem = state.refusal(card, speak_to_learner=True)
                if problem is not None:
                    raise problem
                if self._scripted() != card:
                    self.on_script = False
                self.asking = None
                self._play(ctx, seat, card, ctx.t("penalty_card_played", seat=seat, card=card))
                return self
        except BetelError as error:
            ctx.refuse_error(line, error)
            return self
        self.asking = None
        return self

    def command(self, ctx: Context, typed: Typed) -> Phase | None:
        if typed.command is not Command.HINT or self.asking is None:
            return None
        ctx.emit(Hint("\n".join(self.hint_lines(ctx))))
        return self

    def hint_lines(self, ctx: Context) -> list[str]:
        """What the laws allow at the learner's prompt."""
        state = self.now
        seat = state.to_play
        lang = ctx.lang
        if self.asking == "option":
            pens = self.table.by_seat[seat.partner]
            out = [ctx.t("penalty_hint_options", seat=seat)]
            for option in declarer_options(pens):
                _left, rule = apply_option(pens, option)
                leads = lead_legal(state.hands[seat], rule)
                if leads.law == "59":
                    effect = ctx.t("penalty_hint_any_59")
                else:
                    effect = " ".join(c.format(lang=lang) for c in sort_cards(leads.legal))
                kept = _penalty_words(_left, lang) if _left else ctx.t("penalty_hint_none_left")
                suits = " ".join(s.symbol for s in Suit if s in option.suits)
                meaning = i18n.translate(f"explain.option_{option.kind}", lang, suits=suits)
                out.append(
                    ctx.t(
                        "penalty_hint_option",
                        option=option.format(lang),
                        meaning=meaning,
                        law=rule.law,
                        cards=effect,
                        kept=kept,
                    )
                )
            return out
        if self.asking == "designate":
            cards = " ".join(c.format(lang=lang) for c in sort_cards(self._legal(seat).legal))
            return [ctx.t("penalty_hint_designate", seat=seat, cards=cards)]
        cards = " ".join(c.format(lang=lang) for c in sort_cards(state.legal_moves()))
        out = [ctx.t("penalty_hint_card", seat=seat, cards=cards)]
        if state.current:
            out.append(ctx.t("penalty_hint_follow"))
        for other in Seat(0, 4).clockwise():
            pens = self.table.by_seat[other]
            if pens.major:
                words = _penalty_words(pens, lang)
                out.append(ctx.t("penalty_hint_major", seat=other, cards=words))
        return out


def _penalty_words(pens: Penalties, lang: str) -> str:
    return " ".join(c.format(lang=lang) for c in sort_cards(pens.cards))


def _engine_card(legal: frozenset[Card]) -> Card:
    """The engine's card among ``legal``: the lowest, spades first among equals."""
    return min(sort_cards(legal), key=lambda card: card.rank)


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
