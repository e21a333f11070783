"""The match of level 10 (a ``match`` step, spec §7): deals one after another until a player
reaches the target, with the running score table after every deal.

Each deal is dealt from the match's seed (``<seed>/<deal number>``, spec §2: the same seed gives
the same deals) and bid and played like any deal of the lesson, with its options. The dealer
rotates clockwise after every deal; with ``--fourth`` four players take turns and the one on
the dealer's right rests and predicts (:attr:`betel_tutor.match.Match.resting`). In chips
everybody starts with 500 and the bank pays what is won and takes what is lost (rule 19).

The match is kept in the progress file after every deal (:class:`SavedMatch`), so a learner who
quits goes on at the next deal. :func:`deal_points` is the one place where a deal's points are
counted, for the end of every deal and for the match.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace

from betel_tutor import i18n
from betel_tutor.match import CHIPS, Match
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, MatchStep, PlayStep
from betel_tutor.seats import Seat
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.dealend import deal_points
from betel_tutor.tutor.dealing import begin_auction
from betel_tutor.tutor.phase import Phase
from betel_tutor.tutor.progress import SavedMatch
from betel_tutor.tutor.table import LEARNER, PLAYERS, SOUTH, THREE, Player, Rest, Table, seated

SHOWN_DEALS = 10  # rows of the score table: the latest deals, so that it stays readable


# -- pure functions ------------------------------------------------------------------------------
def match_players(count: int) -> tuple[Player, ...]:
    """The players of a match, clockwise: South, West, North (and East, the fourth)."""
    return PLAYERS[:count]


def deal_seed(seed: str, number: int) -> str:
    """The seed of deal ``number`` (from 1) of the match dealt from ``seed``.

    >>> deal_seed("a1b2", 3)
    'a1b2/3'
    """
    return f"{seed}/{number}"


def winners(match: Match, target: int) -> tuple[int, ...]:
    """Players at or above ``target``; when several reach it in the same deal the highest total
    wins and an exact tie is shared (as :attr:`Match.winners` does for 1000).

    >>> winners(Match.start().record((70, 20, 0)), 60)
    (0,)
    >>> winners(Match.start().record((40, 20, 0)), 60)
    ()
    """
    best = max(match.totals)
    if best < target:
        return ()
    return tuple(i for i, total in enumerate(match.totals) if total == best)


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits at table seats 0, 1, 2 for the next deal, who rests, and the dealer's seat."""

    names: tuple[Player, ...]
    resting: Player | None
    dealer: Seat  # a table seat


def seating(match: Match) -> Seating:
    """The table for the match's next deal. With three players the match's players are the
    table's seats; with four, the one on the dealer's right rests (:attr:`Match.resting`) and
    the three others sit clockwise, South at seat 0 unless South rests.

    >>> seating(Match.start(players=4)).resting.compass, seating(Match.start(players=4)).dealer
    ('east', Seat.parse('S'))
    """
    dealer = PLAYERS[match.dealer]
    if match.resting is None:
        return Seating(THREE, None, Seat(match.dealer))
    rests = PLAYERS[match.resting]
    names = seated(rests)
    return Seating(names, rests, Seat(names.index(dealer)))


def score_table(saved: SavedMatch, lang: str) -> list[str]:
    """The running score table: a row per deal (the latest :data:`SHOWN_DEALS`), each player's
    points in it and the bank's change in chips, then the totals."""
    match = saved.match

    def t(key: str, **params: object) -> str:
        return i18n.translate(f"tutor.{key}", lang, **params)

    heads = [player.localized(lang) for player in match_players(match.players)]
    if match.chips:
        heads.append(t("match_col_bank"))
    label = max(len(t("match_col_deal")), len(t("match_col_total")))
    widths = [max(6, len(head)) for head in heads]

    def row(first: str, figures: list[str]) -> str:
        cells = (f"{figure:>{width}}" for figure, width in zip(figures, widths, strict=True))
        return f"  {first:<{label}}  " + "  ".join(cells)

    key = "match_table_chips" if match.chips else "match_table_points"
    lines = [t(key, target=saved.target), row(t("match_col_deal"), heads)]
    first = max(0, len(saved.history) - SHOWN_DEALS)
    if first:
        lines.append("  " + t("match_earlier", n=first))
    for number, points in enumerate(saved.history[first:], first + 1):
        bank = [f"{-sum(points):+d}"] if match.chips else []
        lines.append(row(str(number), [f"{p:+d}" for p in points] + bank))
    bank = [f"{match.bank:+d}"] if match.chips else []
    lines.append(row(t("match_col_total"), [str(total) for total in match.totals] + bank))
    return lines


def new_seed() -> str:
    """A fresh seed for a match the learner did not give one for (``--seed``)."""
    return secrets.token_hex(4)


# -- the match at the tutor's table --------------------------------------------------------------
AfterDeal = Callable[[Context, bool], Phase]
"""What follows a match deal, given whether the match was won with it."""


def enter(ctx: Context, step: MatchStep, after: AfterDeal) -> Phase:
    """The match step: start the match, or take it up again, then deal its next deal."""
    assert ctx.place is not None
    if ctx.match is None:
        ctx.say("")
        total = len(ctx.place.lesson.steps)
        ctx.say(ctx.t("step", step=ctx.place.step_index + 1, total=total))
        ctx.match = resume(ctx) or start(ctx, step)
    return begin_deal(ctx, after)


def start(ctx: Context, step: MatchStep) -> SavedMatch:
    assert ctx.place is not None
    if step.text is not None:
        ctx.teach(step.text)
    chips = (step.scoring or ctx.place.lesson.options.scoring or "points") == "chips"
    players = 4 if ctx.settings.fourth and ctx.place.level == 10 else 3  # §7: level 10 only
    key = "match_start_chips" if chips else "match_start_points"
    ctx.say(ctx.t(key, chips=CHIPS, target=step.target, n=step.target))
    if players == 4:
        ctx.say(ctx.t("match_fourth"))
    seed = ctx.settings.seed or new_seed()
    ctx.say(ctx.t("match_seed", seed=seed))
    match = Match.start(chips=chips, players=players)
    saved = SavedMatch(ctx.place.level, ctx.place.step_index, seed, step.target, match)
    ctx.progress = replace(ctx.progress, match=saved)  # a quit now keeps the seed
    return saved


def resume(ctx: Context) -> SavedMatch | None:
    """The match saved for this step, announced with its score table; None if there is none."""
    saved = ctx.progress.match
    place = ctx.place
    if (
        saved is None
        or place is None
        or (saved.level, saved.step) != (place.level, place.step_index)
    ):
        return None
    ctx.say(ctx.t("match_resume", number=saved.match.deals + 1))
    if saved.history:
        for line in score_table(saved, ctx.lang):
            ctx.say(line)
    chosen = 4 if ctx.settings.fourth and place.level == 10 else 3
    if chosen != saved.match.players:
        ctx.say(ctx.t("match_players_kept", n=saved.match.players))
    return saved


def begin_deal(ctx: Context, after: AfterDeal) -> Phase:
    """Deal the match's next deal from its seed and open the auction."""
    assert ctx.match is not None and ctx.place is not None
    saved = ctx.match
    number = saved.match.deals + 1
    seats = seating(saved.match)
    ctx.say("")
    ctx.say(ctx.t("match_deal", number=number, dealer=PLAYERS[saved.match.dealer]))
    rest = Rest(seats.resting) if seats.resting is not None else None
    if rest is not None and not rest.learner:
        ctx.say(ctx.t("rests", seat=rest.player))
    spec = DealSpec(f"match-{number}", dealer=seats.dealer, seed=deal_seed(saved.seed, number))
    dealt = realize(spec)
    # No goal of its own: in a match every point counts (the score table says how it goes).
    play = PlayStep(spec.id, LEARNER, {}, open=ctx.settings.always_open)

    def then(ctx: Context) -> Phase:
        assert ctx.table is not None
        return after(ctx, record(ctx, ctx.table))

    return begin_auction(
        ctx,
        play,
        dealt,
        ctx.place.lesson.options,
        then,
        names=seats.names,
        rest=rest,
        in_match=True,
    )


def record(ctx: Context, table: Table) -> bool:
    """After a deal: its points into the match, the score table, and the match saved; when a
    player has reached the target, the winners (and True: the match is over)."""
    assert ctx.match is not None and table.play is not None
    saved = ctx.match
    points = deal_points(table, table.play.state)
    match = saved.match.record(points)
    saved = replace(saved, match=match, history=(*saved.history, points))
    ctx.say("")
    for line in score_table(saved, ctx.lang):
        ctx.say(line)
    won = winners(match, saved.target)
    if not won:
        ctx.match = saved
        ctx.progress = replace(ctx.progress, match=saved)
        return False
    players = match_players(match.players)
    names = [players[i].localized(ctx.lang) for i in won]
    joined = f" {ctx.t('match_and')} ".join(names)
    key = "match_won" if len(won) == 1 else "match_shared"
    ctx.say(ctx.t(key, players=joined, total=match.totals[won[0]]))
    if players.index(SOUTH) in won:
        ctx.say(ctx.t("match_you_won"))
    ctx.match = None
    ctx.progress = replace(ctx.progress, match=None)
    return True
