"""What a quiz says to an answer it cannot read: the form the answer takes, with an example.

The example is worked out from the quiz so that it is never its answer nor points at it: a
card that is not in the trick, cards that are not in the hand, scores that differ from the
right ones in every place, a percentage far from the right one. Typing the example back is
therefore never right, and a blank line (refused here too) teaches nothing about the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from betel_tutor import i18n
from betel_tutor.cards import BETEL_RANKS, Card, CardRun, Suit, parse_card, parse_cards
from betel_tutor.errors import NotationError
from betel_tutor.scenario.model import Quiz

# Low cards first: a small club is the least likely card to be in a quiz's trick or hand.
_EXAMPLE_ORDER = tuple(
    Card(suit, rank)
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    for rank in reversed(BETEL_RANKS)
)
_SCORE_EXAMPLES = ((30, 10, 10), (10, 30, 10), (10, 10, 30), (5, 40, 5))
_ONE_SCORE_EXAMPLES = (60, 40, 100)
_ODDS_EXAMPLES = (41.8, 12.5, 80.0)
_COUNT_EXAMPLES = ("6½", "4")  # a count in halves, as the lessons write it
_ODDS_FAR = 10.0  # an example percentage this far from the answer gives nothing away


class Percent(float):
    """A percentage as the reader writes it: ``41.8`` in English, ``41,8`` in Polish."""

    def localized(self, lang: str) -> str:
        return i18n.decimal(self, lang, places=1)


def asks_one_score(quiz: Quiz) -> bool:
    """A score quiz that asks only the declarer's score (``ask: declarer``: "how many chips
    does the declarer take?"), answered by one number, not three."""
    return quiz.kind == "score" and quiz.params.get("ask") == "declarer"


def quiz_cards(value: Any) -> list[Card]:
    """The cards of a quiz's field, written as a list or as one string."""
    if isinstance(value, list):
        return [parse_card(str(item)) for item in value]
    return parse_cards(str(value))


def form_error(quiz: Quiz, cleaned: str, truth: Callable[[], Any]) -> NotationError:
    """The refusal of ``cleaned`` (blank, or not in the form ``quiz`` asks for); ``truth``
    works out the quiz's answer, which an example must not be."""
    key: str = quiz.kind
    params: dict[str, Any] = {}
    if quiz.kind == "offer-legal":  # answered yes or no, as a call-legal quiz
        key = "call-legal"
    elif quiz.kind == "trick-winner":
        params = _trick_winner(quiz)
    elif quiz.kind == "legal-cards":
        params = _legal_cards(quiz)
    elif asks_one_score(quiz):
        key, params = "score-one", _one_score(truth())
    elif quiz.kind == "score":
        params = _scores(truth())
        if _no_declarer(quiz):  # three passes (spec §5): the scores go in the players' order
            key = "score-passes"
    elif quiz.kind == "odds":
        params = _odds(truth())
    elif quiz.kind == "count-tricks":
        right = truth()
        params = {"example": next(n for n in _COUNT_EXAMPLES if _halves(n) != right)}
    # A blank line is not quoted back as '': the refusal says only what to type.
    blank = "" if cleaned.strip() else "_blank"
    return NotationError(
        f"tutor.answer_{key.replace('-', '_')}{blank}", token=cleaned, position=0, **params
    )


def _halves(written: str) -> float:
    return float(written.replace("½", ".5"))


def _no_declarer(quiz: Quiz) -> bool:
    from betel_tutor.explain.score import explain_score

    tricks = tuple(int(t) for t in quiz.params["tricks"])
    return explain_score(str(quiz.params["contract"]), tricks).contract.kind == "free"


def _unused_cards(used: set[Card], count: int) -> CardRun:
    """``count`` cards of one suit, none of them in ``used``."""
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES):
        free = [card for card in _EXAMPLE_ORDER if card.suit is suit and card not in used]
        if len(free) >= count:
            return CardRun(sorted(free[:count], reverse=True))
    raise AssertionError("a quiz's cards leave no suit with room for an example")


def _trick_winner(quiz: Quiz) -> dict[str, Any]:
    from betel_tutor.seats import Seat, clockwise_from

    trick = quiz_cards(quiz.params["trick"])
    leader = Seat.parse(str(quiz.params.get("leader") or "S"))
    players = clockwise_from(leader)[: len(trick)]  # every seat that played: no seat stands out
    return {"card": _unused_cards(set(trick), 1)[0], "seats": tuple(players)}


def _legal_cards(quiz: Quiz) -> dict[str, Any]:
    used = set(quiz_cards(quiz.params["hand"])) | set(quiz_cards(quiz.params["trick"]))
    return {"cards": _unused_cards(used, 2)}


def _scores(truth: tuple[int, ...]) -> dict[str, Any]:
    example = next(
        (
            scores
            for scores in _SCORE_EXAMPLES
            if all(mine != right for mine, right in zip(scores, truth, strict=True))
        ),
        tuple(right + 7 for right in truth),  # no score is 7 more than the right one
    )
    return {"example": " ".join(map(str, example))}


def _one_score(truth: int) -> dict[str, Any]:
    return {"example": next(n for n in _ONE_SCORE_EXAMPLES if n != truth)}


def _odds(truth: float) -> dict[str, Any]:
    example = next(p for p in _ODDS_EXAMPLES if abs(p - float(truth)) >= _ODDS_FAR)
    return {"example": Percent(example)}
