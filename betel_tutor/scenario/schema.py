"""The scenario format as a JSON Schema, for editors (``betel-tutor schema``).

Key lists come from the loader, so the schema and the loader cannot drift apart on names; the
checker still proves what a schema cannot (cards dealt twice, quiz answers, legal plays).
"""

from __future__ import annotations

from typing import Any

from betel_tutor import i18n
from betel_tutor.scenario.loader import (
    BRIDGE_RANKS,
    CONSTRAINT_KEYS,
    CONSTRAINT_RANKS,
    DEAL_KEYS,
    FLAG_GOALS,
    GOALS,
    MATCH_KEYS,
    MATCH_TARGETS,
    NOTE_KEYS,
    OPTION_KEYS,
    QUIZ_PARAMS,
    QUIZ_REQUIRED,
    TOP_KEYS,
    VULNERABLE,
)
from betel_tutor.seats import Seat, seats

SCHEMA_ID = "https://betel-tutor.invalid/scenario.schema.json"


def _obj(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


TEXT = {"$ref": "#/$defs/text"}
CARDS = {"type": "string", "description": "cards: ♠A ♥10, SA, ♠AKQ ♥10 9 ♦- ♣87"}


def _seat_words(*chosen: Seat) -> list[str]:
    """The words the loader reads as these seats (``Seat.parse``): letters, names and short
    forms in both languages, as written and in lower case; a schema cannot ignore case as the
    loader does."""
    written = [seat.letter for seat in chosen]  # letters and names first, as always listed
    written += [seat.localized(lang) for lang in i18n.LANGUAGES for seat in chosen]
    written += [word for seat in chosen for word in seat.spellings()]
    return list(dict.fromkeys([*written, *(word.lower() for word in written)]))


_COMPASS = (*seats(3), Seat.parse("E", 4))  # Betel's three seats, and bridge's East
SEAT = {
    "anyOf": [
        {"type": "integer", "minimum": 0, "maximum": 3},
        {"enum": [*_seat_words(*_COMPASS), "dealer"]},
    ]
}
ANY_ANSWER = {"type": ["string", "integer", "number", "boolean", "array"]}


def _quiz(kind: str) -> dict[str, Any]:
    params: dict[str, Any] = {
        "trick": {"type": ["string", "array"]},
        "hand": {"type": ["string", "array"]},
        "trump": {"type": ["string", "null"]},
        "variant": {"enum": ["blue-suit"]},
        "leader": {"enum": ["S", "W", "N"]},
        "betel_defender": {"type": "boolean"},
        "contract": {"type": "string"},
        "tricks": {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 3},
        "doubled": {"type": "boolean"},
        "ask": {"enum": ["declarer"], "description": "only the declarer's score, one number"},
        "auction": {"type": ["string", "array"]},
        "call": {"type": "string"},
        "options": {"type": "object"},
        "hold": {"type": "integer", "minimum": 0, "maximum": 8},
        "dubel": {"type": "integer", "minimum": 0, "maximum": 2},
        "split": {"type": "string", "pattern": "^[0-8]-[0-8]$"},
        "after_discard": {"type": "boolean"},
        "dubel_cards": {"type": ["string", "array"]},
        "offer": {"type": "string", "description": "an offer: S>W swap ♥7 ♠A +20"},
        "dealer": SEAT,
        "hands": {"type": "object", "additionalProperties": CARDS},
        "play": CARDS,
    }
    if kind == "count-tricks":
        params["trump"] = {"type": "string", "description": "a suit, or NT"}
    properties = {
        "kind": {"const": kind},
        "question": TEXT,
        "answer": ANY_ANSWER,
        "explanation": TEXT,
        "wrong": {
            "type": "object",
            "description": "a wrong answer, as typed, and the note shown when it is given",
            "additionalProperties": TEXT,
        },
        **{name: params[name] for name in QUIZ_PARAMS[kind]},
    }
    return _obj(properties, ("kind", "question", "answer", *QUIZ_REQUIRED[kind]))


def _trade_properties() -> dict[str, Any]:
    """A deal's trade (spec §8) and fourth player (spec §7); the engine judges the rest."""
    from betel_tutor.scenario.trade_reader import PREDICTION_KEYS, TRADE_KEYS

    east = {"enum": _seat_words(Seat.parse("E", 4))}
    bid = {"type": "integer", "anyOf": [{"const": 0}, {"minimum": 5, "maximum": 50}]}
    trade = _obj(
        {
            "after": {"type": "integer", "minimum": 0},
            "offer": {"type": "string", "description": "an offer: S>W swap ♥7 ♠A +20"},
            "answer": {"type": "string", "description": "accept, decline or a card"},
        },
        TRADE_KEYS,
    )
    prediction = _obj(
        {"seat": east, "made": {"type": "boolean"}, "decline": {"const": True}}, ("seat",)
    )
    prediction["oneOf"] = [{"required": ["made"]}, {"required": ["decline"]}]
    assert set(trade["properties"]) == set(TRADE_KEYS)
    assert set(prediction["properties"]) == set(PREDICTION_KEYS)
    return {
        "first_exchange": {"type": "array", "items": bid, "minItems": 3, "maxItems": 3},
        "trades": {"type": "array", "items": trade},
        "resting": east,
        "prediction": prediction,
    }


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a scenario file."""
    option_types: dict[str, Any] = {key: {"type": "boolean"} for key in OPTION_KEYS}
    option_types["contract"] = {"type": "string"}
    option_types["scoring"] = {"enum": ["points", "chips"]}
    note = _obj(
        {
            "id": {"type": ["string", "integer"]},
            "version": {"type": "integer", "minimum": 1},
            "category": {"enum": ["before", "after"]},
            "en": {"type": "string"},
            "pl": {"type": "string"},
        },
        NOTE_KEYS,
    )
    constraint = _obj(
        {
            "seat": {"anyOf": [SEAT, {"enum": ["dubel"]}]},
            "suit": {"enum": ["♠", "♥", "♦", "♣"]},
            "rank": {
                "type": ["string", "integer"],
                "enum": [*CONSTRAINT_RANKS, *BRIDGE_RANKS, 10, 9, 8, 7, 6, 5, 4, 3, 2],
            },
            "cards": CARDS,
            "hcp": {"const": True, "description": "count high-card points: A 4, K 3, Q 2, J 1"},
            "at_least": {"type": "integer", "minimum": 0, "maximum": 40},
            "at_most": {"type": "integer", "minimum": 0, "maximum": 40},
        },
        ("seat",),
    )
    assert set(constraint["properties"]) == set(CONSTRAINT_KEYS)
    deal_properties: dict[str, Any] = {
        "id": {"type": "string"},
        "title": TEXT,
        "game": {"enum": ["betel", "bridge"]},
        "variant": {"enum": ["blue-suit"]},
        "dealer": SEAT,
        "hands": {"type": "object", "additionalProperties": CARDS},
        "dubel": CARDS,
        "seed": {"type": ["integer", "string"]},
        "constraints": {
            "type": "array",
            "items": {
                "anyOf": [
                    constraint,
                    {
                        "type": "string",
                        "description": 'One line: "S hcp 12-15", "N ♠ 5+", "S shape 5-3-1-1", '
                        '"dubel has ♠A", "S makes 3NT", "W takes at most 1 in B1"',
                    },
                ]
            },
        },
        "auction": {"type": ["string", "array"], "items": {"type": "string"}},
        "contract": {"type": "string"},
        "declarer": SEAT,
        "trump": {"type": "string"},
        "play": CARDS,
        "notes": {"type": "array", "items": note},
        **_trade_properties(),
        "board": {"type": "integer", "minimum": 1},
        "vulnerable": {"enum": list(VULNERABLE)},
        "site": {"type": "string", "description": "where a bridge board was played (PBN Site)"},
        "date": {"type": "string", "description": "when, as PBN writes it: 2026.11.27"},
        "scoring": {"type": "string", "description": "how it was scored (PBN Scoring): IMP, MP"},
        "room": {"type": "string", "description": "the room or table it was played at: Open"},
        "alerts": {
            "type": "object",
            "description": "alerted calls: a call's number in the auction from 1, its note",
            "patternProperties": {"^[1-9][0-9]*$": {"type": "string"}},
            "additionalProperties": False,
        },
        "players": {
            "type": "object",
            "properties": {seat: {"type": "string"} for seat in ("N", "E", "S", "W")},
            "additionalProperties": False,
            "description": "the players by seat, as a file of the board names them",
        },
        "result": {
            "type": "integer",
            "minimum": 0,
            "maximum": 13,
            "description": "a bridge board's result: the declarer's tricks",
        },
        "penalties": {
            "type": "array",
            "items": _obj(
                {
                    "after": {"type": "integer", "minimum": 0, "maximum": 52},
                    "seat": SEAT,
                    "expose": CARDS,
                    "minor": CARDS,
                    "option": {"type": "string"},
                    "designate": {"type": "string"},
                },
                ("after",),
            ),
        },
    }
    assert set(deal_properties) == set(DEAL_KEYS)
    goal = {
        "type": "object",
        "properties": {
            name: {"type": "boolean" if name in FLAG_GOALS else "integer"} for name in GOALS
        },
        "additionalProperties": False,
        "minProperties": 1,
        "maxProperties": 1,
    }
    low, high = MATCH_TARGETS
    match = _obj(
        {
            "scoring": {"enum": ["points", "chips"]},
            "target": {"type": "integer", "minimum": low, "maximum": high},
            "text": TEXT,
        }
    )
    assert set(match["properties"]) == set(MATCH_KEYS)
    step = {
        "oneOf": [
            _obj({"read": TEXT}, ("read",)),
            _obj({"quiz": {"$ref": "#/$defs/quiz"}}, ("quiz",)),
            _obj(
                {
                    "watch": _obj(
                        {
                            "deal": {"type": "string"},
                            "text": TEXT,
                            "comments": {"type": "array", "items": TEXT, "maxItems": 13},
                        },
                        ("deal",),
                    )
                },
                ("watch",),
            ),
            _obj(
                {
                    "play": _obj(
                        {
                            "deal": {"type": "string"},
                            "seat": SEAT,
                            "goal": goal,
                            "open": {"type": "boolean"},
                            "optional": {"type": "boolean"},
                            "text": TEXT,
                        },
                        ("deal", "seat", "goal"),
                    )
                },
                ("play",),
            ),
            _obj({"match": match}, ("match",)),
        ]
    }
    top: dict[str, Any] = {
        "kind": {"enum": ["lesson", "practice", "board"]},
        "id": {"type": "string"},
        "title": TEXT,
        "level": {"type": "integer", "minimum": 1, "maximum": 10},
        "text": TEXT,
        "options": _obj(option_types),
        "deals": {"type": "array", "items": _obj(deal_properties, ("id",))},
        "steps": {"type": "array", "items": step},
        "quizzes": {"type": "array", "items": {"$ref": "#/$defs/quiz"}},
    }
    assert set(top) == set(TOP_KEYS)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "betel-tutor scenario",
        **_obj(top, ("kind", "id", "title")),
        "$defs": {
            "text": _obj(
                {
                    "en": {"type": "string", "minLength": 1},
                    "pl": {"type": "string", "minLength": 1},
                },
                ("en", "pl"),
            ),
            # The kind first, on its own: an editor then names every kind where one is wrong,
            # rather than the first few branches of the oneOf.
            "quiz": {
                "type": "object",
                "properties": {"kind": {"enum": list(QUIZ_PARAMS)}},
                "required": ["kind"],
                "allOf": [{"oneOf": [_quiz(kind) for kind in QUIZ_PARAMS]}],
            },
        },
    }
