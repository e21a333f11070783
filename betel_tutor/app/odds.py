"""``odds``: how the missing cards of a suit split between the opponents (betel-rules §10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from betel_tutor.errors import NotationError
from betel_tutor.i18n import decimal, translate
from betel_tutor.odds import SUIT_SIZE, Split, after_discard, split_table


@dataclass(frozen=True, slots=True)
class OddsOptions:
    hold: int  # cards of the suit in the hand
    dubel: int = 0  # cards of the suit in the dubel
    after_discard: bool = False  # an opponent discarded one and it was taken


@dataclass(frozen=True, slots=True)
class Odds:
    options: OddsOptions
    splits: tuple[Split, ...]

    def lines(self, language: str) -> list[str]:
        first, asked = self.splits[0], self.options
        key = "cli.odds_after_discard" if asked.after_discard else "cli.odds_title"
        missing = first.short + first.long
        title = translate(key, language, hold=asked.hold, dubel=asked.dubel, n=missing)
        rows = [
            f"  {split.name:>5}  {decimal(split.percent, language, places=2):>6} %"
            for split in self.splits
        ]
        return [title, *rows]

    def to_json(self) -> dict[str, Any]:
        rows = [{"split": s.name, "percent": round(s.percent, 2)} for s in self.splits]
        return {"hold": self.options.hold, "dubel": self.options.dubel, "splits": rows}


def odds(options: OddsOptions) -> Odds:
    hold, dubel = options.hold, options.dubel
    if options.after_discard and dubel:
        raise NotationError("cli.odds_dubel_discard", token=str(dubel), position=0, dubel=dubel)
    if options.after_discard and hold >= SUIT_SIZE:
        raise NotationError(
            "cli.odds_no_discard",
            token=str(hold),
            position=0,
            hold=hold,
            n=SUIT_SIZE,
            most=SUIT_SIZE - 1,
        )
    table = after_discard(hold) if options.after_discard else split_table(hold, dubel)
    return Odds(options, tuple(table))
