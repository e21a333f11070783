"""Output a stream cannot encode (a cp1250 or ASCII terminal), written in ASCII instead: suits
as their letters, Polish letters without their marks. Set up once by the command line for
every command, text and JSON alike."""

from __future__ import annotations

import codecs
import os
import sys

_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_PLAIN = {"\ufe0f": "", "—": "-", "–": "-", "…": "...", "‘": "'", "’": "'", "“": '"', "”": '"'}
_PLAIN |= {"„": '"', "→": "->", "×": "x", "ł": "l", "Ł": "L", "·": "."}
FALLBACK = "betel-tutor-plain"


def plain(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler of :func:`fit_output`: what a stream cannot encode, in ASCII.
    Suits become their letters (♠ S, ♥ H, ♦ D, ♣ C), Polish letters lose their marks, a lone
    surrogate (bytes of the command line that are not UTF-8) is escaped; anything else is ?."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    import unicodedata  # lazily: only a stream that cannot encode a character needs it

    out = []
    for char in error.object[error.start : error.end]:
        if char in _LETTERS or char in _PLAIN:
            out.append(_LETTERS.get(char) or _PLAIN[char])
        elif "\ud800" <= char <= "\udfff":
            out.append(f"\\u{ord(char):04x}")  # valid in JSON strings too
        else:
            base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            out.append(base or "?")
    return "".join(out), error.end


def fit_output() -> None:
    """Standard output and error never fail on a character they cannot encode (a cp1250 or
    ASCII terminal): :func:`plain` writes it in ASCII instead, suits as S H D C. The one place
    for every command, text and JSON alike. An error handler the user chose through
    ``PYTHONIOENCODING`` (``cp1250:replace``) is kept."""
    if ":" in os.environ.get("PYTHONIOENCODING", ""):
        return
    codecs.register_error(FALLBACK, plain)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=FALLBACK)
