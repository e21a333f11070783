"""The ``explain`` commands (a trick, the legal cards, a score, an auction) and ``rules``.

Each command imports its part of the application layer and the library inside its body: only
Typer is loaded before a command runs, so that ``--help`` and every command start fast
(bench/startup.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from betel_tutor.cli_common import Json, Lang, Trump, show

if TYPE_CHECKING:
    from betel_tutor.explain import Explanation


def explain_trick_command(
    trick: Annotated[str, typer.Argument(help='The cards in the order played, e.g. "♥Q ♥K ♠7".')],
    trump: Trump = None,
    variant: Annotated[
        str | None, typer.Option("--variant", help="Rules variant: blue-suit.")
    ] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Which card wins a trick (3 cards: Betel, 4: bridge), and why."""

    def build(language: str) -> Explanation:
        from betel_tutor.app import explain

        return explain.trick(explain.TrickOptions(trick, trump, variant, language))

    show(build, lang, as_json)


def explain_legal_command(
    hand: Annotated[str, typer.Option("--hand", help='Your cards, e.g. "♥AK8 ♠7".')],
    trick: Annotated[str, typer.Option("--trick", help="Cards already played to the trick.")] = "",
    trump: Trump = None,
    betel_defender: Annotated[
        bool, typer.Option("--betel-defender", help="You defend the contract Betel.")
    ] = False,
    game: Annotated[
        str, typer.Option("--game", help="betel, or bridge for penalty cards (Law 50, 51).")
    ] = "betel",
    penalty_cards: Annotated[
        str | None,
        typer.Option(
            "--penalty-cards",
            help="Bridge: a defender's penalty cards, in your hand, or your partner's if you lead.",
        ),
    ] = None,
    minor: Annotated[
        str, typer.Option("--minor", help="Bridge: which penalty cards are minor (Law 50B).")
    ] = "",
    declarer_option: Annotated[
        str | None,
        typer.Option(
            "--declarer-option",
            help="Bridge, your partner has penalty cards: require:♠, forbid:♠,♥ or none.",
        ),
    ] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Which cards you may play to a trick, and why the others are refused."""

    def build(language: str) -> Explanation:
        from betel_tutor.app import explain

        asked = (hand, trick, trump, betel_defender, game, penalty_cards, minor, declarer_option)
        return explain.legal(explain.LegalOptions(*asked, language=language))

    show(build, lang, as_json)


def explain_score_command(
    contract: Annotated[str, typer.Argument(help='The contract, e.g. 3♣, 2NT, B1, Betel, "pass".')],
    tricks: Annotated[
        str, typer.Option("--tricks", help="Tricks taken, declarer first, e.g. 7,2,1.")
    ],
    doubled: Annotated[bool, typer.Option("--doubled", help="The contract was doubled.")] = False,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """How a deal scores: contract points, overtricks, defenders, kontra."""

    def build(language: str) -> Explanation:
        from betel_tutor.app import explain

        return explain.score(explain.ScoreOptions(contract, tricks, doubled))

    show(build, lang, as_json)


def explain_auction_command(
    calls: Annotated[
        list[str], typer.Argument(help='The calls from the dealer on, e.g. "1♠ kontra pass".')
    ],
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """Each call of an auction in turn: who calls, what it does, what stands."""

    def build(language: str) -> Explanation:
        from betel_tutor.app import explain

        return explain.auction(explain.AuctionOptions(tuple(calls)))

    show(build, lang, as_json)


def rules_command(
    point: Annotated[str | None, typer.Argument(help="One point, 1 to 21.")] = None,
    lang: Lang = None,
    as_json: Json = False,
) -> None:
    """The 21-point rules summary, or one point of it."""

    def build(language: str) -> Explanation:
        from betel_tutor.app.rules import RulesOptions, rules

        return rules(RulesOptions(point))

    show(build, lang, as_json)
