"""``schema``: the scenario format as a JSON Schema, for editors."""

from __future__ import annotations

import json

from betel_tutor.scenario.schema import scenario_schema


def schema_text() -> str:
    return json.dumps(scenario_schema(), ensure_ascii=False, indent=2)
