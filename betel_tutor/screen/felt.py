"""The table drawn from a :class:`~betel_tutor.tutor.scene.Scene`: the other hands left and
right (their cards in open deals, backs in closed ones), the trick in the middle with who led
(or the auction so far, by seat, while it lasts), and the dubel.

Colour is never the only sign: red suits keep their symbols, the card that wins a finished
trick is bold and underlined, the seat to move is marked with ``▶``.
"""

from __future__ import annotations

from rich.align import Align
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from betel_tutor import i18n
from betel_tutor.screen.picker import RED_SUITS
from betel_tutor.seats import Seat
from betel_tutor.tutor.scene import Scene

SUITS = "♠♥♦♣"
BACK = "▒"


def words(key: str, lang: str, **params: object) -> str:
    return i18n.translate(f"screen.{key}", lang, **params)


def card_text(card: str, *, style: str = "") -> Text:
    colour = "red" if card[:1] in RED_SUITS else ""
    return Text(card, style=" ".join(part for part in (colour, style) if part) or "")


def suit_lines(cards: tuple[str, ...]) -> list[Text]:
    """A hand grouped by suit, one line a suit: ``♠ A K 9``; an empty suit ``♠ —``."""
    lines = []
    for suit in SUITS:
        ranks = [card[1:] for card in cards if card[:1] == suit]
        line = Text(suit, style="red" if suit in RED_SUITS else "")
        line.append(" " + (" ".join(ranks) if ranks else "—"))
        lines.append(line)
    return lines


def seat_heading(scene: Scene, seat: str, lang: str) -> Text:
    name = scene.names.get(seat, seat)
    head = Text("▶ " if scene.to_move == seat else "  ", style="bold")
    head.append(name, style="bold")
    if seat == scene.declarer:
        head.append(" · " + words("declarer_short", lang), style="italic")
    if seat == scene.dealer and scene.auction is not None and not scene.trick:
        head.append(" · " + words("dealer_short", lang), style="italic")
    return head


def other_hand(scene: Scene, seat: str, lang: str) -> RenderableType:
    lines: list[Text] = [seat_heading(scene, seat, lang)]
    if seat in scene.hands:
        lines.extend(suit_lines(scene.hands[seat]))
    else:
        count = scene.counts.get(seat, 0)
        lines.append(Text("  " + BACK * count + f" {count}", style="dim"))
    lines.extend(penalty_line(scene, seat, lang))
    return Group(*lines)


def penalty_line(scene: Scene, seat: str, lang: str) -> list[Text]:
    """A seat's penalty cards, face up on the table and marked (bridge, Law 50)."""
    cards = scene.penalty.get(seat, ())
    if not cards:
        return []
    line = Text("⚑ " + words("penalty_cards", lang) + ": ", style="bold reverse")
    for card in cards:
        line.append_text(card_text(card, style="bold reverse"))
        line.append(" ", style="reverse")
    return [line]


def played(scene: Scene, trick: tuple[tuple[str, str], ...], winner: str | None) -> dict[str, Text]:
    out = {}
    for seat, card in trick:
        style = "bold underline" if seat == winner else "bold"
        out[seat] = card_text(card, style=style)
    return out


def trick_area(scene: Scene, lang: str, *, last: bool) -> RenderableType:
    """The trick in progress (or the last one, on request), the learner's card at the bottom."""
    if scene.last_trick and (last or not scene.trick):  # asked for, or nothing played yet
        trick, winner, title = scene.last_trick, scene.last_winner, words("last_trick", lang)
        last = True
    else:
        trick, winner, title = scene.trick, None, ""
    cards = played(scene, trick, winner)
    learner, left, right = _places(scene)
    grid = Table.grid(padding=(0, 1))
    for _ in range(3):
        grid.add_column(justify="center", width=5)
    blank = Text("")
    if len(scene.seats) == 4:  # bridge: the partner across the table
        grid.add_row(blank, cards.get(_across(scene), blank), blank)
    grid.add_row(cards.get(left, blank), blank, cards.get(right, blank))
    grid.add_row(blank, cards.get(learner, blank), blank)
    lines: list[RenderableType] = []
    if title:
        lines.append(Text(title, style="italic"))
    if trick:
        leader = scene.names.get(trick[0][0], trick[0][0])
        lines.append(Text(words("led_by", lang, seat=leader), style="dim"))
    lines.append(Align.center(grid))
    if last and winner:
        lines.append(Text(words("won_by", lang, seat=scene.names.get(winner, winner))))
    return Group(*lines)


def auction_area(scene: Scene, lang: str) -> RenderableType:
    """The calls so far in columns by seat, from the dealer."""
    order = _from_dealer(scene)
    grid = Table(box=None, padding=(0, 2), show_edge=False)
    for seat in order:
        grid.add_column(Text(scene.names.get(seat, seat), style="bold"), justify="center")
    row: list[RenderableType] = []
    for seat, call in scene.auction:
        while order[len(row)] != seat:
            row.append(Text(""))
        row.append(card_text(call) if call[:1] in SUITS or call[1:2] in SUITS else Text(call))
        if len(row) == len(order):
            grid.add_row(*row)
            row = []
    if row:
        grid.add_row(*row)
    return Group(Text(words("auction", lang), style="italic"), grid)


def _from_dealer(scene: Scene) -> list[str]:
    seats = list(scene.seats)
    if scene.dealer in seats:
        start = seats.index(scene.dealer)
        seats = seats[start:] + seats[:start]
    return seats


def _places(scene: Scene) -> tuple[str, str, str]:
    """The seats at the bottom (the learner's), left and right: clockwise after the learner
    (at a bridge table of four, the partner sits across: :func:`_across`)."""
    seats = list(scene.seats) or ["S", "W", "N"]
    bottom = scene.learner if scene.learner in seats else seats[0]
    start = seats.index(bottom)
    turn = seats[start:] + seats[:start]
    return turn[0], turn[1], turn[-1] if len(turn) == 4 else turn[2 % len(turn)]


def _across(scene: Scene) -> str:
    seats = list(scene.seats)
    bottom = scene.learner if scene.learner in seats else seats[0]
    return seats[(seats.index(bottom) + 2) % len(seats)]


def felt(scene: Scene, lang: str, *, last: bool = False) -> RenderableType:
    """The whole table above the learner's hand."""
    _, left, right = _places(scene)
    top = Table.grid(expand=True)
    top.add_column(ratio=1)
    top.add_column(ratio=1, justify="right")
    top.add_row(other_hand(scene, left, lang), other_hand(scene, right, lang))
    middle = trick_area(scene, lang, last=last) if scene.tricks else auction_area(scene, lang)
    parts: list[RenderableType] = [top, Text(""), middle]
    if len(scene.seats) == 4:  # bridge: the partner (the dummy) across, above the others
        parts.insert(0, Align.center(other_hand(scene, _across(scene), lang)))
        learner = scene.learner or ""
        parts.extend(penalty_line(scene, learner, lang))
    if scene.dubel:
        line = Text(words("dubel", lang) + " ", style="dim")
        for card in scene.dubel:
            line.append_text(card_text(card))
            line.append(" ")
        parts.append(line)
    return Group(*parts)


def status(scene: Scene | None, lang: str, heading: str) -> Text:
    """Always in view: the lesson, step, goal and stars; a match's running score; the
    contract, trumps and tricks."""
    line = Text(heading, style="bold")
    if scene is None:
        return line
    if scene.steps:
        line.append(f"  {scene.step}/{scene.steps}")
    if scene.goal:
        line.append("  │ " + words("goal", lang) + " " + scene.goal)
    if scene.stars:
        line.append(f"  │ ★ {scene.stars}")
    if scene.score:  # a match: its running totals on a line of their own
        line.append("\n")
        totals = " · ".join(
            f"{Seat.parse(s, 4).localized(lang)} {n}" for s, n in scene.score.items()
        )
        line.append(words("score", lang) + " " + totals)
    line.append("\n")
    if scene.free:
        line.append(words("free_play", lang) + "  │ ")
    elif not scene.contract and scene.dealer:
        line.append(words("dealer", lang, seat=scene.names.get(scene.dealer, scene.dealer)))
    elif scene.contract:
        line.append(words("contract", lang) + " ")
        line.append_text(card_text(scene.contract, style="bold"))
        if scene.doubled:
            line.append(" ×2")
        if scene.declarer:
            line.append(" " + scene.names.get(scene.declarer, scene.declarer))
        line.append("  │ ")
    if scene.tricks:
        if scene.trumps:
            line.append(words("trumps", lang) + " ")
            line.append_text(card_text(scene.trumps))
        else:
            line.append(words("no_trumps", lang))
        taken = " · ".join(f"{scene.names.get(s, s)} {n}" for s, n in scene.tricks.items())
        line.append("  │ " + words("tricks", lang) + " " + taken)
    return line
