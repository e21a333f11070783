"""The double-dummy solver: tricks the declarer takes with best play by everyone, all cards seen.

>>> from betel_tutor.cards import parse_cards
>>> hands = [parse_cards("♠AK"), parse_cards("♠QJ"), parse_cards("♥A ♠7")]
>>> solve(hands, trump="♠", declarer=0, leader=0)
2
>>> solve(hands, declarer=2, leader=0, contract_kind="betelek")
0
"""

from betel_tutor.solver.native import prefer_current_source

# Before any module of the search is imported: never run a compiled search older than its source.
prefer_current_source()

from betel_tutor.solver.api import (  # noqa: E402
    ContractKind,
    Solution,
    card_values,
    solve,
    solve_position,
)
from betel_tutor.solver.table import TrickTable, trick_table  # noqa: E402

__all__ = [
    "ContractKind",
    "Solution",
    "TrickTable",
    "card_values",
    "solve",
    "solve_position",
    "trick_table",
]
