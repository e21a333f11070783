"""A simulation's figures as text for a terminal, in English or Polish: the conditions'
frequencies, the expected tricks by seat and strain, and the expected score of every contract
by declarer, each figure with its standard error after ``±``."""

from __future__ import annotations

from betel_tutor.i18n import translate, translate_plural
from betel_tutor.profiles import profile
from betel_tutor.simulation.summary import Figure, Summary

GAME_TITLES = {"betel": "simulate.game_betel", "bridge": "simulate.game_bridge"}


def column_title(column: str, lang: str) -> str:
    """A column of the trick table as the language writes it (``NT``/``BA``, ``Betel``)."""
    if column == "NT":
        return translate("bridge.nt", lang)
    if column == "betelek":
        return translate("simulate.column_betelek", lang)
    if column == "betel":
        return translate("simulate.column_betel", lang)
    return column


def contract_title(contract: str, lang: str) -> str:
    """``3NT`` as ``3BA`` in Polish; suits, betelki and Betel alike in both."""
    if contract.endswith("NT"):
        return contract[:-2] + translate("bridge.nt", lang)
    return contract


def shown(
    figure: Figure, lang: str, *, places: int = 2, percent: bool = False, sign: bool = False
) -> str:
    """``4.12±0.05``; ``42.1%±1.6``; ``+12.3±1.2``; ``±—`` when there is no error to give;
    with a decimal comma in Polish."""
    scale = 100 if percent else 1
    mean = f"{figure.mean * scale:{'+' if sign else ''}.{places}f}"
    error = "—" if figure.error is None else f"{figure.error * scale:.{places}f}"
    text = f"{mean}{'%' if percent else ''}±{error}"
    return text.replace(".", ",") if lang == "pl" else text


def heading(summary: Summary, lang: str) -> str:
    """``Betel: 1000 deals, seed class (1000 candidates dealt)``."""
    game = translate(GAME_TITLES[summary.game], lang)
    return translate(
        "simulate.heading",
        lang,
        game=game,
        deals=translate_plural("simulate.deals", summary.deals, lang),
        seed=summary.seed,
        tested=translate_plural("simulate.tested", summary.tested, lang),
    )


def scores_title(summary: Summary, lang: str) -> str:
    """Spec §6's scores, or bridge's duplicate scores."""
    scored = profile(summary.game).scored
    return translate("simulate.scores_title" if scored else "simulate.scores_title_bridge", lang)


def lines(summary: Summary, lang: str) -> list[str]:
    out = [heading(summary, lang)]
    for constraint in summary.constraints:
        out.append("  " + translate("simulate.constraint", lang, text=constraint))
    out += ["", translate("simulate.stats_title", lang)]
    width = max(len(held.condition) for held in summary.stats)
    for held in summary.stats:
        figure = shown(held.frequency, lang, places=1, percent=True)
        out.append(f"  {held.condition:<{width}}  {figure:>12}")
    columns = list(dict.fromkeys(entry.column for entry in summary.tricks))
    seats = list(dict.fromkeys(entry.seat for entry in summary.tricks))
    by_place = {(entry.seat, entry.column): entry.figure for entry in summary.tricks}
    names = {seat: seat.short(lang) for seat in seats}
    name_width = max(len(name) for name in names.values())
    out += ["", translate("simulate.tricks_title", lang)]
    out.append(" " * (name_width + 2) + "".join(f"{column_title(c, lang):>12}" for c in columns))
    for seat in seats:
        cells = "".join(f"{shown(by_place[(seat, column)], lang):>12}" for column in columns)
        out.append(f"  {names[seat]:<{name_width}}{cells}")
    out += ["", scores_title(summary, lang)]
    contracts = list(dict.fromkeys(entry.contract for entry in summary.scores))
    by_contract = {(entry.contract, entry.seat): entry.points for entry in summary.scores}
    out.append(" " * 8 + "".join(f"{names[seat]:>14}" for seat in seats))
    for contract in contracts:
        cells = "".join(
            f"{shown(by_contract[(contract, seat)], lang, places=1, sign=True):>14}"
            for seat in seats
        )
        out.append(f"  {contract_title(contract, lang):<6}{cells}")
    return out
