"""PBN files, read with endplay and written here: :func:`loads` and :func:`dumps`.

endplay reads the PBN tags but drops commentary, so the commentary is read here, game by game:
a note written by :func:`dumps` is a ``{...}`` block after a ``[BetelNote "id=… version=…
category=… lang=…"]`` tag, once for both languages where they say the same; any other
commentary becomes a note ``after`` the play, the same text in both languages. Card markup
(``♠{A}``) is written as PBN writes suits in commentary (``\\SA``) and read back as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from betel_tutor.bridge import endplay_parts
from betel_tutor.bridge.auction import parse_bid
from betel_tutor.bridge.board import BridgeBoard, Said, bad_file
from betel_tutor.bridge.dd import PBN_SUITS
from betel_tutor.bridge.played import cards_of, play_fields, whole
from betel_tutor.cards import Rank, Suit, parse_card
from betel_tutor.errors import NotationError, ScenarioError
from betel_tutor.notes import Note, Text
from betel_tutor.profiles import profile
from betel_tutor.rules import VARIANTS
from betel_tutor.seats import Seat

_PBN_VUL = {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}
_VUL_OF_PBN = {"none": "none", "love": "none", "-": "none", "ns": "NS", "ew": "EW"}
_VUL_OF_PBN |= {"all": "all", "both": "all"}
_ESCAPE = {suit.symbol: "\\" + suit.letter for suit in PBN_SUITS}
_UNESCAPE = {suit.letter: suit.symbol for suit in PBN_SUITS}
# Our notes' tag: before each note's commentary, what the commentary alone cannot say.
_NOTE_TAG = "BetelNote"
_ID_TAG = "BetelId"  # a deal's id, where it is not the one its board number gives
_META = re.compile(
    r"id=(\S+) version=(\d+) category=(before|after) lang=(en,pl|en|pl)( letters=QJ)?\s*$"
)
_TAG = re.compile(r'\s*\[(\w+)\s+"(.*)"\]')


@dataclass
class _Game:
    """One game of a PBN file as read here: its tags' lines and its commentary, each with
    what the ``BetelNote`` tag before it says of it (``None``: a commentary of its own)."""

    line: int  # of its first tag
    tags: dict[str, tuple[str, int]]
    comments: list[tuple[str | None, str]]


def _pbn_games(text: str) -> list[_Game]:
    """Tags and commentary per game; a blank line outside commentary ends a game. Commentary
    between games belongs to the game after it (PBN 2.1 §3.3); after the last, to the last."""
    games: list[_Game] = []
    current: _Game | None = None
    comment: list[str] | None = None
    loose: list[tuple[str | None, str]] = []  # commentary before the game it belongs to
    meta: str | None = None  # the BetelNote tag just read: it describes the next commentary

    def ended(body: str) -> None:
        nonlocal meta
        (current.comments if current is not None else loose).append((meta, body))
        meta = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if comment is not None:
            end = line.find("}")
            comment.append(line if end < 0 else line[:end])
            if end >= 0:
                ended("\n".join(comment))
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
                current, loose = _Game(number, {}, loose), []
            name = tag.group(1).lower()
            meta = tag.group(2) if name == _NOTE_TAG.lower() else None
            current.tags.setdefault(name, (tag.group(2), number))
            continue
        start = line.find("{")
        if start >= 0:
            body = line[start + 1 :]
            end = body.find("}")
            if end >= 0:
                ended(body[:end])
            else:
                comment = [body]
    if current is not None and current.tags:
        games.append(current)
    if games and loose:
        games[-1].comments.extend(loose)
    return games


GAMES_A_PART = 256  # games read at once: a file of thousands is read a part at a time


def loads(text: str, path: str) -> list[BridgeBoard]:
    """The boards of a PBN file's text, read :data:`GAMES_A_PART` games at a time, so that
    what the parsers build for a file of thousands of boards is never held all at once."""
    boards: list[BridgeBoard] = []
    for part, first_line in _parts(text):
        # Blank lines before a part keep every line's number, which messages name.
        boards.extend(_load_part("\n" * (first_line - 1) + part, path, len(boards)))
    return _tables_apart(boards)


def _tables_apart(boards: list[BridgeBoard]) -> list[BridgeBoard]:
    """A board played at several tables (a team match's open and closed rooms) is in the file
    once a table: each gets an id of its own, from its board and its room or table
    (``board-11-open``), or its place among them (``board-11-2``)."""
    from dataclasses import replace

    count: dict[str, int] = {}
    for board in boards:
        count[board.id] = count.get(board.id, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for board in boards:
        if count[board.id] == 1:
            out.append(board)
            continue
        seen[board.id] = seen.get(board.id, 0) + 1
        table = re.sub(r"[^a-z0-9]+", "-", (board.room or "").lower()).strip("-")
        out.append(replace(board, id=f"{board.id}-{table or seen[board.id]}"))
    return out


def _parts(text: str) -> Iterator[tuple[str, int]]:
    """``text`` in parts of :data:`GAMES_A_PART` games, each with its first line's number;
    a part ends at a blank line outside commentary (which ends a game)."""
    lines = text.split("\n")
    start, games, in_block = 0, 0, False
    for number, line in enumerate(lines):
        for char in line:
            if char == "{" and not in_block:
                in_block = True
            elif char == "}" and in_block:
                in_block = False
        if in_block or line.strip():
            continue
        games += 1
        if games >= GAMES_A_PART:
            yield "\n".join(lines[start : number + 1]), start + 1
            start, games = number + 1, 0
    if start < len(lines):
        yield "\n".join(lines[start:]), start + 1


def _load_part(text: str, path: str, before: int) -> list[BridgeBoard]:
    """The boards of part of a PBN file; ``before``: the boards of the parts before it."""
    endplay_parts.load()
    import endplay.parsers.pbn as pbn

    try:
        # endplay reads a play or auction section's commentary as cards or calls: it is read
        # here (_pbn_games), and endplay is given the file without it, line for line.
        parsed = pbn.loads(_without_commentary(text))
    except pbn.PBNDecodeError as error:
        said = _section_fault(text) or ScenarioError("bridge.pbn_unreadable")
        raise bad_file(path, said.params.get("line") or error.lineno, Said(said)) from None
    except Exception:  # endplay raises what its types raise: name the tag, in our words
        line = _first_bad_tag(text)
        fault = _deal_fault(text, line)
        if fault is None:
            fault = _section_fault(text) or ScenarioError("bridge.pbn_unreadable")
            line = fault.params.get("line") or line
        raise bad_file(path, line, Said(fault)) from None
    games = _pbn_games(text)
    if len(games) != len(parsed):  # should the two readers split the games differently
        games = []
    boards = []
    for index, board in enumerate(parsed):
        game = games[index] if index < len(games) else None
        line = None if game is None else game.tags.get("deal", ("", game.line))[1]
        if board.deal is None or (game is not None and "deal" not in game.tags):
            raise bad_file(path, line, ScenarioError("bridge.no_deal_tag"))
        hands = cards_of(board.deal)
        if not whole(hands):
            fault = _deal_fault(text, line) or ScenarioError("bridge.deal_not_whole")
            raise bad_file(path, line, Said(fault))
        number = board.board_num
        vul = (
            _VUL_OF_PBN.get(game.tags["vulnerable"][0].lower(), "none")
            if game and ("vulnerable" in game.tags)
            else "none"
        )
        dealer = _dealer(board, game)
        ident = f"board-{number}" if number is not None else f"board-{before + index + 1}"
        if game is not None and _ID_TAG.lower() in game.tags:
            ident = game.tags[_ID_TAG.lower()][0]
        notes = _notes_of(game.comments if game else [], ident)
        variant = game.tags["variant"][0] if game and "variant" in game.tags else None
        if variant is not None and variant not in VARIANTS:
            raise bad_file(path, game.tags["variant"][1] if game else None, f"variant {variant}")
        trump = None
        if game is not None and "trump" in game.tags:
            letter = game.tags["trump"][0].upper()
            if letter not in _UNESCAPE:
                raise bad_file(path, game.tags["trump"][1], f"trump {letter}")
            trump = _UNESCAPE[letter]
        played = play_fields(board, dealer, game.tags if game is not None else {})
        if game is not None:
            played |= _record(game.tags)
            room = game.tags.get("room", game.tags.get("table", ("", 0)))[0].strip()
            if room not in ("", "?"):
                played["room"] = room
        if game is not None:
            lines = {name: line for name, (_, line) in game.tags.items()} | {"": game.line}
            played["tag_lines"] = lines
        boards.append(
            BridgeBoard(ident, hands, dealer, number, vul, notes, variant, trump, **played)
        )
    return boards


def _dealer(board: Any, game: _Game | None) -> Seat:
    """The Dealer tag's seat: endplay takes it only with a contract, and else the board
    number's (Law 2), which a board dealt for a lesson need not follow."""
    written = game.tags.get("dealer", ("", 0))[0].strip() if game is not None else ""
    try:
        return Seat.parse(written, 4)
    except ValueError:
        return Seat(int(board.dealer), 4) if board.dealer is not None else Seat(0, 4)


def _record(tags: dict[str, tuple[str, int]]) -> dict[str, Any]:
    """Where, when, how and by whom the board was played, as its tags say (``?``: unknown)."""
    said = {name: re.sub(r"\\(.)", r"\1", value).strip() for name, (value, _) in tags.items()}
    known = {name: value for name, value in said.items() if value not in ("", "?")}
    out: dict[str, Any] = {
        key: known[key] for key in ("event", "site", "date", "scoring") if key in known
    }
    names = tuple(known.get(tag.lower(), "") for tag in _PLAYER_TAGS)
    if any(names):
        out["players"] = names
    return out


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
        if not in_block and "{" not in raw and ";" not in raw:
            out.append(raw)  # no commentary starts or goes on here: the line is kept whole
            continue
        inside = in_block  # a blank line of a commentary does not end the game either
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
        if (raw.strip() or inside) and not line.strip():
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


def _notes_of(comments: list[tuple[str | None, str]], board_id: str) -> tuple[Note, ...]:
    """Notes from a game's commentary: ours (by the ``BetelNote`` tag before each) paired by
    id and version; other commentary, one note each, the same text in both languages."""
    ours: dict[tuple[str, int, str], dict[str, str]] = {}
    notes: list[Note] = []
    for index, (meta, comment) in enumerate(comments):
        match = _META.match(meta.strip()) if meta is not None else None
        if match is None:
            plain = _unescape(comment.strip())
            if plain:
                ident = f"{board_id}-comment-{index + 1}"
                polish = _unescape(comment.strip(), "pl")
                notes.append(Note(ident, 1, "after", Text(en=plain, pl=polish)))
            continue
        key = (match.group(1), int(match.group(2)), match.group(3))
        for lang in match.group(4).split(","):
            letters = "en" if lang == "en" or match.group(5) else "pl"
            ours.setdefault(key, {})[lang] = _unescape(comment, letters)
    for (ident, version, category), texts in ours.items():
        en = texts.get("en", texts.get("pl", ""))
        pl = texts.get("pl", en)
        notes.append(Note(ident, version, category, Text(en=en, pl=pl)))  # type: ignore[arg-type]
    return tuple(notes)


def _note_lines(note: Note) -> list[str]:
    """A note as PBN commentary, each block after a ``BetelNote`` tag saying whose it is:
    once where both languages say the same, else once in each. A Polish text that writes the
    queen and the jack Q and J (not D and W) says so, to be read back as written."""
    en, pl = note.text.en, note.text.pl
    letters = " letters=QJ" if re.search(r"[♠♥♦♣]\{[QJ]\}", pl) else ""
    head = f"id={note.id} version={note.version} category={note.category}"
    same = _escape(en) == _escape(pl)
    texts = [("en,pl", en)] if same else [("en", en), ("pl", pl)]
    lines = []
    for lang, text in texts:
        extra = letters if "pl" in lang else ""
        lines += [f'[{_NOTE_TAG} "{head} lang={lang}{extra}"]', "{" + _escape(text) + "}"]
    return lines


def _pbn_string(text: str) -> str:
    """A PBN tag's value: quotes and backslashes escaped, on one line."""
    return " ".join(text.replace("\\", "\\\\").replace('"', '\\"').split())


def dumps(boards: list[BridgeBoard]) -> str:
    """PBN 2.1 text: the tags of each board, its notes as commentary, then its auction and
    play."""
    games = []
    for index, board in enumerate(boards):
        lines = [
            f'[Event "{_pbn_string(board.event or "?")}"]',
            f'[Site "{_pbn_string(board.site or "?")}"]',
            f'[Date "{_pbn_string(board.date or "?")}"]',
            *([f'[Board "{board.number}"]'] if board.number is not None else []),
            *(f'[{tag} "{_pbn_string(name or "?")}"]' for tag, name in _players(board)),
            f'[Dealer "{board.dealer.letter}"]',
            f'[Vulnerable "{_PBN_VUL[board.vulnerable]}"]',
            f'[Deal "{board.pbn_deal()}"]',
            f'[Scoring "{_pbn_string(board.scoring or "?")}"]',
            *([f'[Room "{_pbn_string(board.room)}"]'] if board.room else []),
        ]
        derived = f"board-{board.number if board.number is not None else index + 1}"
        if board.id != derived:  # a deal's own id, which the board's number does not give
            lines.append(f'[{_ID_TAG} "{_pbn_string(board.id)}"]')
        # Commentary before the auction and the play: there endplay's reader, and any
        # other, reads a section's lines as calls and cards.
        for note in board.notes:
            lines.extend(_note_lines(note))
        lines.extend(_pbn_result(board))
        if board.variant is not None:
            lines.append(f'[Variant "{board.variant}"]')
        if board.trump is not None:
            lines.append(f'[Trump "{Suit.parse(board.trump).letter}"]')
        games.append("\n".join(lines) + "\n")
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(games)


_PLAYER_TAGS = ("North", "East", "South", "West")  # by seat; PBN 2.1 writes them W N E S


def _players(board: BridgeBoard) -> list[tuple[str, str]]:
    names = board.players or ("", "", "", "")
    return [(_PLAYER_TAGS[seat], names[seat]) for seat in (3, 0, 1, 2)]


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
        notes = dict(board.alerts)
        for mark, number in enumerate(sorted(notes), 1):  # PBN 2.1 §3.9.5: a note's mark
            words[number - 1] += f" ={mark}="
        lines.extend(" ".join(words[i : i + 4]) for i in range(0, len(words), 4))
        lines.extend(
            f'[Note "{mark}:{_pbn_string(notes[number])}"]'
            for mark, number in enumerate(sorted(notes), 1)
        )
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
    return _pbn_bid(str(parse_bid(call)))


def _pbn_play(board: BridgeBoard) -> list[str]:
    """PBN's play section: a line a trick, the cards in columns by seat from the opening
    leader (the declarer's left), ``-`` for a card not played."""
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
