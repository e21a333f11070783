"""Scenario files: lessons, practice deals and board notes, and the checker that proves them.

>>> scenario, problems = load_text("kind: practice\\nid: x\\ntitle: {en: A, pl: B}\\n", "x.yaml")
>>> scenario.title.pl, problems
('B', [])
>>> print(dump(scenario), end="")
kind: practice
id: x
title: {en: "A", pl: "B"}
"""

from betel_tutor.scenario.loader import load, load_text
from betel_tutor.scenario.model import Scenario
from betel_tutor.scenario.source import Position, Problem
from betel_tutor.scenario.writer import dump

__all__ = ["Position", "Problem", "Scenario", "dump", "load", "load_text"]
