"""How far a layout of the play is from fitting the auction (:func:`told.play_misfit`),
remembered for the deal.

A layout at one card of the learner's and the same unseen cards at a later card come from the
same hands as the auction began, so they fit the computer players' calls alike. Asking the
bidding players again for every card is most of a closed deal's review, which judges every card
of the learner's, and of the hints at successive cards: each set of hands is asked once a deal.
"""

from __future__ import annotations

from betel_tutor.cards import Card
from betel_tutor.play import PlayState
from betel_tutor.solver.single_dummy import Misfit
from betel_tutor.tutor import told
from betel_tutor.tutor.table import Table

Hands = tuple[frozenset[Card], ...]


def play_misfit(table: Table) -> Misfit | None:
    """:func:`told.play_misfit` of the table, each answer kept in ``table.fits`` by the hands
    as the auction began. An answer is exact when within the bound it was asked with (beyond
    it, any figure past the bound will do), so a kept one serves every bound it answers."""
    misfit = told.play_misfit(table)
    if misfit is None:
        return None
    called, known = tuple(table.called), table.fits

    def remembered(layout: PlayState, bound: float) -> float:
        key = tuple(told.before_exchanges(layout, called, seat) for seat in layout.profile.table)
        found = known.get(key)
        if found is not None:
            value, exact = found
            if exact or value > bound:
                return value
        value = misfit(layout, bound)
        known[key] = (value, value <= bound)
        return value

    return remembered
