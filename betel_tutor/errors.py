"""The one error family of the project.

Every error says what went wrong, where and why, and can say it in English or Polish. The message
itself lives in the i18n catalogs under ``key``; ``params`` fill its placeholders. Values in
``params`` that know how to show themselves in a language (cards, seats, contracts) implement
``localized(lang)``.
"""

from __future__ import annotations

from typing import Any

from betel_tutor import i18n


def _render_param(value: Any, lang: str) -> Any:
    # The method looked for directly: ``isinstance`` against a runtime-checkable protocol
    # lists the protocol's attributes anew at each call, and a message fills many parameters.
    localized = getattr(value, "localized", None)
    if localized is not None:
        return localized(lang)
    if isinstance(value, (list, tuple, frozenset, set)):
        return ", ".join(str(_render_param(v, lang)) for v in value)
    return value


def cited(key: str, lang: str, params: dict[str, Any], *, rule: int | None, law: str | None) -> str:
    """The catalog message ``key`` in ``lang`` filled with ``params`` (already worded), with
    the rules-summary point or the bridge law it cites after it: an error's message and an
    explanation's step read alike."""
    text = i18n.translate(key, lang, **params)
    if rule is not None:
        text += i18n.translate("common.rule_suffix", lang, rule=rule)
    if law is not None:
        text += i18n.translate("common.law_suffix", lang, law=law)
    return text


class BetelError(Exception):
    """Base of every error the library raises on purpose.

    ``reason`` is a short machine-readable code (``"must_beat"``), ``rule`` the number of the
    rules-summary point that the input breaks (spec §11) or ``None``; ``law`` the bridge law
    (``"51B1a"``) for bridge refusals, or ``None``.
    """

    def __init__(
        self,
        key: str,
        /,
        *,
        reason: str | None = None,
        rule: int | None = None,
        law: str | None = None,
        **params: Any,
    ) -> None:
        self.key = key
        self.reason = reason or key.rsplit(".", 1)[-1]
        self.rule = rule
        self.law = law
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` ("en" or "pl"), with the rule cited when there is one."""
        params = {name: _render_param(value, lang) for name, value in self.params.items()}
        return cited(self.key, lang, params, rule=self.rule, law=self.law)

    def localized(self, lang: str) -> str:
        """The message in ``lang``: an error can be a parameter of another error's message."""
        return self.message(lang)

    @property
    def messages(self) -> dict[str, str]:
        return {lang: self.message(lang) for lang in i18n.LANGUAGES}

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled whole (``check`` sends problems from worker processes): the subclasses'
        # keyword-only constructors cannot be called again from ``args``.
        return _rebuild, (type(self), self.args, self.__dict__)


def _rebuild(cls: type[BetelError], args: tuple[Any, ...], state: dict[str, Any]) -> BetelError:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class NotationError(BetelError, ValueError):
    """Card, hand, contract or call notation that cannot be read.

    ``token`` is the offending piece of text and ``position`` its 0-based offset in the input.
    """

    def __init__(self, key: str, *, token: str, position: int, **params: Any) -> None:
        self.token = token
        self.position = position
        super().__init__(key, token=token, position=position + 1, **params)


class IllegalPlay(BetelError, ValueError):
    """A card that the rules do not allow here."""


class IllegalCall(BetelError, ValueError):
    """An auction call that the rules (or the level's options) do not allow here."""


class IllegalOffer(BetelError, ValueError):
    """A trade offer (or an answer to one) that the rules of trade do not allow (spec §8)."""


class ScenarioError(BetelError, ValueError):
    """A problem in a scenario or board-note file, with its position."""


class WrongArgument(BetelError, TypeError):
    """A library function given text (or another type) where it takes a value: a ``Call``,
    a ``Card``, cards, a ``Contract``, a ``Suit`` or an ``Offer``. The message names what reads
    the text (:mod:`betel_tutor.arguments`)."""
