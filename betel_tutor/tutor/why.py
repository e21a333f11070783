"""Why a card cost: the line that punishes it against the line after the better card, and where
the two part, told from the learner's side.

Both lines start where the learner chose: one with the card they played, one with the better
card the review names, and everybody then plays their best (double dummy, the solver's first
best card at every turn). In a closed deal the lines are played on one layout the learner could
have faced, one where the card misses the goal (stated from the learner's side, spec §12.8)
and the better one meets it, as the hints judge by what the learner could see; in an open deal,
on the cards as dealt.

The sentence is read off the two lines: the first trick that goes to the other side (the
declarer's against the defenders', or in free play the learner's against the others', spec §5),
who takes it in each line, and the cards played to it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from betel_tutor.cards import Card, format_hand
from betel_tutor.play import PlayState, Trick, play_card
from betel_tutor.seats import Seat
from betel_tutor.solver import line as lines
from betel_tutor.solver.advice import Advisor
from betel_tutor.solver.api import card_reaches
from betel_tutor.solver.single_dummy import Aim, Held, Misfit, drawn
from betel_tutor.tutor import told as auction
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.table import Table

Move = tuple[Seat, Card]


@dataclass(frozen=True, slots=True)
class Line:
    """A continuation from ``start``: the cards played in order, by table seat, and where it
    ends (the deal over)."""

    start: PlayState
    moves: tuple[Move, ...]
    end: PlayState


@dataclass(frozen=True, slots=True)
class Parting:
    """Where two lines from the same position part: trick ``number`` (from 1) as each played it."""

    number: int
    played: Trick  # in the line after the learner's card
    instead: Trick  # in the line after the better card


def best_line(state: PlayState, card: Card, advisor: Advisor) -> Line:
    """``card`` played by the player to move in ``state``, then best play by everybody to the
    end of the deal, as the solution plays it (:func:`betel_tutor.solver.line.best_line`): the
    side of the player to move (the declarer's, the defenders', or in free play their own
    tricks against the other two, spec §5) for its aim, the other side against it."""
    aim = lines.aim_of(state, state.to_play)
    now = play_card(state, card)
    rest = lines.best_line(now, aim, advisor.board(state))
    moves = ((state.to_play, card), *((move.seat, move.card) for move in rest))
    end = play_card(rest[-1].state, rest[-1].card) if rest else now
    return Line(state, moves, end)


def counts_for(state: PlayState, learner: int, seat: Seat) -> bool:
    """Whether a trick won by ``seat`` counts on the learner's side of the goal: the
    declarer's tricks in a contract, the learner's own in free play (spec §5)."""
    if state.declarer is None or state.contract.kind == "free":
        return seat == learner
    return (seat == state.declarer) == (learner == state.declarer)


def parting(played: Line, instead: Line, learner: int) -> Parting | None:
    """The first trick that goes to the other side in one line than in the other; None when
    every trick goes the same way (the two lines then end with the same result)."""
    first = len(played.start.tricks)
    pairs = zip(played.end.tricks[first:], instead.end.tricks[first:], strict=True)
    for number, (mine, better) in enumerate(pairs, first + 1):
        state = played.start
        if counts_for(state, learner, mine.winner) != counts_for(state, learner, better.winner):
            return Parting(number, mine, better)
    return None


def winning_card(trick: Trick) -> Card:
    return trick.cards[(trick.winner - trick.leader) % len(trick.cards)]


def meets(line: Line, aim: Aim, learner: int) -> bool:
    """Whether the line ends with the goal met: the counted tricks (the declarer's, or the
    learner's own in free play) within the aim."""
    end = line.end
    taken = end.tricks_taken()
    if end.declarer is None or end.contract.kind == "free":
        return aim.met(taken[learner])
    return aim.met(taken[end.declarer])


def punishes(state: PlayState, card: Card, better: Card, aim: Aim, advisor: Advisor) -> bool:
    """Whether in ``state`` (one layout) ``card`` misses the aim and ``better`` meets it, with
    best play after each."""
    target = aim.threshold if aim.wants_more else aim.threshold + 1
    reached = card_reaches(state, target, advisor.board(state))
    return reached[card] != aim.wants_more and reached[better] == aim.wants_more


@dataclass(frozen=True, slots=True)
class Told:
    """What the review adds about a costly card: the punishing line (the learner's card
    first), the sentence, and in a closed deal the layout the lines were played on."""

    line: tuple[Move, ...]
    why: str
    hint: str  # the learner's card's line alone, without naming the better card
    layout: PlayState | None = None  # a layout found here, not the one the review shows


def tell(ctx: Context, played: Line, instead: Line, learner: int) -> tuple[str, str] | None:
    """The two lines' parting in two sentences, the learner's card's line first; None when
    they never part."""
    part = parting(played, instead, learner)
    if part is None:
        return None
    card, better = played.moves[0][1], instead.moves[0][1]
    first = ctx.t(
        "why_played_you" if part.played.winner == learner else "why_played",
        card=card,
        trick=part.number,
        seat=ctx.name(part.played.winner),
        win=winning_card(part.played),
        cards=trick_words(ctx, part.played, learner),
    )
    second = ctx.t(
        "why_instead_you" if part.instead.winner == learner else "why_instead",
        better=better,
        seat=ctx.name(part.instead.winner),
        win=winning_card(part.instead),
        cards=trick_words(ctx, part.instead, learner),
    )
    return first, second


def trick_words(ctx: Context, trick: Trick, learner: int) -> str:
    """A trick's cards in the order played, each with who played it: ``West ♦Q, you ♦J``."""
    words = []
    for k, card in enumerate(trick.cards):
        seat = trick.leader.next(k)
        who = ctx.t("why_you") if seat == learner else ctx.name(seat).localized(ctx.lang)
        words.append(f"{who} {card.localized(ctx.lang)}")
    return ", ".join(words)


def told_open(ctx: Context, table: Table, move: int, card: Card, better: Card) -> Told | None:
    """An open deal's costly card (the ``move``-th card of the play) on the cards as dealt."""
    assert table.play is not None and table.learner_seat is not None
    state = table.play.history[move]
    played = best_line(state, card, table.advisor)
    instead = best_line(state, better, table.advisor)
    return told(ctx, played, instead, table.learner_seat)


def told(ctx: Context, played: Line, instead: Line, learner: int, head: str = "") -> Told | None:
    """The punishing line and its words, after ``head`` (where the lines are played)."""
    words = tell(ctx, played, instead, learner)
    if words is None:
        return None
    lead = f"{head} " if head else ""
    return Told(played.moves, f"{lead}{words[0]} {words[1]}", f"{lead}{words[0]}")


def told_closed(
    ctx: Context,
    table: Table,
    state: PlayState,
    card: Card,
    better: Card,
    aim: Aim,
    held: Held,
    shown: PlayState | None,
) -> Told | None:
    """A closed deal's costly card, played in ``state`` on the cards as dealt: the lines on the
    layout the review already shows (``shown``), else on the cards as dealt when they punish
    the card, else on the first layout the learner could face that does."""
    assert table.learner_seat is not None
    learner, advisor = table.learner_seat, table.advisor
    found: PlayState | None = None
    if shown is not None:
        layout, head = shown, ctx.t("why_that_layout")
    elif punishes(state, card, better, aim, advisor):
        layout, head = state, ctx.t("why_these_cards")
    else:
        misfit = auction.play_misfit(table)  # the layouts the hints and the review judge over
        found = first_punishing(state, learner, card, better, aim, held, advisor, misfit)
        if found is None:
            return None
        layout = found
        head = ctx.t("why_one_layout", layout=layout_words(ctx, layout, learner))
    played = best_line(layout, card, advisor)
    instead = best_line(layout, better, advisor)
    found_told = told(ctx, played, instead, learner, head)
    return None if found_told is None else replace(found_told, layout=found)


def first_punishing(
    state: PlayState,
    learner: int,
    card: Card,
    better: Card,
    aim: Aim,
    held: Held,
    advisor: Advisor,
    misfit: Misfit | None = None,
) -> PlayState | None:
    """The first of the layouts the learner could face (as the hints judge them: those that
    fit the auction, ``misfit``) in which ``card`` misses the aim and ``better`` meets it;
    None when there is none. One search a layout, stopping at the first found: the review
    after the last card waits for it."""
    positions = drawn(state, learner, held, misfit).positions
    return next(
        (p for p in positions if punishes(p, card, better, aim, advisor)),
        None,
    )


def layout_words(ctx: Context, layout: PlayState, learner: int) -> str:
    """The other players' hands in a layout: ``West ♠K7 ♥Q; North ♦AJ``."""
    return "; ".join(
        f"{ctx.name(Seat(seat)).localized(ctx.lang)} "
        f"{format_hand(layout.hands[seat], lang=ctx.lang)}"
        for seat in range(len(layout.hands))
        if seat != learner
    )
