"""The OpenAPI components of every installed game, built for each app from the games installed then.

A log body, a report and a timeline of any game are ``AnyLog``, ``AnyReport`` and ``AnyTimeline``: a
``oneOf`` over the games' own schemas of record told apart by ``game`` (timelines, which no key tells
apart, an ``anyOf``). Each game names its schemas (``schemas.of_record``, ``schemas.timelines``); a name
given to two different schemas would document one of them wrongly, so it stops the app instead.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from flask_smorest import Api

from api import verdicts
from replaykit.engine import Engine
from schemas import of_record, timelines

ANY_LOG, ANY_REPORT, ANY_TIMELINE = "AnyLog", "AnyReport", "AnyTimeline"
REPORT_REF = {"$ref": f"#/components/schemas/{ANY_REPORT}"}
LOG_REF = {"$ref": f"#/components/schemas/{ANY_LOG}"}
LOG_BODY = {
    "required": True,
    "description": "A log of any supported game (its \"game\" says which), as a JSON body or as a file in the "
                   'multipart field "file". The bytes are kept exactly as sent.',
    "content": {
        "application/json": {"schema": LOG_REF},
        "multipart/form-data": {"schema": {"type": "object", "required": ["file"],
                                           "properties": {"file": {"type": "string", "format": "binary"}}},
                                "encoding": {"file": {"contentType": "application/json"}}},
    },
}


class ComponentClash(ValueError):
    """Two schemas of record would be documented under one OpenAPI name: one of them would be wrong."""


@dataclass
class Components:
    """Every installed game's schemas of record, ``{game value: (component name, schema class)}``."""

    logs: dict = field(default_factory=dict)
    reports: dict = field(default_factory=dict)
    timelines: dict = field(default_factory=dict)


def components(engines: Iterable[Engine], taken: dict[str, type]) -> Components:
    """The games' schemas of record; ``ComponentClash`` when a name is given to two different schemas (two
    games', or a game's and one of ``taken``, the generic schemas' names)."""
    found, owners = Components(), {name: ("this API", schema) for name, schema in taken.items()}
    for engine in engines:
        logs, reports = of_record(engine.id)
        for table, given in ((found.logs, logs), (found.reports, reports), (found.timelines, timelines(engine.id))):
            for value, (name, schema) in given.items():
                owner, known = owners.setdefault(name, (engine.name, schema))
                if known is not schema:
                    raise ComponentClash(f'{engine.name} names its schema {schema.__name__} "{name}" in the OpenAPI '
                                         f"document, but {owner} already gave that name to {known.__name__}; "
                                         "give each game's schemas names of their own (e.g. prefixed with the "
                                         "game's name).")
                table[value] = (name, schema)
    return found


def _one_of(components: dict, key: str | None = "game") -> dict:
    """A ``oneOf`` told apart by the document's ``game`` (an ``anyOf`` when no key tells them apart)."""
    refs = {value: f"#/components/schemas/{name}" for value, (name, _schema) in components.items()}
    listed = [{"$ref": ref} for ref in dict.fromkeys(refs.values())]
    if key is None:
        return {"anyOf": listed} if listed else {"type": "object"}
    return {"oneOf": listed, "discriminator": {"propertyName": key, "mapping": refs}}


def name_games(api: Api, generic: dict[str, type], register_operations: Callable[[], None]) -> None:
    """Name every game's schemas in ``api``'s document and the three unions, then register the operations
    (``register_operations``), which refer to them by these names."""
    found = components(verdicts.engines().values(), generic)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # Nested schemas first: registering a schema also names (and so claims) every schema it nests.
        named = [(name, schema) for name, schema in generic.items() if name == "AnyFinding"]
        named += [*found.logs.values(), *found.reports.values(), *found.timelines.values()]
        for name, schema in dict(named).items():
            api.spec.components.schema(name, schema=schema)
        api.spec.components.schema(ANY_LOG, _one_of(found.logs))
        api.spec.components.schema(ANY_REPORT, _one_of(found.reports))
        api.spec.components.schema(ANY_TIMELINE, _one_of(found.timelines, key=None))
        register_operations()
    # apispec names a nested schema itself, and renames it with a warning when a game's nested schema has
    # the name of another one: the document would then name neither as its author did.
    renamed = [str(warning.message) for warning in caught if "Multiple schemas resolved" in str(warning.message)]
    if renamed:
        raise ComponentClash(" ".join(renamed))
