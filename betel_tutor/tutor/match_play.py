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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from betel_tutor import i18n
from betel_tutor.match import CHIPS, Match
from betel_tutor.play import PlayState
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, MatchStep, PlayStep
from betel_tutor.tutor import bidding, resting
from betel_tutor.tutor.progress import SavedMatch
from betel_tutor.tutor.table import LEARNER, PLAYERS, SOUTH, THREE, Player, Rest, Table, seated

if TYPE_CHECKING:
    from betel_tutor.tutor.session import Session

SHOWN_DEALS = 10  # rows of the score table: the latest deals, so that it stays readable


# -- pure functions ------------------------------------------------------------------------------
def deal_points(table: Table, state: PlayState) -> tuple[int, ...]:
    """Each player's points for the deal just played, in the order of the match's players
    (South, West, North, and East when a fourth player rests): the contract's score (§6,
    doubled after a kontra, rule 16), the points trade moved (rule 19; what went to the bank
    is missing from the sum), and the resting player's ±10 for a prediction (§7)."""
    scores = state.scores(doubled=table.doubled)
    traded = table.trading.ledger.points if table.trading is not None else (0,) * len(scores)
    points = {player: scores[seat] + traded[seat] for seat, player in enumerate(table.names)}
    if table.rest is not None:
        points[table.rest.player] = resting.points(table.rest, state)
    return tuple(points.get(player, 0) for player in match_players(len(points)))


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
    dealer: int  # a table seat


def seating(match: Match) -> Seating:
    """The table for the match's next deal. With three players the match's players are the
    table's seats; with four, the one on the dealer's right rests (:attr:`Match.resting`) and
    the three others sit clockwise, South at seat 0 unless South rests.

    >>> seating(Match.start(players=4)).resting.key, seating(Match.start(players=4)).dealer
    ('east', 0)
    """
    dealer = PLAYERS[match.dealer]
    if match.resting is None:
        return Seating(THREE, None, match.dealer)
    rests = PLAYERS[match.resting]
    names = seated(rests)
    return Seating(names, rests, names.index(dealer))


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
        lines.append("  " + t("match_earlier", count=first))
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
def enter(session: Session, step: MatchStep) -> None:
    """The match step: start the match, or take it up again, then deal its next deal."""
    assert session.lesson is not None
    if session.match is None:
        session.say("")
        total = len(session.lesson.steps)
        session.say(session.t("step", step=session.step_index + 1, total=total))
        session.match = resume(session) or start(session, step)
    begin_deal(session)


def start(session: Session, step: MatchStep) -> SavedMatch:
    assert session.lesson is not None and session.level is not None
    if step.text is not None:
        session.say(session.text(step.text))
    chips = (step.scoring or session.lesson.options.scoring or "points") == "chips"
    players = 4 if session.fourth and session.level == 10 else 3  # §7: level 10 only
    key = "match_start_chips" if chips else "match_start_points"
    session.say(session.t(key, chips=CHIPS, target=step.target))
    if players == 4:
        session.say(session.t("match_fourth"))
    seed = session.seed or new_seed()
    session.say(session.t("match_seed", seed=seed))
    match = Match.start(chips=chips, players=players)
    saved = SavedMatch(session.level, session.step_index, seed, step.target, match)
    session.progress = replace(session.progress, match=saved)  # a quit now keeps the seed
    return saved


def resume(session: Session) -> SavedMatch | None:
    """The match saved for this step, announced with its score table; None if there is none."""
    saved = session.progress.match
    if saved is None or (saved.level, saved.step) != (session.level, session.step_index):
        return None
    session.say(session.t("match_resume", number=saved.match.deals + 1))
    if saved.history:
        for line in score_table(saved, session.lang):
            session.say(line)
    chosen = 4 if session.fourth and session.level == 10 else 3
    if chosen != saved.match.players:
        session.say(session.t("match_players_kept", count=saved.match.players))
    return saved


def begin_deal(session: Session) -> None:
    """Deal the match's next deal from its seed and open the auction."""
    assert session.match is not None
    saved = session.match
    number = saved.match.deals + 1
    seats = seating(saved.match)
    session.say("")
    session.say(session.t("match_deal", number=number, dealer=PLAYERS[saved.match.dealer]))
    rest = Rest(seats.resting) if seats.resting is not None else None
    if rest is not None and not rest.learner:
        session.say(session.t("rests", seat=rest.player))
    spec = DealSpec(f"match-{number}", dealer=seats.dealer, seed=deal_seed(saved.seed, number))
    dealt = realize(spec)
    # No goal of its own: in a match every point counts (the score table says how it goes).
    play = PlayStep(spec.id, LEARNER, {}, open=session.always_open)
    bidding.begin_auction(
        session, play, dealt.hands, dealt.dubel, dealt.dealer, names=seats.names, rest=rest
    )
    assert session.table is not None
    session.table.dealt = dealt


def record(session: Session, table: Table, state: PlayState) -> None:
    """After a deal: its points into the match, the score table, and the match saved; when a
    player has reached the target, the winners, and the lesson moves on."""
    assert session.match is not None
    saved = session.match
    points = deal_points(table, state)
    match = saved.match.record(points)
    saved = replace(saved, match=match, history=(*saved.history, points))
    session.say("")
    for line in score_table(saved, session.lang):
        session.say(line)
    won = winners(match, saved.target)
    if not won:
        session.match = saved
        session.progress = replace(session.progress, match=saved)
        return
    players = match_players(match.players)
    names = [players[i].localized(session.lang) for i in won]
    joined = f" {session.t('match_and')} ".join(names)
    key = "match_won" if len(won) == 1 else "match_shared"
    session.say(session.t(key, players=joined, total=match.totals[won[0]]))
    if players.index(SOUTH) in won:
        session.say(session.t("match_you_won"))
    session.match = None
    session.progress = replace(session.progress, match=None)
    session.step_index += 1  # the match was the step: the lesson goes on after it


def table_totals(session: Session) -> tuple[int, ...]:
    """The match totals of the players at table seats 0, 1, 2 (zeros outside a match), for
    the first exchange's tie, which goes to the player with fewer points (rule 10)."""
    table = session.table
    if session.match is None or table is None:
        return (0, 0, 0)
    players = match_players(session.match.match.players)
    return tuple(session.match.match.totals[players.index(name)] for name in table.names)
