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
from betel_tutor.cards import SUITS_HIGH_TO_LOW, Card, Suit
from betel_tutor.display import shown
from betel_tutor.seats import Seat, seats
from betel_tutor.tutor.scene import Scene

RED = frozenset((Suit.HEARTS, Suit.DIAMONDS))
THREE = tuple(seats(3))

BACK = "▒"


def words(key: str, lang: str, **params: object) -> str:
    return i18n.translate(f"screen.{key}", lang, **params)


def card_text(card: Card | Suit, lang: str, *, style: str = "") -> Text:
    """A card (or a suit) as the learner reads it, red suits in red."""
    suit = card.suit if isinstance(card, Card) else card
    colour = "red" if suit in RED else ""
    return Text(shown(card, lang), style=" ".join(part for part in (colour, style) if part) or "")


def suit_lines(cards: tuple[Card, ...], lang: str) -> list[Text]:
    """A hand grouped by suit, one line a suit: ``♠ A K 9``; an empty suit ``♠ —``."""
    lines = []
    for suit in SUITS_HIGH_TO_LOW:
        ranks = [card.rank.localized(lang) for card in cards if card.suit is suit]
        line = Text(suit.symbol, style="red" if suit in RED else "")
        line.append(" " + (" ".join(ranks) if ranks else "—"))
        lines.append(line)
    return lines


def name(seat: Seat, lang: str) -> str:
    """A seat's name in the learner's language: ``Południe``."""
    return str(shown(seat, lang))


def seat_heading(scene: Scene, seat: Seat, lang: str) -> Text:
    head = Text("▶ " if scene.to_move == seat else "  ", style="bold")
    head.append(name(seat, lang), style="bold")
    if seat == scene.declarer:
        head.append(" · " + words("declarer_short", lang), style="italic")
    if seat == scene.dealer and scene.auction is not None and not scene.trick:
        head.append(" · " + words("dealer_short", lang), style="italic")
    return head


def other_hand(scene: Scene, seat: Seat, lang: str) -> RenderableType:
    lines: list[Text] = [seat_heading(scene, seat, lang)]
    if seat in scene.hands:
        lines.extend(suit_lines(scene.hands[seat], lang))
    else:
        count = scene.counts.get(seat, 0)
        lines.append(Text("  " + BACK * count + f" {count}", style="dim"))
    lines.extend(penalty_line(scene, seat, lang))
    return Group(*lines)


def penalty_line(scene: Scene, seat: Seat | None, lang: str) -> list[Text]:
    """A seat's penalty cards, face up on the table and marked (bridge, Law 50)."""
    cards = scene.penalty.get(seat, ()) if seat is not None else ()
    if not cards:
        return []
    line = Text("⚑ " + words("penalty_cards", lang) + ": ", style="bold reverse")
    for card in cards:
        line.append_text(card_text(card, lang, style="bold reverse"))
        line.append(" ", style="reverse")
    return [line]


def played(
    trick: tuple[tuple[Seat, Card], ...], winner: Seat | None, lang: str
) -> dict[Seat, Text]:
    out = {}
    for seat, card in trick:
        style = "bold underline" if seat == winner else "bold"
        out[seat] = card_text(card, lang, style=style)
    return out


def trick_area(scene: Scene, lang: str, *, last: bool) -> RenderableType:
    """The trick in progress (or the last one, on request), the learner's card at the bottom."""
    if scene.last_trick and (last or not scene.trick):  # asked for, or nothing played yet
        trick, winner, title = scene.last_trick, scene.last_winner, words("last_trick", lang)
        last = True
    else:
        trick, winner, title = scene.trick, None, ""
    cards = played(trick, winner, lang)
    learner, left, right = _places(scene)
    grid = Table.grid(padding=(0, 1))
    for _ in ("left", "middle", "right"):
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
        lines.append(Text(words("led_by", lang, seat=name(trick[0][0], lang)), style="dim"))
    lines.append(Align.center(grid))
    if last and winner is not None:
        lines.append(Text(words("won_by", lang, seat=name(winner, lang))))
    return Group(*lines)


def auction_area(scene: Scene, lang: str) -> RenderableType:
    """The calls so far in columns by seat, from the dealer."""
    order = _from_dealer(scene)
    grid = Table(box=None, padding=(0, 2), show_edge=False)
    for seat in order:
        grid.add_column(Text(name(seat, lang), style="bold"), justify="center")
    row: list[RenderableType] = []
    for seat, call in scene.auction:
        while order[len(row)] != seat:
            row.append(Text(""))
        row.append(Text(shown(call, lang)))
        if len(row) == len(order):
            grid.add_row(*row)
            row = []
    if row:
        grid.add_row(*row)
    return Group(Text(words("auction", lang), style="italic"), grid)


def _from_dealer(scene: Scene) -> list[Seat]:
    seats = list(scene.seats)
    if scene.dealer in seats:
        start = seats.index(scene.dealer)
        seats = seats[start:] + seats[:start]
    return seats


def _places(scene: Scene) -> tuple[Seat, Seat, Seat]:
    """The seats at the bottom (the learner's), left and right: clockwise after the learner
    (at a bridge table of four, the partner sits across: :func:`_across`)."""
    seats = list(scene.seats) or list(THREE)
    bottom = scene.learner if scene.learner in seats else seats[0]
    start = seats.index(bottom)
    turn = seats[start:] + seats[:start]
    return turn[0], turn[1], turn[-1] if len(turn) == 4 else turn[2 % len(turn)]


def _across(scene: Scene) -> Seat:
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
        parts.extend(penalty_line(scene, scene.learner, lang))
    if scene.dubel:
        line = Text(words("dubel", lang) + " ", style="dim")
        for card in scene.dubel:
            line.append_text(card_text(card, lang))
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
        totals = " · ".join(f"{name(seat, lang)} {n}" for seat, n in scene.score.items())
        line.append(words("score", lang) + " " + totals)
    line.append("\n")
    if scene.free:
        line.append(words("free_play", lang) + "  │ ")
    elif scene.contract is None and scene.dealer is not None:
        line.append(words("dealer", lang, seat=name(scene.dealer, lang)))
    elif scene.contract is not None:
        line.append(words("contract", lang) + " ")
        line.append(shown(scene.contract, lang), style="bold")
        if scene.doubled:
            line.append(" ×2")
        if scene.declarer is not None:
            line.append(" " + name(scene.declarer, lang))
        line.append("  │ ")
    if scene.tricks:
        if scene.trumps is not None:
            line.append(words("trumps", lang) + " ")
            line.append_text(card_text(scene.trumps, lang))
        else:
            line.append(words("no_trumps", lang))
        taken = " · ".join(f"{name(seat, lang)} {n}" for seat, n in scene.tricks.items())
        line.append("  │ " + words("tricks", lang) + " " + taken)
    return line
