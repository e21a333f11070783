"""The rules the tutor applies in its lessons (spec §12.1–12.3), through ``learn --json``:
level 2's trumps named by the learner who deals, level 3's three deals of Betelek 3, and the
dubel penalty of a learner who looked at the dubel and passed, in the deal's score."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from betel_tutor.scoring import score
from betel_tutor.seats import Seat
from tests.learner import Event, Learner, converse, environment


class Scripted(Learner):
    """The scripted learner, with some prompts answered by ``overrides`` (expects → line)."""

    def __init__(self, level: int, overrides: dict[str, str]) -> None:
        super().__init__(level)
        self.overrides = overrides
        self.calls = 0

    def answer(self, events: Sequence[Event]) -> str:
        prompt = events[-1]
        line = self.overrides.get(prompt["expects"])
        if prompt["expects"] == "call" and "call" in self.overrides:
            self.calls += 1
            if self.calls > 1:  # the override once, then pass
                line = None
        if line is None:
            return super().answer(events)
        if "{dubel}" in line:
            dubel = next(
                found.group(1)
                for event in reversed(events)
                if (found := re.search(r"Dubel \(face up\): (\S+)", str(event.get("text", ""))))
            )
            line = line.replace("{dubel}", dubel)
        self.see(events)
        self.sent.append(line)
        return line


def test_level_2_the_learner_who_deals_names_trumps(tmp_path: Path) -> None:
    learner = Scripted(2, {"trump": "kiery"})
    transcript = converse(learner, ["--level", "2", "--lang", "pl"], environment(tmp_path))
    assert transcript.returncode == 0, transcript.stderr
    asked = [e for e in transcript.of("prompt") if e["expects"] == "trump"]
    ends = transcript.of("deal_end")
    south_deals = [end for end in ends if end["play"][0][0] == "S"]  # South deals and leads
    assert len(asked) == len(south_deals) == 2  # the open and the closed deal South deals
    assert all(end["contract"].endswith("♥") or "♥" in end["contract"] for end in south_deals)
    texts = " ".join(str(e.get("text", "")) for e in transcript.events)
    assert "Południe wybiera atu: ♥." in texts
    assert "Rozdajesz, więc wybierasz atu" in texts


def test_level_2_a_bad_suit_is_refused(tmp_path: Path) -> None:
    learner = Scripted(2, {"trump": "NT"})
    learner.overrides["trump"] = "NT"

    class Once(Scripted):
        def answer(self, events: Sequence[Event]) -> str:
            if events[-1]["expects"] == "trump" and "NT" in self.sent:
                self.overrides["trump"] = "s"
            return super().answer(events)

    once = Once(2, {"trump": "NT"})
    transcript = converse(once, ["--level", "2"], environment(tmp_path))
    refused = [e for e in transcript.of("refused") if e["reason"] == "trump_bad"]
    assert refused and "'NT' is not a suit" in refused[0]["text"]


def test_level_3_is_three_deals_of_betelek_3_open_then_closed(tmp_path: Path) -> None:
    transcript = converse(Learner(3), ["--level", "3"], environment(tmp_path))
    ends = transcript.of("deal_end")
    assert [end["contract"] for end in ends if not end["retry"]] == ["B3"] * 6
    declarers = [end["declarer"] for end in ends if not end["retry"]]
    assert sorted(declarers[:3]) == sorted(declarers[3:]) == ["N", "S", "W"]
    assert [end["closed"] for end in ends if not end["retry"]] == [False] * 3 + [True] * 3
    hands = [tuple(sorted(end["hands"]["S"])) for end in ends if not end["retry"]]
    assert len(set(hands)) == 6  # closed deals are other deals than the open ones


def test_looking_at_the_dubel_then_passing_costs_5_a_card(tmp_path: Path) -> None:
    learner = Scripted(8, {"call": "[?{dubel}]pass"})
    transcript = converse(learner, ["--level", "8"], environment(tmp_path))
    assert transcript.returncode == 0, transcript.stderr
    made = [e for e in transcript.of("call_made") if e["seat"] == "S"]
    assert made[0]["call"].startswith("[?") and made[0]["call"].endswith("]pass")
    texts = [str(e.get("text", "")) for e in transcript.events]
    assert any("South looked at the dubel and passed: -5" in text for text in texts)
    end = transcript.of("deal_end")[0]
    score_line = next(
        line for text in texts for line in text.splitlines() if line.startswith("Score: ")
    )
    # The learner's score in the deal: the contract's score, less 5 for the card looked at.
    declarer = Seat.parse(end["declarer"] or "S")
    order = declarer.clockwise()
    tricks = tuple(end["tricks"][seat.letter] for seat in order)
    contract = end["contract"] if end["declarer"] is not None else "pass"
    scores = score(contract, tricks, doubled=end["doubled"])  # declarer first
    without = scores[order.index(Seat.parse("S"))]
    assert end["score"]["S"] == without - 5
    assert f"South {without - 5:+d}" in score_line
