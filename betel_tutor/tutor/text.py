"""Text that crosses the terminal: lesson markdown shown plainly, and what the learner typed.

Nothing a lesson file or a learner's line holds may reach the screen as a control sequence: a
lesson's text loses its control characters, and a typed token quoted back in a message has them
written visibly (``\\x1b``), cut to a readable length.
"""

from __future__ import annotations

import re

from betel_tutor.cards import parse_card
from betel_tutor.errors import NotationError
from betel_tutor.text_tables import split_tables, table_lines

_MARKUP = re.compile(r"([♠♥♦♣])\{([^{}]*)\}")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SHOWN = 40  # characters of a typed token quoted back


def plain(text: str, lang: str = "en") -> str:
    """Note markdown as terminal text: ``♠{A}`` → ``♠A`` (a card written in ``lang``: ``♠{Q}``
    and ``♠{D}`` are ``♠D`` in Polish), no ``**``, ``<u>``, backticks or control characters.

    >>> plain("**Lead** ♠{A}\\x1b[2J"), plain("Wyjście ♥{Q}", "pl")
    ('Lead ♠A[2J', 'Wyjście ♥D')
    """

    def card(match: re.Match[str]) -> str:
        try:
            return parse_card(match.group(0), lang=lang).format(lang=lang)
        except NotationError:
            return match.group(1) + match.group(2)

    text = _MARKUP.sub(card, text)
    text = _CONTROL.sub("", text)
    text = re.sub(r"\*\*|</?u>|`", "", text)
    # A table keeps its rows and columns (markdown's pipes and rule line are left out).
    parts = split_tables(text)
    shown = (p if isinstance(p, str) else "\n".join(table_lines(p)) for p in parts)
    return "\n\n".join(shown).rstrip()


def markdown(text: str) -> str:
    """Note markdown for a front end that renders markdown: cards written out (``♠{A}`` →
    ``♠A``), control characters and HTML underlines removed, emphasis kept.

    >>> markdown("**Lead** ♠{A} <u>♥{K}</u>")
    '**Lead** ♠A ♥K'
    """
    text = _MARKUP.sub(r"\1\2", text)
    return re.sub(r"</?u>", "", _CONTROL.sub("", text)).rstrip()


def shown(token: str) -> str:
    """What the learner typed, safe to quote back: control characters written as escapes,
    long input cut.

    >>> shown("a\\x00b\\x1b[31m"), shown("9" * 50)
    ('a\\\\x00b\\\\x1b[31m', '9999999999999999999999999999999999999999…')
    """
    token = token.strip()
    cut = token[:_SHOWN] + ("…" if len(token) > _SHOWN else "")
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if _CONTROL.match(ch) else ch for ch in cut
    )


def visible(line: str) -> str:
    r"""``line`` with any control character written as an escape.

    >>> print(visible("x\x1b[2J"))
    x\x1b[2J
    """
    return _CONTROL.sub(lambda m: m.group(0).encode("unicode_escape").decode("ascii"), line)


def small_number(text: str, *, digits: int = 4) -> int | None:
    """The whole number ``text`` holds, when it is written in decimal digits (any script's:
    ``٣`` is 3) and has at most ``digits`` of them; None otherwise (``²``, ``1e3``, ``-1``, or a
    5,000-digit number are not numbers a learner means).

    >>> small_number("٣"), small_number("²"), small_number("9" * 5000), small_number(" 12 ")
    (3, None, None, 12)
    """
    text = text.strip()
    if not text or len(text) > digits or not text.isdecimal():
        return None
    return int(text)
