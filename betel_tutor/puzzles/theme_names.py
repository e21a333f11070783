"""The themes' vocabulary: their names, in the order the dashboard lists them, the theme each
technique of a commented solution names, and each theme's name for the learner. Apart from the
tagging (:mod:`betel_tutor.puzzles.themes`, which loads the solver's commentary), so that a
command reading a ``--theme`` or showing a dashboard loads no more than the names."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.errors import NotationError
from betel_tutor.i18n import LANGUAGES, translate

THEMES: tuple[str, ...] = (
    "ruff",
    "overruff",
    "discard",
    "misere-discard",
    "drawing-trumps",
    "duck",
    "hold-up",
    "unblock",
    "throw-in",
    "finesse",
    "setting-up",
    "squeeze",
    "cash",
    "must-win",
    "long",
)

# The theme each technique of a solution names; ``safe`` and ``forced`` name none.
TECHNIQUE_THEMES: dict[str, str] = {
    "throw_in": "throw-in",
    "squeeze": "squeeze",
    "unblock": "unblock",
    "overruff": "overruff",
    "ruff": "ruff",
    "hold_up": "hold-up",
    "duck": "duck",
    "discard": "discard",
    "finesse": "finesse",
    "cash": "cash",
    "must_win": "must-win",
    "set_up": "setting-up",
}


def theme_name(theme: str, language: str) -> str:
    """A theme's name for the learner (``themes.duck``: "duck", "przepuszczenie")."""
    return translate(f"themes.{theme}", language)


@dataclass(frozen=True)
class Theme:
    """A theme as a message's parameter: named in the language the message is told in."""

    key: str

    def localized(self, lang: str) -> str:
        return theme_name(self.key, lang)


@dataclass(frozen=True)
class Typed:
    """A theme as the learner may type it after ``--theme``, in a message's list: its key in
    English (``setting-up``, shorter than "setting up a suit"), its name in Polish."""

    key: str

    def localized(self, lang: str) -> str:
        return self.key if lang == "en" else theme_name(self.key, lang)


def read_theme(text: str) -> str:
    """The theme ``text`` names: its key (``throw-in``) or its name in either language
    (``wpustka``, "throw-in (endplay)"), in any case; raises :class:`NotationError` listing the
    themes, named in the learner's language, when it names none."""
    wanted = text.strip().casefold()
    for theme in THEMES:
        names = {theme, *(theme_name(theme, language) for language in LANGUAGES)}
        if wanted in {name.casefold() for name in names}:
            return theme
    themes = tuple(Typed(theme) for theme in THEMES)
    raise NotationError("puzzles.bad_theme", token=text, position=0, themes=themes)
