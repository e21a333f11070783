"""A card that, with best play by the others, would have turned the contract: the review says
it decided the contract only when it did; when the others missed the play that punishes it
and the contract still went the learner's way, the review says that instead.

Scripted learners play level 3 (betelki, declarer and defender) with random cards; every
review naming such a card is checked against how the contract really ended (its deal_end)."""

from __future__ import annotations

from pathlib import Path

from betel_tutor.contracts import parse_contract
from tests.learner import Learner, converse, environment

DECIDED = "That decided the contract."
SPARED = "they missed the play that punishes it"


def test_the_review_says_decided_only_when_the_contract_was_lost_by_it(tmp_path: Path) -> None:
    seen: set[str] = set()
    for seed in (1, 2):
        learner = Learner(3, random=seed)
        args = ["--level", "3", "--seed", f"spared-{seed}"]
        transcript = converse(learner, args, environment(tmp_path / str(seed)))
        assert transcript.returncode == 0, transcript.stderr
        events = transcript.events
        for i, review in enumerate(events):
            if review["event"] != "review" or "decided the contract" not in review["text"]:
                continue
            end = next(e for e in events[i:] if e["event"] == "deal_end")
            made = parse_contract(end["contract"]).is_made(end["tricks"][end["declarer"]])
            learners_way = made == (end["side"] == "declarer")
            if learners_way:
                assert SPARED in review["text"] and DECIDED not in review["text"]
                seen.add("spared")
            else:
                assert DECIDED in review["text"] and SPARED not in review["text"]
                seen.add("decided")
    assert seen == {"spared", "decided"}
