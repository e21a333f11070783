"""Finding deals for a lesson (``betel-tutor deal``): deals from a seed that meet conditions.

The candidates are those :func:`betel_tutor.scenario.deals.realize` deals: the seed, then
``seed#1``, ``seed#2`` … so a found deal's seed, written with its constraints in a scenario,
gives the same cards. The candidates are tested in rounds spread over worker processes; the
deals found are those of the lowest numbers, whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from betel_tutor.dealing import Deal
from betel_tutor.profiles import profile
from betel_tutor.scenario.conditions import Condition
from betel_tutor.scenario.deals import meets
from betel_tutor.scenario.model import Constraint, DealSpec, Game, Scenario, Text
from betel_tutor.scenario.writer import Comments, constraint_text, dump
from betel_tutor.seats import Seat

ROUND = 32  # candidates per worker in a round
# Candidates a worker process takes at a time: the workers share a round job by job, so that a
# deal slow to solve (DDS takes seconds over a few bridge deals) holds up its few neighbours,
# not a whole share of the round while the other workers wait (bench/deal.py).
JOB = 4


@dataclass(frozen=True, slots=True)
class Wanted:
    """What a found deal must meet: the game, the dealer, constraints of both forms."""

    game: Game = Game.BETEL
    dealer: int = 0
    constraints: tuple[Constraint, ...] = ()
    conditions: tuple[Condition, ...] = ()
    seed: int | str | None = None  # a file's deal's own seed: where its search starts


@dataclass(frozen=True, slots=True)
class Found:
    seed: int | str
    deal: Deal


def candidate_seed(base: int | str, number: int) -> int | str:
    return base if number == 0 else f"{base}#{number}"


def candidate(wanted: Wanted, base: int | str, number: int) -> Deal:
    return wanted.game.profile.deal(candidate_seed(base, number), dealer=wanted.dealer)


def accepts(wanted: Wanted, dealt: Deal) -> bool:
    """Every constraint, the cheap ones first: the solver only for deals that pass the rest."""
    if not all(meets(dealt, constraint) for constraint in wanted.constraints):
        return False
    cheap = [c for c in wanted.conditions if not c.double_dummy]
    dear = [c for c in wanted.conditions if c.double_dummy]
    return all(c.holds(dealt) for c in cheap) and all(c.holds(dealt) for c in dear)


def _test(job: tuple[Wanted, int | str, int, int]) -> list[int]:
    wanted, base, start, stop = job
    return [n for n in range(start, stop) if accepts(wanted, candidate(wanted, base, n))]


def find_deals(
    wanted: Wanted,
    base: int | str,
    *,
    count: int = 1,
    tries: int = 20_000,
    workers: int = 1,
    seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Found], int]:
    """Up to ``count`` deals meeting ``wanted`` among the first ``tries`` candidates from
    ``base``, and how many candidates were tested. The search stops between rounds once
    ``seconds`` have passed (then fewer than ``tries`` were tested); ``progress`` is told the
    candidates tested and the deals found after each round."""
    import time

    found: list[int] = []
    tested = 0
    pool = None
    stop = None if seconds is None else time.monotonic() + seconds
    if workers > 1:
        from betel_tutor.cores import worker_pool

        pool = worker_pool(workers)
    try:
        while tested < tries and len(found) < count:
            if stop is not None and time.monotonic() >= stop:
                break
            size = min(ROUND * workers, tries - tested)
            step = JOB if pool is not None else size
            jobs = [
                (wanted, base, start, min(start + step, tested + size))
                for start in range(tested, tested + size, step)
            ]
            results: Sequence[list[int]] = (
                list(pool.map(_test, jobs)) if pool is not None else [_test(job) for job in jobs]
            )
            found.extend(n for numbers in results for n in numbers)
            tested += size
            if progress is not None:
                progress(tested, len(found))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    chosen = sorted(found)[:count]
    if len(chosen) == count and chosen:
        tested = min(tested, chosen[-1] + 1)
    return [Found(candidate_seed(base, n), candidate(wanted, base, n)) for n in chosen], tested


# -- showing what was found ---------------------------------------------------------------------


def _seat_letters(game: str) -> list[str]:
    return [seat.letter for seat in profile(game).table]


def to_json(found: Sequence[Found], game: str) -> list[dict[str, object]]:
    """Each deal as ``{"seed", "hands": {letter: cards}, "dubel"}`` (Betel), in card notation."""
    from betel_tutor.cards import format_cards, format_hand, sort_cards

    deals: list[dict[str, object]] = []
    for item in found:
        letters = _seat_letters(game)
        hands = {
            letters[seat]: format_hand(hand, voids=False)
            for seat, hand in enumerate(item.deal.hands)
        }
        entry: dict[str, object] = {"seed": item.seed, "hands": hands}
        if profile(game).has_dubel:
            entry["dubel"] = format_cards(sort_cards(item.deal.dubel))
        deals.append(entry)
    return deals


def lines(found: Sequence[Found], game: str, lang: str) -> list[str]:
    """The deals for a terminal: a heading with the seed, a line a hand, the dubel."""
    from betel_tutor import i18n
    from betel_tutor.cards import format_cards, format_hand, sort_cards

    shown: list[str] = []
    for number, item in enumerate(found, 1):
        if shown:
            shown.append("")
        shown.append(i18n.translate("finder.heading", lang, number=number, seed=item.seed))
        table = profile(game).table
        names = [seat.localized(lang) for seat in table]
        dubel = i18n.translate("finder.dubel", lang)
        width = max(len(name) for name in [*names, dubel])
        for seat, hand in zip(table, item.deal.hands, strict=True):
            shown.append(f"  {names[seat]:<{width}}  {format_hand(hand, lang=lang)}")
        if profile(game).has_dubel:
            cards = format_cards(sort_cards(item.deal.dubel), lang=lang)
            shown.append(f"  {dubel:<{width}}  {cards}")
    return shown


def found_scenario(
    found: Sequence[Found],
    wanted: Wanted,
    *,
    name: str = "found-deals",
    title: Text | None = None,
    schema: bool = False,
) -> tuple[Scenario, Comments]:
    """A scenario of the found deals that ``check`` accepts: each deal its seed and the
    constraints it was found with (so ``check`` proves them), the hands in comments. Its id is
    ``name``, its title ``title``; the editor's ``$schema`` line is written only when
    ``schema`` says the schema file lies beside it (a line naming a missing file misleads)."""
    from betel_tutor.cards import format_cards, format_hand, sort_cards

    game = wanted.game.profile
    letters = _seat_letters(wanted.game)
    deals, after = [], {}
    for number, item in enumerate(found, 1):
        ident = f"d{number}"
        deals.append(
            DealSpec(
                id=ident,
                game=wanted.game,
                dealer=Seat(wanted.dealer, game.seats),
                seed=item.seed,
                constraints=wanted.constraints,
                conditions=wanted.conditions,
            )
        )
        shown = [
            f"  {letters[seat]}: {format_hand(hand)}" for seat, hand in enumerate(item.deal.hands)
        ]
        if game.dubel_size:
            shown.append(f"  dubel: {format_cards(sort_cards(item.deal.dubel))}")
        after[(ident, "seed")] = shown
    title = title or Text("Deals found", "Znalezione rozdania")
    # No steps: a practice file of deals, which ``learn FILE`` plays one after another.
    scenario = Scenario("", "practice", name, title, deals=tuple(deals))
    head: tuple[str, ...] = ()
    if schema:
        head = ("yaml-language-server: $schema=scenario.schema.json",)
    head += ("Written by betel-tutor deal: each seed gives its hands (shown in the comments).",)
    return scenario, Comments(head=head, after=after)


def scenario_yaml(
    found: Sequence[Found],
    wanted: Wanted,
    *,
    name: str = "found-deals",
    title: Text | None = None,
    schema: bool = False,
) -> str:
    """The text of :func:`found_scenario`."""
    scenario, comments = found_scenario(found, wanted, name=name, title=title, schema=schema)
    return dump(scenario, comments=comments)


def wanted_for(
    path: str | None, game: str | None, texts: Sequence[str], deal_id: str | None = None
) -> Wanted:
    """What to find: a scenario file's deal (its game, dealer and constraints) or ``game``
    (Betel when neither is given), and the conditions ``texts`` state. A :class:`BetelError`
    if they cannot be read."""
    from betel_tutor.errors import BetelError, NotationError
    from betel_tutor.scenario.conditions import parse_condition

    if path is not None and game is not None:
        raise NotationError("finder.what", token=f"{path} --game {game}", position=0)
    if path is None and game is None:
        game = "betel"  # a Betel tutor deals Betel unless told otherwise
    wanted = Wanted()
    if path is not None:
        from betel_tutor.scenario.loader import load

        scenario, problems = load(path)
        if scenario is None or problems:
            raise BetelError("finder.file_problem", problem=problems[0])
        deals = [d for d in scenario.deals if deal_id is None or d.id == deal_id]
        if not deals:
            raise NotationError("finder.no_deal", token=deal_id or path, position=0, path=path)
        spec = next((d for d in deals if d.constraints or d.conditions), deals[0])
        if spec.hands is not None:  # its cards are written out: nothing to find
            raise NotationError("finder.fixed_hands", token=spec.id, position=0, path=path)
        wanted = Wanted(spec.game, int(spec.dealer), spec.constraints, spec.conditions, spec.seed)
    else:
        assert game is not None
        try:
            wanted = Wanted(Game(game.strip().lower()))
        except ValueError:
            raise NotationError("finder.bad_game", token=game, position=0) from None
    extra = tuple(parse_condition(text, game=wanted.game) for text in texts)
    wanted = Wanted(
        wanted.game, wanted.dealer, wanted.constraints, wanted.conditions + extra, wanted.seed
    )
    refuse_impossible(wanted)
    return wanted


def refuse_impossible(wanted: Wanted) -> None:
    """A :class:`BetelError` naming the constraints that no deal can meet together, when
    that shows without dealing (:func:`betel_tutor.scenario.deals.impossible_in`)."""
    from betel_tutor.errors import BetelError
    from betel_tutor.scenario.deals import impossible_in, reason

    found = impossible_in(wanted.game, wanted.constraints, wanted.conditions)
    if found is None:
        return
    text = _written(found.constraint)
    if not found.others:
        raise BetelError("finder.impossible", text=text, why=reason(found))
    others = ", ".join(f'"{_written(other)}"' for other in found.others)
    raise BetelError("finder.impossible_with", text=text, others=others, why=reason(found))


def _written(constraint: Constraint | Condition) -> str:
    """A constraint as its author wrote it: the line, or the mapping in YAML's flow form."""
    return constraint_text(constraint)
