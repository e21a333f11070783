"""Work done ahead: what the review and the hints of a deal will ask, judged while the learner
reads and thinks, so that the answer is ready when it is asked for.

The auction's review judges each of the learner's calls over the layouts they could face at it
(:func:`betel_tutor.tutor.auctionreview.call_verdict`), and a closed deal's hint and review
judge the learner's cards where they are to play (:func:`betel_tutor.tutor.chances.judgement`).
Both are kept on the table, so nothing judged ahead is judged again, and nothing needs to be:
what was not judged ahead is judged when it is asked for, with the same figures.

:func:`step` does one piece of that work and says whether it did any. The session core stays a
core of phases returning events: it never runs this by itself. A front end calls it while it
waits for the learner's line (:meth:`betel_tutor.tutor.session.Session.ahead`), one piece at a
time, so that a line typed meanwhile waits at most for the piece under way.
"""

from __future__ import annotations

from betel_tutor.tutor import auctionreview, chances
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.table import Table


def step(ctx: Context, table: Table) -> bool:
    """Judge the first of the learner's calls not yet judged, else the learner's cards where
    they are to play in a closed deal, if not judged yet; False when there is nothing left."""
    if table.replay or table.learner_seat is None:
        return False
    open_deal = table.step.open or ctx.settings.always_open
    for at, record in enumerate(table.called):
        if record.seat == table.learner_seat and (at, open_deal) not in table.call_verdicts:
            auctionreview.call_verdict(table, at, open_deal)
            return True
    play = table.play
    if play is None or play.state.finished or play.state.to_play != table.learner_seat:
        return False
    if not chances.single_dummy(table, ctx.match is not None):
        return False
    return chances.judge_ahead(table, play.state)
