"""The play of a bridge board in the penalty-card lesson (Law 50, 51, 59), as phases.

:class:`BoardPhase` plays the defenders' cards: the board's scripted card while the script has
one and the laws allow it after the learner's choices; else a legal card the engine chooses,
honouring the defenders' penalty-card duties, and the law that forced it is said. Where the
declarer chooses, the learner does, at a phase of its own: the option before the partner of a
defender with penalty cards leads (:class:`OptionPhase`, Law 50D2, 51B), the card to play among
two or more penalty cards (:class:`DesignatePhase`, Law 51A), and the declarer's and the
dummy's cards (:class:`CardPhase`). Any lawful choice is accepted; an unlawful one is refused
citing the law. The laws are :mod:`betel_tutor.penalty`'s.
"""

from __future__ import annotations

from betel_tutor import i18n
from betel_tutor.cards import Card, Suit, format_hand, parse_card, sort_cards
from betel_tutor.errors import BetelError, IllegalPlay
from betel_tutor.penalty import (
    Penalties,
    apply_option,
    declarer_options,
    lead_legal,
    parse_option,
    table_refusal,
)
from betel_tutor.seats import Seat
from betel_tutor.tutor.board import Board
from betel_tutor.tutor.commands import Command, Typed
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import CardPlayed, Hint, Prompt
from betel_tutor.tutor.phase import Next, Phase

FORCED = ("50C", "50D1", "51A", "59")  # laws that narrow a card by themselves, not an option


class AtBoard(Phase):
    """A phase while a board is played (``replay`` waits until the lesson is over)."""

    @property
    def at_table(self) -> bool:
        return True


class BoardPhase(AtBoard):
    """Cards are played until the board's script is over; then ``then`` follows."""

    def __init__(self, board: Board, then: Next) -> None:
        self.board, self.then = board, then

    def waiting(self, ctx: Context) -> bool:
        return False  # the learner's choices are phases of their own

    def advance(self, ctx: Context) -> Phase:
        board = self.board
        if board.over:
            return self.then(ctx)
        exposures(ctx, board)
        state = board.now
        seat = state.to_play
        if board.penalty.needs_option(seat, state.current):
            show(ctx, board)
            options = declarer_options(board.penalty.by_seat[seat.partner])
            words = ", ".join(option.format(ctx.lang) for option in options)
            ctx.say(ctx.t("penalty_choose_option", seat=seat, options=words))
            return OptionPhase(board, self)
        if seat in board.learners:
            show(ctx, board)
            return CardPhase(board, self)
        legal = board.legal(seat)
        if legal.designate and board.penalty.designated is None:
            show(ctx, board)
            cards = ", ".join(c.format(lang=ctx.lang) for c in sort_cards(legal.legal))
            ctx.say(ctx.t("penalty_choose_card", seat=seat, cards=cards))
            return DesignatePhase(board, self)
        defend(ctx, board, seat)
        return self


# -- what the table shows and the defenders' cards ---------------------------------------------
def show(ctx: Context, board: Board) -> None:
    """The trick so far, the dummy, the declarer's hand and the penalty cards on the table
    (a full-screen front end draws them)."""
    state, lang = board.now, ctx.lang
    if state.current:
        leader = state.leader
        cards = " ".join(
            f"{leader.next(i).localized(lang)} {card.format(lang=lang)}"
            for i, card in enumerate(state.current)
        )
        ctx.describe(ctx.t("penalty_trick_so_far", cards=cards))
    for seat in (board.declarer.partner, board.declarer):
        ctx.describe(hand_line(ctx, seat, state.hands[seat]))
    for seat in Seat(0, 4).clockwise():
        pens = board.penalty.by_seat[seat]
        if pens:
            ctx.describe(ctx.t("penalty_on_table", seat=seat, cards=penalty_words(pens, lang)))


def hand_line(ctx: Context, seat: Seat, hand: frozenset[Card]) -> str:
    return f"  {seat.localized(ctx.lang):<9} {format_hand(hand, lang=ctx.lang)}"


def exposures(ctx: Context, board: Board) -> None:
    """The board's exposures due after the cards played so far (while on its script)."""
    for index, event in enumerate(board.deal.penalties):
        if index < board.exposed or event.seat is None:
            continue
        if event.after != board.played or not board.on_script:
            continue
        board.penalty = board.penalty.expose(event.seat, event.expose, minor=event.minor)
        cards = " ".join(c.format(lang=ctx.lang) for c in event.expose)
        ctx.say(ctx.t("penalty_exposed", seat=event.seat, cards=cards))
        board.exposed = index + 1


def defend(ctx: Context, board: Board, seat: Seat) -> None:
    """The defender ``seat`` plays: the board's card if the laws allow it, else the engine's."""
    state = board.now
    scripted = board.scripted()
    problem: IllegalPlay | None = None
    if scripted is not None:
        hand = state.hands[seat]
        problem = table_refusal(board.penalty, seat, hand, state.current, scripted, player=seat)
        if problem is None and scripted in state.legal_moves():
            text = ctx.t("penalty_card_played", seat=seat, card=scripted)
            tell_card(ctx, board, seat, scripted, text)
            return
        board.on_script = False
    legal = board.legal(seat)
    card = engine_card(legal.legal)
    if scripted is not None:
        why = problem.message(ctx.lang) if problem is not None else ""
        text = ctx.t("penalty_script_refused", why=why, seat=seat, card=card)
    elif legal.law is not None:
        why = why_forced(ctx, board, legal.law)
        text = ctx.t("penalty_forced", seat=seat, card=card, why=why, law=legal.law)
    else:
        text = ctx.t("penalty_card_played", seat=seat, card=card)
    tell_card(ctx, board, seat, card, text)


def why_forced(ctx: Context, board: Board, law: str) -> str:
    """Why the law ``law`` narrowed a defender's card: a duty of its own, or the declarer's
    option in force."""
    if law in FORCED:
        return ctx.t(f"penalty_why_{law}")
    rule = board.penalty.rule
    assert rule is not None
    suits = " ".join(s.symbol for s in Suit if s in rule.option.suits)
    return ctx.t(f"penalty_why_{rule.option.kind}", suits=suits)


def engine_card(legal: frozenset[Card]) -> Card:
    """The engine's card among ``legal``: the lowest, spades first among equals."""
    return min(sort_cards(legal), key=lambda card: card.rank)


def tell_card(ctx: Context, board: Board, seat: Seat, card: Card, text: str) -> None:
    """``seat`` plays ``card``, told as every deal tells a card, and who takes the trick."""
    winner = board.play(seat, card)
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


def penalty_words(pens: Penalties, lang: str) -> str:
    return " ".join(c.format(lang=lang) for c in sort_cards(pens.cards))


# -- the declarer's choices: the learner's ------------------------------------------------------
class _Choice(AtBoard):
    """A prompt of the declarer's at a bridge board; ``back`` goes on with the play."""

    gives_hint = True

    def __init__(self, board: Board, back: Phase) -> None:
        self.board, self.back = board, back

    @property
    def seat(self) -> Seat:
        """The seat to play (or to lead) now."""
        return self.board.now.to_play

    def command(self, ctx: Context, typed: Typed) -> Phase | None:
        if typed.command is not Command.HINT:
            return None
        ctx.emit(Hint("\n".join(self.hint_lines(ctx))))
        return self

    def hint_lines(self, ctx: Context) -> list[str]:
        """What the laws allow at this prompt."""
        raise NotImplementedError(type(self).__name__)

    def handle(self, ctx: Context, line: str) -> Phase:
        try:
            return self.choose(ctx, line)
        except BetelError as error:
            ctx.refuse_error(line, error)
            return self

    def choose(self, ctx: Context, line: str) -> Phase:
        """The learner's choice ``line`` taken (or a :class:`BetelError` why not)."""
        raise NotImplementedError(type(self).__name__)


class OptionPhase(_Choice):
    """The declarer's option before the partner of a defender with penalty cards leads: require
    a suit, forbid one or more, or neither (Law 50D2, 51B)."""

    expects = "option"

    @property
    def offender(self) -> Penalties:
        return self.board.penalty.by_seat[self.seat.partner]

    def prompt(self, ctx: Context) -> Prompt:
        options = declarer_options(self.offender)
        words = ", ".join(option.format(ctx.lang) for option in options)
        text = ctx.t("penalty_prompt_option", options=words)
        return Prompt(text, expects=self.expects, choices=options)

    def choose(self, ctx: Context, line: str) -> Phase:
        board, seat = self.board, self.seat
        chosen = parse_option(line)
        _left, rule = apply_option(self.offender, chosen)
        leads = lead_legal(board.now.hands[seat], rule)
        if leads.law == "59":
            ctx.say(ctx.t("penalty_your_option_59", law=rule.law, seat=seat))
        else:
            cards = ", ".join(c.format(lang=ctx.lang) for c in sort_cards(leads.legal))
            ctx.say(ctx.t("penalty_your_option", law=rule.law, seat=seat, cards=cards))
        board.penalty = board.penalty.with_option(seat, chosen)
        return self.back

    def hint_lines(self, ctx: Context) -> list[str]:
        seat, lang, pens = self.seat, ctx.lang, self.offender
        out = [ctx.t("penalty_hint_options", seat=seat)]
        for option in declarer_options(pens):
            left, rule = apply_option(pens, option)
            leads = lead_legal(self.board.now.hands[seat], rule)
            if leads.law == "59":
                effect = ctx.t("penalty_hint_any_59")
            else:
                effect = " ".join(c.format(lang=lang) for c in sort_cards(leads.legal))
            kept = penalty_words(left, lang) if left else ctx.t("penalty_hint_none_left")
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


class DesignatePhase(_Choice):
    """The declarer designates which of a defender's penalty cards is played (Law 51A)."""

    expects = "designate"

    def prompt(self, ctx: Context) -> Prompt:
        choices = tuple(sort_cards(self.board.legal(self.seat).legal))
        return Prompt(ctx.t("penalty_prompt_card"), expects=self.expects, choices=choices)

    def choose(self, ctx: Context, line: str) -> Phase:
        board, seat = self.board, self.seat
        card = parse_card(line, lang=ctx.lang)
        state = board.now
        board.penalty = board.penalty.designate(seat, state.hands[seat], state.current, card)
        ctx.say(ctx.t("penalty_your_card", card=card))
        return self.back

    def hint_lines(self, ctx: Context) -> list[str]:
        legal = self.board.legal(self.seat).legal
        cards = " ".join(c.format(lang=ctx.lang) for c in sort_cards(legal))
        return [ctx.t("penalty_hint_designate", seat=self.seat, cards=cards)]


class CardPhase(_Choice):
    """The learner plays the declarer's or the dummy's card, whichever is to play."""

    expects = "card"

    def prompt(self, ctx: Context) -> Prompt:
        choices = tuple(sort_cards(self.board.now.legal_moves()))
        text = ctx.t("penalty_prompt_play", seat=self.seat)
        return Prompt(text, expects=self.expects, choices=choices)

    def choose(self, ctx: Context, line: str) -> Phase:
        board, seat = self.board, self.seat
        card = parse_card(line, lang=ctx.lang)
        problem = board.now.refusal(card, speak_to_learner=True)
        if problem is not None:
            raise problem
        if board.scripted() != card:
            board.on_script = False
        tell_card(ctx, board, seat, card, ctx.t("penalty_card_played", seat=seat, card=card))
        return self.back

    def hint_lines(self, ctx: Context) -> list[str]:
        state, lang = self.board.now, ctx.lang
        cards = " ".join(c.format(lang=lang) for c in sort_cards(state.legal_moves()))
        out = [ctx.t("penalty_hint_card", seat=self.seat, cards=cards)]
        if state.current:
            out.append(ctx.t("penalty_hint_follow"))
        for other in Seat(0, 4).clockwise():
            pens = self.board.penalty.by_seat[other]
            if pens.major:
                words = penalty_words(pens, lang)
                out.append(ctx.t("penalty_hint_major", seat=other, cards=words))
        return out
