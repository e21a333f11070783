"""``puzzles build``, ``puzzles export`` and ``puzzles check`` (docs/puzzles.md): a corpus
of solver-made puzzles built, chosen from and proved again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from betel_tutor.bulk import run
from betel_tutor.cards import parse_card
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.i18n import translate, translate_plural
from betel_tutor.notes import Text
from betel_tutor.puzzles.build import Built, build
from betel_tutor.puzzles.corpus import shipped_corpus
from betel_tutor.puzzles.finder import KINDS
from betel_tutor.puzzles.games import is_game, played_in_game
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.puzzles.prove import proved
from betel_tutor.puzzles.replay import played_before, seed_value
from betel_tutor.puzzles.store import corpus_meta, read_puzzles, write_corpus
from betel_tutor.puzzles.theme_names import Theme, read_theme, theme_name
from betel_tutor.scenario.model import DealSpec, LevelOptions, PlayStep, Scenario
from betel_tutor.scenario.writer import dump

Progress = Callable[[int, int | None], None]
MOST_DEALS = 10_000_000  # a few days of one core: a larger build is cut into several


@dataclass(frozen=True, slots=True)
class BuildOptions:
    deals: int
    out: Path
    seed: int | str = 0
    workers: int | None = None
    cluster: str | None = None
    kinds: tuple[str, ...] = ()  # none: every kind
    games: bool = False  # from the strong computer players' games, not best-play walks


def build_corpus(options: BuildOptions, progress: Progress | None = None) -> Built:
    if not 1 <= options.deals <= MOST_DEALS:
        raise NotationError(
            "puzzles.bad_deals", token=str(options.deals), position=0, most=MOST_DEALS
        )
    for kind in options.kinds:
        if kind not in KINDS:
            raise NotationError("puzzles.bad_kind", token=kind, position=0, kinds=", ".join(KINDS))
    return build(
        options.out,
        deals=options.deals,
        seed=options.seed,
        workers=options.workers,
        cluster=options.cluster,
        progress=progress,
        kinds=options.kinds or KINDS,
        games=options.games,
    )


def merge_corpora(out: Path, corpora: list[Path]) -> Built:
    """One corpus of the puzzles of ``corpora``, written atomically to ``out``."""
    metas = [corpus_meta(path) for path in corpora]  # each refused first if it is no corpus
    puzzles = [puzzle for path in corpora for puzzle in read_puzzles(path)]
    deals = sum(int(meta.get("deals", 0)) for meta in metas)
    count = write_corpus(out, puzzles, {"deals": deals, "joined": [p.name for p in corpora]})
    return Built(out, deals, count)


def built_line(built: Built, language: str) -> str:
    puzzles = translate_plural("puzzles.count", built.puzzles, language)
    deals = translate_plural("puzzles.deals", built.deals, language)
    return translate("puzzles.built", language, path=str(built.path), puzzles=puzzles, deals=deals)


def chosen(corpus: Path | None, count: int, theme: str | None) -> list[Puzzle]:
    """The first ``count`` puzzles of the corpus (the shipped one by default), easiest first,
    of ``theme`` only if given (its key, or its name in either language)."""
    theme = None if theme is None else read_theme(theme)
    if count < 1:
        raise NotationError("puzzles.bad_count", token=str(count), position=0)
    path = corpus or shipped_corpus()
    found: list[Puzzle] = []
    for puzzle in read_puzzles(path, theme=theme):
        found.append(puzzle)
        if len(found) == count:
            break
    if not found and theme is not None:
        raise BetelError("puzzles.none_found", theme=Theme(theme), path=str(path))
    if not found:
        raise BetelError("puzzles.corpus_empty", path=str(path))
    return found


def export_json(puzzles: list[Puzzle]) -> list[dict[str, Any]]:
    return [puzzle.to_json() for puzzle in puzzles]


def export_scenario(puzzles: list[Puzzle], theme: str | None) -> Scenario:
    """A practice scenario of the puzzles: each a deal dealt from its seed and played in its
    contract to the puzzle's position, then the learner's play step with its goal."""
    what_en = theme_name(theme, "en") if theme else "Betel"
    what_pl = theme_name(theme, "pl") if theme else "Betel"
    title = Text(
        translate("puzzles.handout_title", "en", theme=what_en),
        translate("puzzles.handout_title", "pl", theme=what_pl),
    )
    deals, steps = [], []
    for puzzle in puzzles:
        ident = f"p-{puzzle.id}"
        if is_game(puzzle.seed):
            # The hands as the strong players' exchanges left them: the seed deals others.
            dealt, cards = played_in_game(puzzle)
            dealing: dict[str, Any] = {"hands": dealt.hands, "dubel": dealt.dubel}
        else:
            dealt, cards = played_before(puzzle)
            dealing = {"seed": seed_value(puzzle.seed)}
        deals.append(
            DealSpec(
                id=ident,
                dealer=dealt.dealer,
                **dealing,
                contract=puzzle.contract,
                declarer=puzzle.declarer,
                play=tuple(cards),
            )
        )
        goal = "make" if puzzle.side == "declarer" else "defeat"
        steps.append(PlayStep(deal=ident, seat=puzzle.to_play, goal={goal: 1}, open=True))
    return Scenario(
        "",
        "practice",
        f"puzzles-{theme or 'all'}",
        title,
        options=LevelOptions(auction=False),
        deals=tuple(deals),
        steps=tuple(steps),
    )


def export_yaml(puzzles: list[Puzzle], theme: str | None) -> str:
    """:func:`export_scenario` written by the scenario writer, as ``learn FILE`` reads it."""
    return dump(export_scenario(puzzles, theme))


def _problem(found: list[Any]) -> BetelError:
    """A problem as a worker sent it back, its card a card again (written in the learner's
    language when said)."""
    key, params = found
    if "card" in params:
        params = {**params, "card": parse_card(params["card"])}
    return BetelError(str(key), **params)


@dataclass(frozen=True, slots=True)
class Checked:
    checked: int
    problems: tuple[BetelError, ...]


def check_corpus(
    corpus: Path | None,
    *,
    sample: int | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Checked:
    """Prove every puzzle of the corpus again (or every ``sample``-th one), on every core
    (``workers``: how many processes) through the bulk engine."""
    if sample is not None and sample < 1:
        raise NotationError("puzzles.bad_every", token=str(sample), position=0)
    puzzles = [p.to_json() for p in read_puzzles(corpus or shipped_corpus())]
    if sample:
        puzzles = puzzles[::sample]
    total = len(puzzles)
    told = None if progress is None else (lambda done, _n: progress(done, total))
    problems = [
        _problem(found)
        for found in run(puzzles, proved, workers=workers, progress=told)
        if isinstance(found, list)
    ]
    return Checked(total, tuple(problems))
