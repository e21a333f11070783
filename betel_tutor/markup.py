"""The note markup in markdown: ``♠{A}`` cards and ``<u>…</u>`` underlines, nothing else raw.

A markdown-it-py plugin in the shape of mdit-py-plugins: :func:`card_plugin` adds two inline
rules and their renderers. Raw HTML stays off, so anything else an author writes in angle
brackets — ``<script>``, ``onerror=`` — is shown as text. A sheet loads nothing when it is
opened and links to nothing outside itself: an image is shown only from an inline ``data:``
URL, a link only within the page (``#…``) or to a relative name; any other image is shown as
its text, any other link as its words (:func:`remote_urls` finds both, for the checker).
markdown-it is imported here only, when a note is rendered.

>>> print(render_note("Lead <u>♥{10}</u>."), end="")
<p>Lead <u><span class="card card-hearts" data-card="♥10">♥10</span></u>.</p>
>>> print(render_note("Wyjście ♥{D}.", lang="pl"), end="")
<p>Wyjście <span class="card card-hearts" data-card="♥Q">♥D</span>.</p>
>>> render_note("<script>alert(1)</script>")
'<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\\n'
>>> render_note("![a lead](http://example.com/x.png) [see](https://example.com)")
'<p><span class="refused-image">a lead</span> see</p>\\n'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from betel_tutor.cards import parse_card
from betel_tutor.errors import NotationError
from betel_tutor.text_tables import TextTable, split_tables

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline
    from markdown_it.token import Token
    from markdown_it.utils import EnvType, OptionsDict

SUITS = "♠♥♦♣"
_SUIT_CLASS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def _card_rule(state: StateInline, silent: bool) -> bool:
    """``♠{A}``: a suit symbol, then a rank in braces."""
    start = state.pos
    if state.src[start] not in SUITS or not state.src.startswith("{", start + 1):
        return False
    end = state.src.find("}", start + 2)
    if end < 0:
        return False
    try:
        lang = state.env.get("lang", "en")
        card = parse_card(state.src[start : end + 1], lang=lang)
    except NotationError:
        return False
    if not silent:
        token = state.push("betel_card", "span", 0)
        token.meta = {
            "card": str(card),  # the canonical notation, for the step-through and the checker
            "shown": card.format(lang=lang),  # what the reader reads: ♠D in Polish
            "suit": _SUIT_CLASS[card.suit.symbol],
        }
    state.pos = end + 1
    return True


def _underline_rule(state: StateInline, silent: bool) -> bool:
    """``<u>`` and ``</u>``, and no other HTML."""
    for tag, kind in (("<u>", "u_open"), ("</u>", "u_close")):
        if state.src.startswith(tag, state.pos):
            if kind == "u_close" and _open_underlines(state.tokens) <= 0:
                return False  # an unmatched </u> stays text
            if not silent:
                state.push(kind, "u", 1 if kind == "u_open" else -1)
            state.pos += len(tag)
            return True
    return False


def _open_underlines(tokens: Sequence[Token]) -> int:
    return sum({"u_open": 1, "u_close": -1}.get(token.type, 0) for token in tokens)


def _render_card(
    self: Any, tokens: Sequence[Token], index: int, options: OptionsDict, env: EnvType
) -> str:
    from markdown_it.common.utils import escapeHtml

    meta = tokens[index].meta
    card, suit = escapeHtml(meta["card"]), meta["suit"]
    shown = escapeHtml(meta.get("shown", meta["card"]))
    return f'<span class="card card-{suit}" data-card="{card}">{shown}</span>'


_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def refused(kind: str, url: str) -> bool:
    """Whether an ``image`` or a ``link`` to ``url`` would load something from outside the
    sheet: an image from anywhere but an inline ``data:`` URL, a link to another site."""
    url = url.strip()
    if kind == "image":
        return not url.lower().startswith("data:")
    return url.startswith("//") or _SCHEME.match(url) is not None


def _refuse_urls(state: Any) -> None:
    """A core rule: refused images and links become tokens that render as their text."""
    for block in state.tokens:
        opened: list[bool] = []
        for token in block.children or ():
            if token.type == "image" and refused("image", str(token.attrGet("src") or "")):
                token.type = "refused_image"
            elif token.type == "link_open":
                opened.append(refused("link", str(token.attrGet("href") or "")))
                if opened[-1]:
                    token.type = "refused_link"
            elif token.type == "link_close" and opened and opened.pop():
                token.type = "refused_link"


def _render_refused_image(
    self: Any, tokens: Sequence[Token], index: int, options: OptionsDict, env: EnvType
) -> str:
    from markdown_it.common.utils import escapeHtml

    token = tokens[index]
    alt = self.renderInlineAsText(token.children or [], options, env)
    return f'<span class="refused-image">{escapeHtml(alt)}</span>'


def card_plugin(md: MarkdownIt) -> None:
    """Add the card and underline markup to ``md``, and refuse what would load from outside."""
    for char in SUITS:
        md.inline.add_terminator_char(char)  # markdown-it-py ≥ 4.1: stop plain text at suits
    md.inline.ruler.before("text", "betel_card", _card_rule)
    md.inline.ruler.before("html_inline", "betel_underline", _underline_rule)
    md.add_render_rule("betel_card", _render_card)
    md.add_render_rule("u_open", lambda *args: "<u>")
    md.add_render_rule("u_close", lambda *args: "</u>")
    md.core.ruler.push("betel_refuse_urls", _refuse_urls)
    md.add_render_rule("refused_image", _render_refused_image)
    md.add_render_rule("refused_link", lambda *args: "")


@cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "linkify": False})
    md.use(card_plugin)
    return md


def render_note(text: str, *, lang: str = "en") -> str:
    """A note's markdown as safe HTML, its tables as HTML tables (aligned columns too:
    :mod:`betel_tutor.text_tables`). An underline left open is closed at the end of its
    paragraph or cell, so the page around it is never broken.

    >>> html = render_note("Points:\\n\\n  Lead ♠{A}  5\\n  Two  10")
    >>> print(html.replace('<span class="card card-spades" data-card="♠A">♠A</span>', "♠A"))
    <p>Points:</p>
    <table class="lesson-table"><tbody>
    <tr><td>Lead ♠A</td><td class="number">5</td></tr>
    <tr><td>Two</td><td class="number">10</td></tr>
    </tbody></table>
    <BLANKLINE>
    """
    html = []
    for part in split_tables(text):
        html.append(_render(text=part, lang=lang) if isinstance(part, str) else _table(part, lang))
    return "".join(html)


def _render(*, text: str, lang: str, inline: bool = False) -> str:
    env: dict[str, Any] = {"lang": lang}
    parser = _parser()
    tokens = parser.parseInline(text, env) if inline else parser.parse(text, env)
    _close_open_underlines(tokens)
    html: str = parser.renderer.render(tokens, parser.options, env)
    return html


def _table(table: TextTable, lang: str) -> str:
    numeric = table.numeric
    cell = "<{tag}{cls}>{html}</{tag}>"

    def row(cells: tuple[str, ...], tag: str) -> str:
        return (
            "<tr>"
            + "".join(
                cell.format(
                    tag=tag,
                    cls=' class="number"' if right and tag == "td" else "",
                    html=_render(text=text, lang=lang, inline=True),
                )
                for text, right in zip(cells, numeric, strict=True)
            )
            + "</tr>\n"
        )

    head = f"<thead>\n{row(table.header, 'th')}</thead>" if table.header else ""
    body = "".join(row(cells, "td") for cells in table.rows)
    return f'<table class="lesson-table">{head}<tbody>\n{body}</tbody></table>\n'


def _close_open_underlines(tokens: list[Token]) -> None:
    from markdown_it.token import Token

    for token in tokens:
        if token.type != "inline" or not token.children:
            continue
        depth = _open_underlines(token.children)
        token.children.extend(Token("u_close", "u", -1) for _ in range(max(depth, 0)))


# A suit symbol and an opening brace: the card markup ``♠{A}`` begun.
_CARD_OPEN = re.compile(r"[♠♥♦♣]\{")


def markup_slips(text: str) -> list[tuple[int, int, str, str]]:
    """Markup begun and not finished, as (line, column, kind, token), the line counted from 0
    within ``text``, the column from 1: a card's brace never closed on its line
    (``card_brace``), a ``<u>`` not closed in its paragraph (``u_open``) and a ``</u>`` that
    closes none (``u_close``). Rendered, the first shows as text and the others are mended
    (:func:`render_note`), so the sheet would not say what the author meant."""
    found: list[tuple[int, int, str, str]] = []
    opened: list[tuple[int, int]] = []  # the <u> open in this paragraph
    for number, line in enumerate(text.split("\n")):
        if not line.strip():
            found.extend((at, column, "u_open", "<u>") for at, column in opened)
            opened = []
        for match in _CARD_OPEN.finditer(line):
            if "}" not in line[match.end() :]:
                token = line[match.start() :].split()[0]
                found.append((number, match.start() + 1, "card_brace", token))
        for match in re.finditer("</?u>", line):
            if match.group(0) == "<u>":
                opened.append((number, match.start() + 1))
            elif opened:
                opened.pop()
            else:
                found.append((number, match.start() + 1, "u_close", "</u>"))
    found.extend((at, column, "u_open", "<u>") for at, column in opened)
    return sorted(found)


def remote_urls(text: str) -> list[tuple[int, int, str, str]]:
    """Every image and link in a note that :func:`refused` refuses, as (line, column, kind,
    URL): the line counted from 0 within ``text``, the column from 1 (where the URL is
    written; 1 when it cannot be found as written)."""
    tokens = _parser().parse(text, {"lang": "en"})
    lines = text.split("\n")
    found: list[tuple[int, int, str, str]] = []
    for block in tokens:
        for token in block.children or ():
            kind = {"refused_image": "image", "refused_link": "link"}.get(token.type)
            attribute = "src" if kind == "image" else "href"
            url = str(token.attrGet(attribute) or "") if kind else ""
            if not url:  # not refused, or the closing half of a refused link
                continue
            first = block.map[0] if block.map else 0
            line, column = _find(lines, url, first)
            found.append((line, column, kind or "", url))
    return found


def _find(lines: list[str], url: str, first: int) -> tuple[int, int]:
    for number in [*range(first, len(lines)), *range(first)]:
        column = lines[number].find(url)
        if column >= 0:
            return number, column + 1
    return first, 1
