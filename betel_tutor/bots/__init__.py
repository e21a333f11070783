"""Computer players. Each returns a legal card and a one-line reason for it."""

from betel_tutor.bots.beginner import Choice, choose_card

__all__ = ["Choice", "choose_card"]
