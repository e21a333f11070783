"""The play of a deal at the tutor's table: the computer players' cards, the learner's card,
``hint``, ``undo`` and ``open``; at the end, the deal's result (:mod:`betel_tutor.tutor.dealend`).
"""

from __future__ import annotations

from betel_tutor.bots import Choice, choose_card
from betel_tutor.bots.strong import player
from betel_tutor.cards import Card, format_hand, parse_card, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.play import DealPlay, PlayState
from betel_tutor.seats import Seat
from betel_tutor.tutor import chances, trading
from betel_tutor.tutor.commands import Command, Typed
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.dealend import end_deal
from betel_tutor.tutor.events import CardPlayed, Hint, Prompt
from betel_tutor.tutor.goals import outlook, reachable
from betel_tutor.tutor.phase import Next, Phase
from betel_tutor.tutor.table import LEARNER, Table
from betel_tutor.tutor.text import shown, small_number


class PlayPhase(Phase):
    """Cards are played until the deal is over; then ``then`` decides what follows."""

    expects = "card"
    gives_hint = True

    def __init__(self, table: Table, then: Next, *, in_match: bool = False) -> None:
        assert table.play is not None
        self.table, self.then, self.in_match = table, then, in_match
        self.shown = False  # the table was shown for the learner's turn
        self.begun = False  # the learner's goal was stated from the start of play

    @property
    def at_table(self) -> bool:
        return True

    @property
    def game(self) -> DealPlay:
        assert self.table.play is not None
        return self.table.play

    @property
    def state(self) -> PlayState:
        return self.game.state

    def waiting(self, ctx: Context) -> bool:
        if not self.begun:
            return False
        state = self.state
        if state.finished or state.to_play != self.table.learner_seat:
            return False
        return not trading.between_moves(ctx, self.table)  # rules 3–4: offers first

    def advance(self, ctx: Context) -> Phase:
        table = self.table
        if not self.begun:
            self.begin(ctx)
            return self
        if table.trading is not None and table.trading.to_learner:
            return trading.OfferPhase(table, self)
        if self.state.finished:
            end_deal(ctx, table)
            return self.then(ctx)
        if trading.between_moves(ctx, table):  # a swap may change the hands: read them after
            return trading.OfferPhase(table, self)
        state = self.state
        seat = state.to_play
        if seat == table.learner_seat:
            return self
        due = trading.due_move(table, seat)  # rule 20: a card it was paid to play
        choice = Choice(due, "bots.bound", {"card": due}) if isinstance(due, Card) else None
        if choice is None:
            choice = table.computer(state)
        reason = ctx.reason(choice.reason, choice.params) if table.open else None
        self.record(ctx, seat, choice.card, reason)
        trading.moved(table, seat)
        return self

    def begin(self, ctx: Context) -> None:
        """The start of play: what best play allows the learner's side, and so the goal in
        the learner's terms (spec §12.8); a goal best play cannot reach is said to be so."""
        self.begun = True
        table, learner = self.table, self.table.learner_seat
        if learner is None or table.replay:
            return
        if table.outlook is None:
            table.outlook = outlook(self.state, learner)
        view = table.outlook
        if not table.step.goal:
            return
        goal, value = next(iter(table.step.goal.items()))
        if goal == "best":
            normal = view.side == "own" or self.state.contract.kind == "normal"
            key = view.side if normal else f"misere_{view.side}"
            ctx.say(ctx.t(f"goal_best_{key}", n=view.best))
        elif reachable(goal, value, self.state, learner, view) is False:
            whose = "own" if view.side == "own" else "declarer"
            result = ctx.t(f"side_result_{whose}", n=view.best)
            ctx.say(ctx.t("goal_out_of_reach", side_result=result))

    def record(self, ctx: Context, seat: Seat, card: Card, reason: str | None) -> None:
        play_and_tell(ctx, self.game, card, reason)
        self.shown = False

    def legal(self) -> list[Card]:
        return sort_cards(self.state.legal_moves())

    def prompt(self, ctx: Context) -> Prompt:
        if not self.shown:
            self.show_table(ctx)
        return Prompt(ctx.t("prompt_card"), expects=self.expects, choices=tuple(self.legal()))

    def show_table(self, ctx: Context) -> None:
        self.shown = True
        state, table = self.state, self.table
        if table.open:
            for seat in (Seat(1), Seat(2)):
                name = ctx.name(seat).localized(ctx.lang)
                ctx.describe(f"  {name:<9} {format_hand(state.hands[seat], lang=ctx.lang)}")
        for words in ctx.play_so_far(state, ctx.name):
            ctx.describe(words)
        if not state.current:
            ctx.describe(ctx.t("you_lead"))
        ctx.describe(ctx.t("your_hand", cards=format_hand(state.hands[LEARNER], lang=ctx.lang)))
        numbered = "  ".join(
            f"{i}){card.format(lang=ctx.lang)}" for i, card in enumerate(self.legal(), 1)
        )
        ctx.describe(ctx.t("legal", cards=numbered))

    def legal_card(self, ctx: Context, line: str) -> Card | None:
        """The card ``line`` names when the learner may play it now; else None, the line
        refused with why (rules 5–8)."""
        card = self.read_card(ctx, line)
        if card is None:
            return None
        problem = self.state.refusal(card, speak_to_learner=True)
        if problem is not None:
            ctx.refuse_error(line, problem)
            return None
        return card

    def handle(self, ctx: Context, line: str) -> Phase:
        card = self.legal_card(ctx, line)
        if card is None:
            return self
        if not trading.check_learner_move(ctx, self.table, card, line):
            return self
        self.record(ctx, LEARNER, card, None)
        trading.moved(self.table, LEARNER)
        return self

    def read_card(self, ctx: Context, line: str) -> Card | None:
        legal = self.legal()
        text = line.strip()
        if not text:  # Enter alone: nothing to quote back
            ctx.refuse(line, "card_blank", ctx.t("card_blank"))
            return None
        if text.isdecimal() or text.isdigit():
            number = small_number(text)
            if number is not None and 1 <= number <= len(legal):
                return legal[number - 1]
            message = ctx.t("bad_number", token=shown(text), count=len(legal))
            ctx.refuse(line, "bad_number", message)
            return None
        try:
            return parse_card(text, lang=ctx.lang)
        except BetelError as error:  # the notation's detail is for files, not for a learner
            message = ctx.t("not_a_card", token=shown(text), count=len(legal))
            ctx.refuse(line, error.reason, message)
            return None

    # -- commands at the card prompt -------------------------------------------------------
    def command(self, ctx: Context, typed: Typed) -> Phase | None:
        table = self.table
        if typed.command is Command.HINT:
            self.hint(ctx)
        elif typed.command is Command.OPEN:
            table.open = True
            self.show_table(ctx)
        elif typed.command is Command.UNDO:
            self.undo(ctx)
        elif typed.command is Command.TRADE and table.trading is not None:
            trading.show_ledger(ctx, table)
        elif typed.command is Command.OFFER and table.trading is not None:
            if table.learner_seat is None:  # a resting learner watches the trade
                return None
            trading.handle_offer(ctx, table, typed.argument)
        else:
            return None
        return self

    def undo(self, ctx: Context) -> None:
        """Take back the learner's last card (and the computer players' cards after it)."""
        game, table = self.game, self.table
        if table.trading is not None:  # rule 20: what was traded cannot be taken back
            ctx.refuse("undo", "no_undo_with_trade", ctx.t("no_undo_with_trade"), 20)
            return
        if self.in_match and not table.replay:  # every deal of a match counts
            ctx.refuse("undo", "no_undo_in_match", ctx.t("no_undo_in_match"))
            return
        mine = [i for i, before in enumerate(game.history) if before.to_play == LEARNER]
        if not mine:
            ctx.refuse("undo", "nothing_to_undo", ctx.t("nothing_to_undo"))
            return
        while len(game.history) > mine[-1]:
            game.undo()
        table.practice = True
        ctx.say(ctx.t("undone"))
        self.show_table(ctx)

    def hint(self, ctx: Context) -> None:
        """The best cards by the solver and what the others cost; the beginner's rule of thumb
        beside it, as a reason a learner can follow."""
        state = self.state
        if state.to_play != self.table.learner_seat:
            return
        if chances.single_dummy(self.table, ctx.match is not None):
            self.chance_hint(ctx)
            return
        advice = self.table.advisor.hint(state)
        best = [a.card for a in advice if a.cost == 0]
        tricks = advice[0].tricks
        key = "hint_best" if state.declarer is not None else "hint_best_free"
        lines = [ctx.t(key, cards=best, n=tricks)]
        for item in advice:
            if item.cost:
                key = "hint_costs_contract" if item.costs_contract else "hint_costs"
                lines.append(ctx.t(key, card=item.card, n=item.cost))
        rule, good = rule_of_thumb(state, best)
        rule_reason = ctx.reason(rule.reason, rule.params)
        if good is not None:
            lines.append(ctx.t("hint", reason=rule_reason))
        else:
            cost = next(item.cost for item in advice if item.card == rule.card)
            lines.append(ctx.t("hint_rule_wrong", card=rule.card, reason=rule_reason, n=cost))
        ctx.emit(
            Hint(
                "\n".join(lines),
                best=tuple(best),
                costs={item.card: item.cost for item in advice if item.cost},
                suggest=rule.card if good is not None else None,
                suggest_reason=rule_reason if good is not None else None,
                rule_card=rule.card,
                rule_wrong=good is None,
            )
        )

    def chance_hint(self, ctx: Context) -> None:
        """In a closed deal: the best card by the learner's chance of meeting the goal over
        the layouts they could face, the chance of every other card, and the rule of thumb
        beside it; nothing about the hidden cards themselves."""
        state = self.state
        judged = chances.judgement(self.table, state)
        best = chances.best_cards(judged)
        top = chances.percent(judged.cards[0].chance)
        lines = [ctx.t("hint_chance_best", cards=best, pct=chances.said(top), n=judged.layouts)]
        others = [c for c in judged.cards if c.card not in best]
        if others:
            said = ", ".join(
                f"{c.card.localized(ctx.lang)} {chances.said(chances.percent(c.chance))}"
                for c in others
            )
            lines.append(ctx.t("hint_chance_others", chances=said))
        note = chances.layouts_note(ctx, self.table, judged)
        if note is not None:
            lines.append(note)
        rule, good = rule_of_thumb(state, best)
        rule_reason = ctx.reason(rule.reason, rule.params)
        if good is not None:
            lines.append(ctx.t("hint", reason=rule_reason))
        else:
            pct = chances.said(chances.percent(judged.of(rule.card).chance))
            key = "hint_rule_wrong_chance"
            lines.append(ctx.t(key, card=rule.card, reason=rule_reason, pct=pct))
        ctx.emit(
            Hint(
                "\n".join(lines),
                best=tuple(best),
                costs=chances.costs(judged),
                suggest=rule.card if good is not None else None,
                suggest_reason=rule_reason if good is not None else None,
                rule_card=rule.card,
                rule_wrong=good is None,
                measure="chance",
                chances={c.card: chances.percent(c.chance) for c in judged.cards},
                layouts=judged.layouts,
            )
        )


def rule_of_thumb(state: PlayState, best: list[Card]) -> tuple[Choice, Choice | None]:
    """The rule of thumb a hint quotes beside the best cards ``best``, and that rule again when
    it is one of them (else None). It is the beginner's card when that is among the best, else
    the club player's; when both would be wrong it is the beginner's, and the hint says so,
    which is a lesson of its own."""
    choices = [choose_card(state), player("club")(state)]
    good = next((c for c in choices if c.card in best), None)
    return good or choices[0], good


def play_and_tell(ctx: Context, game: DealPlay, card: Card, reason: str | None) -> None:
    """``card`` is played in ``game`` by the player to move and told, with the reason (open
    deals, na widno: each player says why) and who takes the trick it completes."""
    seat = game.state.to_play
    tricks_before = len(game.state.tricks)
    game.play(card)
    lines = [ctx.t("plays", seat=ctx.name(seat), card=card)]
    if reason is not None:
        lines.append(f"    {reason}")
    wins = None
    if len(game.state.tricks) > tricks_before:
        wins = ctx.name(game.state.tricks[-1].winner)
        lines.append(ctx.t("takes", seat=wins))
    ctx.emit(
        CardPlayed(
            "\n".join(lines),
            seat=ctx.name(seat),
            card=card,
            reason=reason,
            wins=wins,
        )
    )
