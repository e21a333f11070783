"""Example tricks in a scenario's texts: lines like ``- ♠{A} <u>♣{2}</u> ♦{2} ♥{2}``, whose
underlined card the reader takes for the winner. Every one is proved against the rules of
the game it is written for (spec §5 for Betel's, the profile's for bridge), in a note, a
read step, a quiz's question or explanation, alike: a sheet prints them all.
"""

from __future__ import annotations

from collections.abc import Iterator

from betel_tutor.errors import BetelError
from betel_tutor.notes import Text
from betel_tutor.scenario.model import DealSpec, PlayStep, Quiz, ReadStep, Scenario, WatchStep
from betel_tutor.scenario.source import Position, Problem

# The messages of a note's example tricks, and of those in any other text.
NOTE_KEYS = ("check.note_card_not_in_deck", "check.note_trick_size", "check.note_winner")
TEXT_KEYS = ("check.text_card_not_in_deck", "check.text_trick_size", "check.text_winner")


def trick_problems(
    text: Text,
    starts: dict[str, Position],
    *,
    game_name: str,
    trump: str | None,
    keys: tuple[str, str, str] = NOTE_KEYS,
) -> list[Problem]:
    """A problem for each example trick of ``text`` (in either language) whose underlined
    card is not the one the rules make win, or that is not a trick of ``game_name`` at all.
    ``starts``: where each language's text begins in the file (its first line)."""
    from betel_tutor.profiles import profile
    from betel_tutor.scenario.legacy_note import example_tricks

    game = profile(game_name)
    deck = frozenset(game.deck)
    not_in_deck, trick_size, wrong_winner = keys
    problems: list[Problem] = []
    for lang in ("en", "pl"):
        start = starts[lang]
        try:
            tricks = example_tricks(text.get(lang), lang)
        except BetelError:
            continue  # a card that cannot be read is reported where the cards are compared
        for trick in tricks:
            at = Position(start.path, start.line + trick.line, 1)
            strangers = [card for card in trick.cards if card not in deck]
            if strangers:  # a bridge trick in a Betel text: 32 cards, three a trick
                params = {"lang": lang.upper(), "card": strangers[0], "game": game.name}
                problems.append(Problem(at, not_in_deck, params))
                continue
            if len(trick.cards) != game.seats:
                params = {"lang": lang.upper(), "n": len(trick.cards), "seats": game.seats}
                problems.append(Problem(at, trick_size, params))
                continue
            winner = game.winner(list(trick.cards), trump=trump)
            if winner != trick.winner:
                given, engine = trick.cards[trick.winner], trick.cards[winner]
                params = {"lang": lang.upper(), "given": given, "engine": engine}
                problems.append(Problem(at, wrong_winner, params))
    return problems


def deal_trump(deal: DealSpec) -> str | None:
    """The trump a deal's examples assume: its own, else its contract's."""
    if deal.trump is not None:
        return deal.trump
    if deal.contract is not None and deal.contract.trump is not None:
        return str(deal.contract.trump)
    return None


def scenario_texts(scenario: Scenario) -> Iterator[Problem]:
    """The example tricks of the scenario's read steps, quizzes, and the texts and comments of
    its play and watch steps (a deal's notes are checked with the deal). They are of the game
    all the file's deals are of (Betel when there are none, or several), with the trump of the
    lesson's fixed contract, if any; a play or watch step's words are of its deal's game and
    trump; a trick-winner quiz's own trump and variant hold for its texts."""
    games = {deal.variant or deal.game for deal in scenario.deals}
    game = games.pop() if len(games) == 1 else "betel"
    fixed = scenario.options.contract
    trump = str(fixed.trump) if fixed is not None and fixed.trump is not None else None
    for step in scenario.steps:
        if isinstance(step, ReadStep):
            starts = _starts(step.text_positions, "", step.position, scenario.path)
            yield from trick_problems(
                step.text, starts, game_name=game, trump=trump, keys=TEXT_KEYS
            )
        elif isinstance(step, PlayStep | WatchStep):
            yield from _step_texts(step, scenario, game, trump)
    for quiz in scenario.all_quizzes():
        yield from _quiz_texts(quiz, game, trump, scenario.path)


def _step_texts(
    step: PlayStep | WatchStep, scenario: Scenario, game: str, trump: str | None
) -> Iterator[Problem]:
    """A play or watch step's words and a watch step's comments, of the game and trump of the
    deal it names."""
    deal = scenario.deal(step.deal)
    if deal is not None:
        game, trump = deal.variant or deal.game, deal_trump(deal) or trump
    texts = [("text.", step.text)]
    if isinstance(step, WatchStep):
        texts += [(f"comments.{n}.", said) for n, said in enumerate(step.comments)]
    for prefix, text in texts:
        if text is not None:
            starts = _starts(step.where, prefix, step.position, scenario.path)
            yield from trick_problems(text, starts, game_name=game, trump=trump, keys=TEXT_KEYS)


def _quiz_texts(quiz: Quiz, game: str, trump: str | None, path: str) -> Iterator[Problem]:
    if quiz.kind == "trick-winner":
        game = str(quiz.params.get("variant") or game)
        trump = quiz.params.get("trump", trump)
    for part in ("question", "explanation"):
        text: Text | None = getattr(quiz, part)
        if text is not None:
            starts = _starts(quiz.where, f"{part}.", quiz.position, path)
            yield from trick_problems(text, starts, game_name=game, trump=trump, keys=TEXT_KEYS)


def _starts(
    where: dict[str, Position], prefix: str, fallback: Position | None, path: str
) -> dict[str, Position]:
    """Where each language's text begins: as read, else where its step or quiz is."""
    around = fallback if fallback is not None else Position(path, 1, 1)
    return {lang: where.get(prefix + lang, around) for lang in ("en", "pl")}
