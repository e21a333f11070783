"""Bridge boards the field's way: PBN and LIN files, read with endplay, and our YAML boards.

A :class:`BridgeBoard` is what the formats share: the board number, dealer, vulnerability,
the four hands (N E S W) and the board's notes. :func:`read_boards` reads one from a ``.pbn``,
``.lin`` or ``.yaml`` file, :func:`to_pbn` and :func:`to_yaml` write them. endplay reads the
PBN tags but drops commentary, so the commentary is read here, game by game: a note written
by :func:`to_pbn` is a ``{...}`` block whose first line names it (``betel-tutor note id=…
version=… category=… lang=en``); any other commentary becomes a note ``after`` the play, the
same text in both languages. Card markup (``♠{A}``) is written as PBN writes suits in
commentary (``\\SA``) and read back as it was.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from betel_tutor import endplay_parts, i18n
from betel_tutor.bridge_dd import PBN_SUITS, DoubleDummy, double_dummy, pbn_deal
from betel_tutor.cards import Card, Rank, Suit, parse_cards, sort_cards
from betel_tutor.errors import ScenarioError
from betel_tutor.scenario.model import Note, Scenario, Text
from betel_tutor.seats import Seat

EXTENSIONS = (".pbn", ".lin", ".yaml", ".yml")
VULNERABLE = ("none", "NS", "EW", "all")
_PBN_VUL = {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}
_VUL_OF_PBN = {"none": "none", "love": "none", "-": "none", "ns": "NS", "ew": "EW"}
_VUL_OF_PBN |= {"all": "all", "both": "all"}
_PBN_SUITS = PBN_SUITS
_ESCAPE = {suit.symbol: "\\" + suit.letter for suit in _PBN_SUITS}
_UNESCAPE = {suit.letter: suit.symbol for suit in _PBN_SUITS}
_HEADER = re.compile(
    r"betel-tutor note id=(\S+) version=(\d+) category=(before|after) lang=(en|pl)\s*$"
)
_TAG = re.compile(r'\s*\[(\w+)\s+"(.*)"\]')


@dataclass(frozen=True)
class BridgeBoard:
    """One bridge board as the file formats see it; ``hands`` by seat N E S W."""

    id: str
    hands: tuple[tuple[Card, ...], ...]
    dealer: Seat
    number: int | None = None
    vulnerable: str = "none"
    notes: tuple[Note, ...] = ()
    variant: str | None = None  # the blue suit: not bridge's play, so no DDS table
    trump: str | None = None  # a suit symbol, when the board names its trump without a contract
    auction: tuple[str, ...] = ()  # our calls: "1♠", "3NT", "pass", "kontra", "rekontra"
    contract: str | None = None  # "4♠", "6NT", or "pass" (passed out)
    doubled: int = 0  # 1 doubled, 2 redoubled
    declarer: Seat | None = None
    play: tuple[Card, ...] = ()  # in the order played
    result: int | None = None  # the declarer's tricks
    event: str | None = None  # PBN's Event: what the boards were played at, the file's title
    # Where the board's tags are in its PBN file (tag name in lower case; "" its first line).
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    def pbn_deal(self) -> str:
        """The deal as PBN's ``Deal`` tag writes it, from North: ``N:AKQJ.AKQJ.AKQ.AK …``."""
        return pbn_deal(self.hands)

    def double_dummy(self) -> DoubleDummy:
        """DDS's table and par for the board."""
        return double_dummy(self.pbn_deal(), self.dealer, self.vulnerable, name=self.id)


@dataclass(frozen=True)
class _Said:
    """A file's problem as an error parameter, in the error's language."""

    problem: Any

    def localized(self, lang: str) -> str:
        return str(self.problem.message(lang))


def _bad(path: str, line: int | None, detail: object) -> ScenarioError:
    if line is None:
        return ScenarioError("bridge.bad_file", path=path, detail=detail)
    return ScenarioError("bridge.bad_file_line", path=path, line=line, detail=detail)


def problem_error(path: str, problem: Any) -> ScenarioError:
    """A scenario's problem (a :class:`~betel_tutor.scenario.source.Problem`) as the error a
    board file's reader raises."""
    return _bad(path, problem.position.line or None, _Said(problem))


def format_of(path: str) -> str:
    """``pbn``, ``lin`` or ``yaml`` by the file's extension; anything else is refused."""
    suffix = Path(path).suffix.lower()
    if suffix not in EXTENSIONS:
        raise ScenarioError("bridge.unknown_format", path=path, suffix=suffix or "—")
    return "yaml" if suffix == ".yml" else suffix[1:]


def check_conversion(source: str, target: str) -> None:
    """Refuse a conversion that would lose what a user made: writing over the file read (by
    any name: a link, a relative path), or YAML from YAML, which keeps only the bridge boards
    (a scenario's quizzes, steps, comments and seeds would go)."""
    import os

    if os.path.exists(target) and os.path.exists(source):
        same = os.path.samefile(source, target)
    else:
        same = os.path.realpath(source) == os.path.realpath(target)
    if same:
        raise ScenarioError("bridge.convert_same_file", source=source, target=target)
    if format_of(source) == format_of(target) == "yaml":
        raise ScenarioError("bridge.convert_yaml_to_yaml", source=source, target=target)


def read_board_file(path: str) -> list[BridgeBoard]:
    """The bridge boards of a ``.pbn`` or ``.lin`` file; a file that cannot be read, or is
    damaged, is one :class:`ScenarioError` naming the file (and line). (A ``.yaml`` file is a
    scenario: :func:`betel_tutor.scenario.loader.read_boards` reads all three.)"""
    from betel_tutor.scenario.source import read_file

    text, problems = read_file(path)
    if text is None:
        raise ScenarioError("bridge.unreadable", path=path, detail=_Said(problems[0]))
    boards = _pbn_boards(text, path) if format_of(path) == "pbn" else _lin_boards(text, path)
    if not boards:
        raise ScenarioError("bridge.no_boards", path=path)
    return boards


def boards_of(scenario: Scenario, path: str) -> list[BridgeBoard]:
    """The bridge boards of a scenario read from ``path``."""
    from betel_tutor.scenario.deals import realize

    boards = []
    for deal in scenario.deals:
        if deal.game != "bridge":
            continue
        dealt = realize(deal)
        boards.append(
            BridgeBoard(
                id=deal.id,
                hands=tuple(tuple(sort_cards(hand)) for hand in dealt.hands),
                dealer=Seat(deal.dealer, 4),
                number=deal.board,
                vulnerable=deal.vulnerable or "none",
                notes=deal.current_notes(),
                variant=deal.variant,
                trump=deal.trump,
                event=scenario.title.get("en"),
                **_yaml_played(deal),
            )
        )
    if not boards:
        raise ScenarioError("bridge.no_boards", path=path)
    return boards


def _yaml_played(deal: Any) -> dict[str, Any]:
    """A scenario deal's auction, contract, declarer, play and result as a board holds them."""
    contract = deal.contract
    written: str | None = None
    if contract is not None and contract.kind == "normal":
        strain = "NT" if contract.strain is None else contract.strain.symbol
        written = f"{contract.level}{strain}"
    elif contract is not None and contract.kind == "free":
        written = "pass"
    out: dict[str, Any] = {
        "auction": tuple(deal.auction or ()),
        "contract": written,
        "doubled": deal.doubled,
        "declarer": deal.declarer,
        "play": tuple(deal.play),
        "result": deal.result,
    }
    if written is None and deal.auction:
        out |= _from_auction(list(deal.auction), Seat(deal.dealer, 4))
    return out


def _cards_of(endplay_deal: Any) -> tuple[tuple[Card, ...], ...]:
    """Our hands (N E S W) from an endplay deal, through its PBN text."""
    first, _, rest = endplay_deal.to_pbn().partition(":")
    start = Seat.parse(first, 4)
    hands: list[tuple[Card, ...]] = [()] * 4
    for offset, text in enumerate(rest.split()):
        cards = []
        for suit, ranks in zip(_PBN_SUITS, text.split("."), strict=True):
            cards.extend(parse_cards(suit.symbol + ranks) if ranks else [])
        hands[start.next(offset)] = tuple(sort_cards(cards))
    return tuple(hands)


def _whole(hands: tuple[tuple[Card, ...], ...]) -> bool:
    every = [card for hand in hands for card in hand]
    return all(len(hand) == 13 for hand in hands) and len(set(every)) == 52


# -- PBN ------------------------------------------------------------------------------------


@dataclass
class _Game:
    """One game of a PBN file as read here: its tags' lines and its commentary."""

    line: int  # of its first tag
    tags: dict[str, tuple[str, int]]
    comments: list[str]


def _pbn_games(text: str) -> list[_Game]:
    """Tags and commentary per game; a blank line outside commentary ends a game."""
    games: list[_Game] = []
    current: _Game | None = None
    comment: list[str] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if comment is not None:
            end = line.find("}")
            comment.append(line if end < 0 else line[:end])
            if end >= 0:
                if current is not None:
                    current.comments.append("\n".join(comment))
                comment = None
            continue
        stripped = line.strip()
        if not stripped:
            if current is not None and current.tags:
                games.append(current)
                current = None
            continue
        if stripped.startswith("%"):
            continue
        tag = _TAG.match(line)
        if tag is not None:
            if current is None:
                current = _Game(number, {}, [])
            current.tags.setdefault(tag.group(1).lower(), (tag.group(2), number))
            continue
        start = line.find("{")
        if start >= 0:
            body = line[start + 1 :]
            end = body.find("}")
            if end >= 0:
                if current is not None:
                    current.comments.append(body[:end])
            else:
                comment = [body]
    if current is not None and current.tags:
        games.append(current)
    return games


def _pbn_boards(text: str, path: str) -> list[BridgeBoard]:
    endplay_parts.load()
    import endplay.parsers.pbn as pbn

    try:
        # endplay reads a play or auction section's commentary as cards or calls: it is read
        # here (_pbn_games), and endplay is given the file without it, line for line.
        parsed = pbn.loads(_without_commentary(text))
    except pbn.PBNDecodeError as error:
        said = _section_fault(text) or ScenarioError("bridge.pbn_unreadable")
        raise _bad(path, said.params.get("line") or error.lineno, _Said(said)) from None
    except Exception:  # endplay raises what its types raise: name the tag, in our words
        line = _first_bad_tag(text)
        fault = _deal_fault(text, line)
        if fault is None:
            fault = _section_fault(text) or ScenarioError("bridge.pbn_unreadable")
            line = fault.params.get("line") or line
        raise _bad(path, line, _Said(fault)) from None
    games = _pbn_games(text)
    if len(games) != len(parsed):  # should the two readers split the games differently
        games = []
    boards = []
    for index, board in enumerate(parsed):
        game = games[index] if index < len(games) else None
        line = None if game is None else game.tags.get("deal", ("", game.line))[1]
        if board.deal is None or (game is not None and "deal" not in game.tags):
            raise _bad(path, line, ScenarioError("bridge.no_deal_tag"))
        hands = _cards_of(board.deal)
        if not _whole(hands):
            fault = _deal_fault(text, line) or ScenarioError("bridge.deal_not_whole")
            raise _bad(path, line, _Said(fault))
        number = board.board_num
        vul = (
            _VUL_OF_PBN.get(game.tags["vulnerable"][0].lower(), "none")
            if game and ("vulnerable" in game.tags)
            else "none"
        )
        dealer = Seat(int(board.dealer), 4) if board.dealer is not None else Seat(0, 4)
        ident = f"board-{number}" if number is not None else f"board-{index + 1}"
        notes = _notes_of(game.comments if game else [], ident)
        variant = game.tags["variant"][0] if game and "variant" in game.tags else None
        if variant not in (None, "blue-suit"):
            raise _bad(path, game.tags["variant"][1] if game else None, f"variant {variant}")
        trump = None
        if game is not None and "trump" in game.tags:
            letter = game.tags["trump"][0].upper()
            if letter not in _UNESCAPE:
                raise _bad(path, game.tags["trump"][1], f"trump {letter}")
            trump = _UNESCAPE[letter]
        played = _played(board, dealer, game.tags if game is not None else {})
        event = game.tags.get("event", ("", 0))[0].strip() if game is not None else ""
        if event not in ("", "?"):
            played["event"] = event
        if game is not None:
            lines = {name: line for name, (_, line) in game.tags.items()} | {"": game.line}
            played["tag_lines"] = lines
        boards.append(
            BridgeBoard(ident, hands, dealer, number, vul, notes, variant, trump, **played)
        )
    return boards


_STRAIN_OF_DENOM = ("♠", "♥", "♦", "♣", "NT")
_DOUBLED_OF_PENALTY = {1: 0, 2: 1, 4: 2}


def _played(board: Any, dealer: Seat, tags: dict[str, tuple[str, int]]) -> dict[str, Any]:
    """An endplay board's auction (our calls), contract, declarer, play and result; what the
    file does not say is derived from a finished auction, or left out."""
    calls: list[str] = []
    for bid in board.auction or ():
        if hasattr(bid, "level"):
            calls.append(f"{int(bid.level)}{_STRAIN_OF_DENOM[int(bid.denom)]}")
        else:
            calls.append(("pass", "kontra", "rekontra")[_DOUBLED_OF_PENALTY[int(bid.penalty)]])
    out: dict[str, Any] = {"auction": tuple(calls)}
    contract = board.contract
    if contract is not None and int(contract.level) == 0:
        out["contract"] = "pass"
    elif contract is not None:
        out["contract"] = f"{int(contract.level)}{_STRAIN_OF_DENOM[int(contract.denom)]}"
        out["doubled"] = _DOUBLED_OF_PENALTY.get(int(contract.penalty), 0)
        out["declarer"] = Seat(int(contract.declarer), 4)
        written = tags.get("result", ("", 0))[0].strip()
        whole = len(board.play or ()) == 52  # LIN has no result: the play's, when complete
        if written.isdigit() or (whole and contract.result is not None):
            out["result"] = int(contract.level) + 6 + int(contract.result)
    elif calls:
        out |= _from_auction(calls, dealer)
    out["play"] = tuple(
        parse_cards(_PBN_SUITS[int(card.suit)].symbol + card.rank.abbr)[0]
        for card in board.play or ()
    )
    return out


def _from_auction(calls: list[str], dealer: Seat) -> dict[str, Any]:
    """The contract, doubling and declarer a finished auction ends in (nothing if it is not
    finished or cannot be followed)."""
    from betel_tutor.bridge_auction import BridgeAuction
    from betel_tutor.errors import BetelError

    auction = BridgeAuction(dealer=int(dealer))
    try:
        for call in calls:
            auction.call(call)
    except BetelError:
        return {}
    if not auction.finished:
        return {}
    if auction.contract is None:
        return {"contract": "pass"}
    return {"contract": auction.contract, "doubled": auction.doubled, "declarer": auction.declarer}


_PBN_RANKS = "AKQJT98765432"


def _deal_fault(text: str, line: int | None) -> ScenarioError | None:
    """What is wrong with the ``Deal`` tag on ``line``, in our words: a hand that is not four
    suits, or a character that is not a rank (the ten is T)."""
    if line is None:
        return None
    tag = _TAG.match(text.splitlines()[line - 1])
    if tag is None or tag.group(1).lower() != "deal":
        return None
    first, _, hands = tag.group(2).strip().partition(":")
    try:
        seat = Seat.parse(first.strip(), count=4)
    except ValueError:  # not a seat letter: endplay's own words say what
        return None
    for hand in hands.split():
        suits = hand.split(".")
        if len(suits) != 4:
            return ScenarioError("bridge.deal_suits", seat=seat, hand=hand)
        for char in "".join(suits):
            if char.upper() not in _PBN_RANKS:
                return ScenarioError("bridge.deal_rank", seat=seat, hand=hand, token=char)
        seat = seat.next()
    return None


def _without_commentary(text: str) -> str:
    """``text`` without its commentary (``{…}``, and ``;`` to the end of a line), outside tag
    values, line for line: a line that held only commentary becomes an escape line (``%``),
    which PBN readers skip, so that it does not end a game as a blank line would."""
    out: list[str] = []
    in_block = False
    for raw in text.split("\n"):
        kept: list[str] = []
        in_tag = in_string = False
        index = 0
        while index < len(raw):
            char = raw[index]
            if in_block:
                in_block = char != "}"
            elif in_string:
                kept.append(char)
                if char == "\\" and index + 1 < len(raw):
                    kept.append(raw[index + 1])
                    index += 1
                elif char == '"':
                    in_string = False
            elif char == "{":
                in_block = True
            elif char == ";" and not in_tag:
                break
            else:
                kept.append(char)
                in_string = char == '"' and in_tag
                in_tag = (in_tag or char == "[") and char != "]"
            index += 1
        line = "".join(kept)
        if raw.strip() and not line.strip():
            line = "%"
        out.append(line)
    return "\n".join(out)


_PLAY_TOKEN = re.compile(r"[SHDC](10|[AKQJT2-9])|[-*+]|\^\d+|=\d+=|\$\d+", re.IGNORECASE)
_CALL_TOKEN = re.compile(
    r"[1-7](NT|[SHDCN])|pass|p|x{1,2}|ap|[-*+]|\^\d+|=\d+=|\$\d+|[!?]{1,2}", re.IGNORECASE
)


def _section_fault(text: str) -> ScenarioError | None:
    """The first word of a ``[Play]`` or ``[Auction]`` section (commentary aside) that is not
    a card or a call, in our words, with its line."""
    section: str | None = None
    for number, line in enumerate(_without_commentary(text).splitlines(), start=1):
        stripped = line.strip()
        tag = _TAG.match(line)
        if tag is not None:
            name = tag.group(1).lower()
            section = name if name in ("play", "auction") else None
            continue
        if not stripped or stripped.startswith("%"):
            if not stripped:
                section = None
            continue
        if section is None:
            continue
        pattern = _PLAY_TOKEN if section == "play" else _CALL_TOKEN
        for token in stripped.split():
            if pattern.fullmatch(token) is None:
                key = "bridge.pbn_bad_card" if section == "play" else "bridge.pbn_bad_call"
                return ScenarioError(key, token=token, line=number)
    return None


def _first_bad_tag(text: str) -> int | None:
    endplay_parts.load()
    from endplay.types import Deal

    for number, line in enumerate(text.splitlines(), start=1):
        tag = _TAG.match(line)
        if tag is None:
            continue
        name, value = tag.group(1).lower(), tag.group(2)
        if name == "board" and not value.strip().isdigit():
            return number
        if name == "deal":
            try:
                Deal(value)
            except Exception:  # whatever endplay raises, this is the line
                return number
    return None


_POLISH_LETTERS = {"Q": "D", "J": "W"}  # the Dama and the Walet


def _unescape(text: str, lang: str = "en") -> str:
    """PBN's ``\\SA`` back to our markup ``♠{A}``; a lone ``\\S`` to ``♠``. In a Polish
    text (``lang`` pl) the queen and the jack are the Polish ``D`` and ``W``, as written."""

    def card(match: re.Match[str]) -> str:
        symbol = _UNESCAPE[match.group(1)]
        if not match.group(2):
            return symbol
        rank = match.group(2)
        if lang == "pl":
            rank = _POLISH_LETTERS.get(rank, rank)
        return f"{symbol}{{{rank}}}"

    return re.sub(r"\\([SHDC])(10|[AKQJT2-9])?", card, text)


def _escape_card(match: re.Match[str]) -> str:
    """``♠{A}`` as ``\\SA``: the rank in PBN's letters (``♥{D}`` is ``\\HQ``, ``♥{W}``
    ``\\HJ``); markup that is not a card is left as it is."""
    from betel_tutor.cards import parse_card
    from betel_tutor.errors import NotationError

    suit, rank = match.group(1), match.group(2)
    if re.fullmatch("10|[AKQJT2-9]", rank) is None:
        try:
            rank = parse_card(f"{suit}{{{rank}}}", lang="pl").rank.symbol
        except NotationError:
            return match.group(0)
    return _ESCAPE[suit] + rank


def _escape(text: str) -> str:
    """Our markup as PBN commentary: ``♠{A}`` as ``\\SA`` (ranks in PBN's letters), ``♠``
    as ``\\S``; braces, which would end the comment, as parentheses."""
    text = re.sub("([♠♥♦♣]){([^{}\n]{1,8})}", _escape_card, text)
    for symbol, escaped in _ESCAPE.items():
        text = text.replace(symbol, escaped)
    return text.replace("{", "(").replace("}", ")")


def _notes_of(comments: list[str], board_id: str) -> tuple[Note, ...]:
    """Notes from a game's commentary: ours (by their header line) paired by id and version;
    other commentary, one note each, in both languages."""
    ours: dict[tuple[str, int, str], dict[str, str]] = {}
    notes: list[Note] = []
    for index, comment in enumerate(comments):
        head, _, body = comment.partition("\n")
        match = _HEADER.match(head.strip())
        if match is None:
            plain = _unescape(comment.strip())
            if plain:
                ident = f"{board_id}-comment-{index + 1}"
                polish = _unescape(comment.strip(), "pl")
                notes.append(Note(ident, 1, "after", Text(en=plain, pl=polish)))
            continue
        key = (match.group(1), int(match.group(2)), match.group(3))
        ours.setdefault(key, {})[match.group(4)] = _unescape(body, match.group(4))
    for (ident, version, category), texts in ours.items():
        en = texts.get("en", texts.get("pl", ""))
        pl = texts.get("pl", en)
        notes.append(Note(ident, version, category, Text(en=en, pl=pl)))  # type: ignore[arg-type]
    return tuple(notes)


def _pbn_string(text: str) -> str:
    """A PBN tag's value: quotes and backslashes escaped, on one line."""
    return " ".join(text.replace("\\", "\\\\").replace('"', '\\"').split())


def to_pbn(boards: list[BridgeBoard]) -> str:
    """PBN 2.1 text: the tags of each board, then its notes as commentary (both languages)."""
    games = []
    for board in boards:
        lines = [
            f'[Event "{_pbn_string(board.event or "?")}"]',
            '[Site "?"]',
            '[Date "?"]',
            *([f'[Board "{board.number}"]'] if board.number is not None else []),
            '[West "?"]',
            '[North "?"]',
            '[East "?"]',
            '[South "?"]',
            f'[Dealer "{board.dealer.letter}"]',
            f'[Vulnerable "{_PBN_VUL[board.vulnerable]}"]',
            f'[Deal "{board.pbn_deal()}"]',
            '[Scoring "?"]',
            *_pbn_result(board),
        ]
        if board.variant is not None:
            lines.append(f'[Variant "{board.variant}"]')
        if board.trump is not None:
            lines.append(f'[Trump "{Suit.parse(board.trump).letter}"]')
        for note in board.notes:
            for lang in ("en", "pl"):
                head = (
                    f"betel-tutor note id={note.id} version={note.version} "
                    f"category={note.category} lang={lang}"
                )
                lines.append("{" + head + "\n" + _escape(note.text.get(lang)) + "}")
        games.append("\n".join(lines) + "\n")
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(games)


def _pbn_result(board: BridgeBoard) -> list[str]:
    """Declarer, Contract and Result (``?`` when not known), then the auction and the play."""
    declarer = "?" if board.declarer is None or board.contract == "pass" else board.declarer.letter
    if board.contract is None:
        contract = "?"
    elif board.contract == "pass":
        contract = "Pass"
    else:
        contract = _pbn_bid(board.contract) + ("", "X", "XX")[board.doubled]
    result = "?" if board.result is None else str(board.result)
    lines = [f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', f'[Result "{result}"]']
    if board.auction:
        lines.append(f'[Auction "{board.dealer.letter}"]')
        words = [_pbn_call(call) for call in board.auction]
        lines.extend(" ".join(words[i : i + 4]) for i in range(0, len(words), 4))
    if board.play and board.declarer is not None and board.contract not in (None, "pass"):
        lines.extend(_pbn_play(board))
    return lines


def _pbn_bid(bid: str) -> str:
    """``4♠`` as PBN writes it, ``4S``; ``3NT`` stays."""
    level, strain = bid[0], bid[1:]
    return level + ("NT" if strain.upper() in ("NT", "BA") else Suit.parse(strain).letter)


def _pbn_call(call: str) -> str:
    word = call.strip().lower()
    if word in ("pass", "pas", "p"):
        return "Pass"
    if word in ("kontra", "ktr", "double", "x"):
        return "X"
    if word in ("rekontra", "rktr", "redouble", "xx"):
        return "XX"
    from betel_tutor.bridge_auction import parse_bid

    return _pbn_bid(str(parse_bid(call)))


def _pbn_play(board: BridgeBoard) -> list[str]:
    """PBN's play section: a line a trick, the cards in columns by seat from the opening
    leader (the declarer's left), ``-`` for a card not played."""
    from betel_tutor.profiles import profile

    assert board.declarer is not None and board.contract is not None
    strain = board.contract[1:]
    trump = None if strain == "NT" else Suit.parse(strain).symbol
    game = profile(board.variant or "bridge")  # the blue suit's tricks are won its own way
    first = board.declarer.next(1)
    lines = [f'[Play "{first.letter}"]']
    leader = int(first)
    for start in range(0, len(board.play), 4):
        trick = board.play[start : start + 4]
        columns = ["-"] * 4
        for offset, card in enumerate(trick):
            rank = "T" if card.rank is Rank.TEN else card.rank.symbol
            columns[(leader + offset - int(first)) % 4] = card.suit.letter + rank
        lines.append(" ".join(columns))
        if len(trick) == 4:
            leader = (leader + game.winner(list(trick), trump=trump)) % 4
    if len(board.play) < 52:
        lines.append("*")
    return lines


# -- LIN ------------------------------------------------------------------------------------


def _lin_boards(text: str, path: str) -> list[BridgeBoard]:
    endplay_parts.load()
    import endplay.parsers.lin as lin

    if "md|" not in text:
        raise _bad(path, 1, ScenarioError("bridge.no_lin_deal"))
    try:
        parsed = lin.loads(text.replace("\r\n", "").replace("\n", ""))
    except Exception:  # endplay raises what its types raise ("list index out of range")
        raise _bad(path, None, ScenarioError("bridge.lin_unreadable")) from None
    boards = []
    for index, board in enumerate(parsed):
        if board.deal is None:
            continue
        hands = _cards_of(board.deal)
        if not _whole(hands):
            deal = board.deal.to_pbn()
            raise _bad(path, None, ScenarioError("bridge.not_whole_deal", deal=deal))
        number = board.board_num
        vul = ("none", "all", "NS", "EW")[int(board.vul)] if board.vul is not None else "none"
        dealer = Seat(int(board.dealer), 4) if board.dealer is not None else Seat(0, 4)
        ident = f"board-{number}" if number is not None else f"board-{index + 1}"
        played = _played(board, dealer, {})
        boards.append(BridgeBoard(ident, hands, dealer, number, vul, **played))
    return boards


# -- YAML -----------------------------------------------------------------------------------


def to_yaml(boards: list[BridgeBoard], *, scenario_id: str) -> str:
    """A board scenario file (``kind: board``) with one bridge deal per board."""
    from betel_tutor.scenario.legacy_note import _block

    title = json.dumps(next((b.event for b in boards if b.event), scenario_id), ensure_ascii=False)
    out = [
        "kind: board",
        f"id: {json.dumps(scenario_id, ensure_ascii=False)}",
        "title:",
        f"  en: {title}",
        f"  pl: {title}",
        "deals:",
    ]
    for board in boards:
        out.append(f'  - id: "{board.id}"')
        if board.number is not None:  # the field's own name for it
            en, pl = (
                i18n.translate("bridge.board_title", lang, number=board.number)
                for lang in ("en", "pl")
            )
            out.append(
                f"    title: {{en: {json.dumps(en)}, pl: {json.dumps(pl, ensure_ascii=False)}}}"
            )
        out.append("    game: bridge")
        if board.number is not None:
            out.append(f"    board: {board.number}")
        if board.variant is not None:
            out.append(f"    variant: {board.variant}")
        if board.trump is not None:
            out.append(f"    trump: {board.trump}")
        out.append(f"    dealer: {board.dealer.letter}")
        out.append(f"    vulnerable: {board.vulnerable}")
        if board.auction:
            out.append(f'    auction: "{" ".join(board.auction)}"')
        if board.contract is not None:
            doubled = ("", "X", "XX")[board.doubled] if board.contract != "pass" else ""
            out.append(f'    contract: "{board.contract}{doubled}"')
        if board.declarer is not None and board.contract != "pass":
            out.append(f"    declarer: {board.declarer.letter}")
        if board.result is not None:
            out.append(f"    result: {board.result}")
        out.append("    hands:")
        for seat in Seat(0, 4).clockwise():
            hand = board.hands[seat]
            groups = []
            for suit in _PBN_SUITS:
                ranks = " ".join(c.rank.symbol for c in hand if c.suit is suit) or "-"
                groups.append(suit.symbol + ranks)
            out.append(f"      {seat.letter}: {' '.join(groups)}")
        if board.play:
            tricks = [board.play[i : i + 4] for i in range(0, len(board.play), 4)]
            out.append("    play: >-")
            out.extend("      " + " ".join(str(card) for card in trick) for trick in tricks)
        if board.notes:
            out.append("    notes:")
            for note in board.notes:
                out.append(f'      - id: "{note.id}"')
                out.append(f"        version: {note.version}")
                out.append(f"        category: {note.category}")
                for lang in ("en", "pl"):
                    out.append(f"        {lang}: {_block(note.text.get(lang), '          ')}")
    return "\n".join(out) + "\n"


_TAG_OF_KEY = {"hands": "deal", "notes": ""}


def as_scenario(path: str) -> tuple[str, dict[int, int]]:
    """A PBN or LIN file as the YAML scenario ``convert`` writes from it, and for each line of
    that text the line of the file it comes from (the tag it was read from, else the board's
    first line; 1 in LIN, which is one line a board)."""
    boards = read_board_file(path)
    text = to_yaml(boards, scenario_id=Path(path).stem)
    origin: dict[int, int] = {}
    index, key = -1, ""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("  - id:"):
            index, key = index + 1, ""
        elif (match := re.match(r"    (\w+):", line)) is not None:
            key = match.group(1)
        tags = boards[index].tag_lines if index >= 0 else {}
        origin[number] = tags.get(_TAG_OF_KEY.get(key, key), tags.get("", 1))
    return text, origin


def write_boards(boards: list[BridgeBoard], path: str) -> str:
    """The text of ``path``'s format for ``boards``; LIN is read, not written."""
    kind = format_of(path)
    if kind == "pbn":
        return to_pbn(boards)
    if kind == "yaml":
        return to_yaml(boards, scenario_id=Path(path).stem)
    raise ScenarioError("bridge.lin_read_only", path=path)
