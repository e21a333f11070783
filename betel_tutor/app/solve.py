"""``solve``: the declarer's tricks with best play in every contract, for each seat (double
dummy): Betel deals by the solver, bridge boards (PBN, LIN, YAML) by DDS with their par.

A PBN or LIN file needs only DDS (:mod:`betel_tutor.app.solved`); the scenario model and the
Betel solver (:mod:`betel_tutor.app.solve_scenario`) are loaded only for a seed or a scenario
file, so that a board file's ``solve`` starts about as fast as a script calling DDS
(bench/startup.py)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from betel_tutor.app.seeds import seed_text
from betel_tutor.app.solved import Solved as Solved
from betel_tutor.app.solved import seats_named as seats_named
from betel_tutor.app.solved import solve_boards
from betel_tutor.bridge.files import read_board_file
from betel_tutor.errors import NotationError

BRIDGE_FILES = (".pbn", ".lin")


@dataclass(frozen=True, slots=True)
class SolveOptions:
    path: str | None = None  # a scenario or board file (or ``seed``)
    seed: str | None = None  # a Betel deal dealt from this seed
    seat: str | None = None  # only this declarer: an index, a letter or a name


def solve(options: SolveOptions) -> Solved:
    seed, path = seed_text(options.seed), options.path
    if (path is None) == (seed is None):
        raise NotationError("cli.solve_what", token=path or "", position=0)
    if path is not None and os.path.splitext(path)[1].lower() in BRIDGE_FILES:
        return solve_boards(read_board_file(path), options.seat)
    # The command's seam: a Betel deal or a scenario file needs the scenario model and the
    # solver, which a board file's solve never loads.
    from betel_tutor.app.solve_scenario import solve_scenario, solve_seed

    if seed is not None:
        return solve_seed(seed, options.seat)
    assert path is not None
    return solve_scenario(path, options.seat)
