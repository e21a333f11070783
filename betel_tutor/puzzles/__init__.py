"""Puzzles made by the solver from seeded deals: positions where one card alone reaches the
goal of the side to play, tagged with themes and rated (docs/puzzles.md). Above the solver
and the bulk engine, below the application and the command line."""
