"""Quizzes: the engine's answer to each kind of question, and answers in comparable form.

Used by the checker (to prove an author's answer) and by the tutor (to judge a learner's).
"""

from __future__ import annotations

from typing import Any

from betel_tutor.cards import Card, format_cards, parse_card, parse_cards
from betel_tutor.odds import split_percent
from betel_tutor.rules import as_trump, legal_plays, trick_winner
from betel_tutor.scenario.answer_forms import asks_one_score, form_error, quiz_cards
from betel_tutor.scenario.model import Quiz
from betel_tutor.scoring import score
from betel_tutor.trick_count import count_tricks, written_count

YES_NO = ("call-legal", "laydown", "offer-legal")  # quizzes answered true or false


def show_answer(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def answer_text(quiz: Quiz, truth: Any, lang: str = "en") -> str:
    """The engine's answer (:func:`engine_answer`'s first value) as a reader reads it in
    ``lang``: cards with the language's letters (``♥D`` in Polish), yes or no in words."""
    from betel_tutor import i18n

    if isinstance(truth, bool):
        return i18n.translate(f"scenario.answer_{str(truth).lower()}", lang)
    if isinstance(truth, Card):
        return truth.format(lang=lang)
    if quiz.kind == "legal-cards":
        return format_cards(sorted(truth), lang=lang)
    if quiz.kind == "score" and not isinstance(truth, int):  # an int: the declarer's alone
        return ", ".join(map(str, truth))
    if quiz.kind == "odds":
        return i18n.decimal(truth, lang, places=2)
    if quiz.kind == "count-tricks":
        return written_count(truth, lang)
    return str(truth)


def engine_answer(quiz: Quiz) -> tuple[Any, str]:
    p = quiz.params
    if quiz.kind == "trick-winner":
        trick = quiz_cards(p["trick"])
        winner = trick[trick_winner(trick, trump=p.get("trump"), variant=p.get("variant"))]
        return winner, str(winner)
    if quiz.kind == "legal-cards":
        legal = legal_plays(
            quiz_cards(p["hand"]),
            quiz_cards(p["trick"]),
            trump=p.get("trump"),
            beat_obligation=not p.get("betel_defender", False),
        )
        return legal, format_cards(sorted(legal))
    if quiz.kind == "score":
        tricks = tuple(int(t) for t in p["tricks"])
        scores = score(str(p["contract"]), tricks, doubled=bool(p.get("doubled", False)))  # type: ignore[arg-type]
        if asks_one_score(quiz):
            return scores[0], str(scores[0])
        return scores, ", ".join(map(str, scores))
    if quiz.kind == "call-legal":
        return _call_is_legal(p), ""
    if quiz.kind == "odds":
        discarded = bool(p.get("after_discard", False))
        hold, dubel, split = int(p["hold"]), int(p.get("dubel", 0)), str(p["split"])
        percent = round(split_percent(hold, dubel, split, discarded=discarded), 2)
        return percent, f"{percent:.2f}"
    if quiz.kind == "laydown":
        verdict = _laydown_verdict(
            tuple(quiz_cards(p["hand"])), tuple(quiz_cards(p["dubel_cards"])), str(p["contract"])
        )
        # An open verdict is neither true nor false: no author's answer can match it.
        return {"proved": True, "refuted": False}.get(verdict, verdict), verdict
    if quiz.kind == "offer-legal":
        from betel_tutor.scenario.offer_quiz import offer_refusal

        return offer_refusal(p) is None, ""
    if quiz.kind == "count-tricks":
        counted = count_tricks(quiz_cards(p["hand"]), as_trump(p["trump"]))
        return counted, written_count(counted)
    raise ValueError(quiz.kind)


def _laydown_verdict(hand: tuple[Card, ...], dubel: tuple[Card, ...], contract: str) -> str:
    """The laydown check's verdict, kept by the cards and contract in the process and the
    user's cache folder: a search can take seconds, and a handout or a folder of lessons often
    repeats the same example, as the next ``check`` or ``render`` does."""
    from betel_tutor.solver.known import known_laydown

    return known_laydown(hand, dubel, contract)


def _call_is_legal(params: dict[str, Any]) -> bool:
    """Play the quiz's auction so far, then try its call (spec §3)."""
    from betel_tutor.auction import Auction, Call
    from betel_tutor.contracts import Contract
    from betel_tutor.errors import IllegalCall

    options = params.get("options") or {}
    if not isinstance(options, dict):
        raise TypeError("options")
    values = {str(k): v for k, v in options.items()}
    if isinstance(values.get("fixed"), str):  # a level's contract, as the author wrote it
        values["fixed"] = Contract.parse(values["fixed"])
    auction = Auction(**values)
    history = params["auction"]
    calls = history if isinstance(history, list) else str(history).split()
    for call in calls:
        # an illegal call here is a broken question, not a wrong answer
        auction.call(Call.parse(str(call)))
    asked = Call.parse(str(params["call"]))  # so is a call that cannot be read
    try:
        auction.call(asked)
    except IllegalCall:
        return False
    return True


def normalise_answer(quiz: Quiz, answer: Any) -> Any:
    if quiz.kind == "trick-winner":
        return parse_card(str(answer))
    if quiz.kind == "legal-cards":
        return frozenset(quiz_cards(answer))
    if quiz.kind == "score":
        if asks_one_score(quiz):
            if isinstance(answer, bool) or not isinstance(answer, int):
                raise TypeError("the declarer's score is one number")
            return answer
        return tuple(int(a) for a in answer)
    if quiz.kind == "odds":
        if isinstance(answer, bool) or not isinstance(answer, (int, float)):
            raise TypeError("an odds answer is a percentage")
        return round(float(answer), 2)
    if quiz.kind == "count-tricks":
        if isinstance(answer, bool) or not isinstance(answer, (int, float)):
            raise TypeError("a count of tricks is a number, in halves")
        return float(answer)
    if quiz.kind in YES_NO:
        if not isinstance(answer, bool):
            raise TypeError(f"a {quiz.kind} answer is true or false")
        return answer
    raise ValueError(quiz.kind)


ODDS_TOLERANCE = 0.1
"""How far a learner's percentage may be from the engine's (the questions ask for one decimal
and say so)."""


def judge(quiz: Quiz, given: Any, truth: Any) -> bool:
    """Whether a typed answer (read by :func:`parse_typed_answer`) is the engine's."""
    if quiz.kind == "odds":
        return abs(float(given) - float(truth)) <= ODDS_TOLERANCE + 1e-9
    return bool(given == truth)


def _trick_card(quiz: Quiz, text: str, lang: str) -> Card:
    """The card that wins, named by the card or by the seat that played it (the trick is
    led by ``leader``, South unless the quiz says otherwise): ``♥K``, ``West``, ``Zachód``."""
    from betel_tutor.errors import NotationError
    from betel_tutor.seats import Seat

    try:
        return parse_card(text, lang=lang)
    except NotationError:
        try:
            seat = Seat.parse(text)
        except ValueError:
            raise ValueError(text) from None
    trick = quiz_cards(quiz.params["trick"])
    leader = Seat.parse(str(quiz.params.get("leader") or "S"))
    index = seat.distance_from(leader)
    if index >= len(trick):
        raise ValueError(text)
    return trick[index]


def _count(text: str) -> float:
    """A count in halves as a learner types it: ``7``, ``7.5``, ``7,5``, ``7½``, ``½``."""
    whole, half, _ = text.partition("½")
    if half:
        count = (float(whole) if whole.strip() else 0.0) + 0.5
    else:
        count = float(text.replace(",", "."))
    if count < 0 or count * 2 != int(count * 2):
        raise ValueError(text)
    return count


_YES = {"yes", "y", "true", "tak", "t"}
_NO = {"no", "n", "false", "nie"}


def parse_typed_answer(quiz: Quiz, text: str, lang: str = "en") -> Any:
    """A learner's typed answer in the form :func:`engine_answer` gives; raises
    :class:`~betel_tutor.errors.NotationError` when it cannot be read."""
    from betel_tutor.errors import NotationError

    cleaned = text.strip()
    try:
        if not cleaned:  # a blank line (Enter pressed by mistake) is never an answer
            raise ValueError(cleaned)
        if quiz.kind == "trick-winner":
            return _trick_card(quiz, cleaned, lang)
        if quiz.kind == "legal-cards":
            cards = frozenset(parse_cards(cleaned, lang=lang))
            if not cards:  # a suit alone, a void mark: a player always has a card to play
                raise ValueError(cleaned)
            return cards
        if quiz.kind == "score":
            numbers = tuple(
                int(part) for part in cleaned.replace(",", " ").replace("/", " ").split()
            )
            if asks_one_score(quiz):
                if len(numbers) != 1:
                    raise ValueError(cleaned)
                return numbers[0]
            if len(numbers) != 3:
                raise ValueError(cleaned)
            return numbers
        if quiz.kind in YES_NO:
            if cleaned.lower() in _YES | _NO:
                return cleaned.lower() in _YES
            raise ValueError(cleaned)
        if quiz.kind == "odds":
            return round(float(cleaned.rstrip("% ").replace(",", ".")), 2)
        if quiz.kind == "count-tricks":
            return _count(cleaned)
    except (ValueError, NotationError):
        raise form_error(quiz, cleaned, lambda: engine_answer(quiz)[0]) from None
    raise form_error(quiz, cleaned, lambda: engine_answer(quiz)[0])
