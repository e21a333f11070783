"""The commands a learner may type at any prompt, as one table.

The words come from the catalogs (``commands.<name>``, alternatives separated by ``|``), and
the words of both languages are understood whichever language the tutor speaks, so a learner
who switches language keeps the words they know.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import Enum
from functools import cache

from betel_tutor import i18n


class Command(Enum):
    """What a command word asks for. ``global`` ones work in every phase."""

    QUIT = "quit"
    HELP = "help"
    RULES = "rules"
    SAVE = "save"
    NOTE = "note"
    REPLAY = "replay"
    SOLUTION = "solution"
    HINT = "hint"
    UNDO = "undo"
    OPEN = "open"
    TRADE = "trade"
    OFFER = "offer"


@dataclass(frozen=True, slots=True)
class Typed:
    """A command the learner typed, and what followed its word (as typed)."""

    command: Command
    argument: str


@cache
def _words() -> dict[str, Command]:
    words: dict[str, Command] = {}
    for lang in i18n.LANGUAGES:
        for command in Command:
            for word in i18n.translate(f"commands.{command.value}", lang).split("|"):
                words[fold(word)] = command
    return words


def fold(text: str) -> str:
    """Lower case, NFC, outer spaces gone: how typed words are compared."""
    return unicodedata.normalize("NFC", text).strip().lower()


def parse_command(line: str) -> Typed | None:
    """The command ``line`` starts with, or None when it is not a command.

    >>> parse_command("Replay 9")
    Typed(command=<Command.REPLAY: 'replay'>, argument='9')
    >>> parse_command("podpowiedź"), parse_command("♠A")
    (Typed(command=<Command.HINT: 'hint'>, argument=''), None)
    """
    word, _, rest = line.strip().partition(" ")
    command = _words().get(fold(word))
    return None if command is None else Typed(command, rest.strip())


def words_of(command: Command, lang: str) -> tuple[str, ...]:
    """The words for ``command`` in ``lang``, the first being the one to show."""
    return tuple(i18n.translate(f"commands.{command.value}", lang).split("|"))
