"""The themes' vocabulary: their names, in the order the dashboard lists them, the theme each
technique of a commented solution names, and each theme's name for the learner. Apart from the
tagging (:mod:`betel_tutor.puzzles.themes`, which loads the solver's commentary), so that a
command reading a ``--theme`` or showing a dashboard loads no more than the names."""

from __future__ import annotations

from betel_tutor.i18n import translate

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
    "cash": "cash",
    "must_win": "must-win",
    "set_up": "setting-up",
}


def theme_name(theme: str, language: str) -> str:
    """A theme's name for the learner (``themes.duck``: "duck", "przepuszczenie")."""
    return translate(f"themes.{theme}", language)
