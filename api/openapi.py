"""The OpenAPI components of every installed game, from the games installed when an app is made.

A log body, a report and a timeline of any game are ``AnyLog``, ``AnyReport`` and ``AnyTimeline``: a
``oneOf`` over the games' own schemas of record told apart by ``game``; what is played on (``/choices``,
``/apply``) is ``AnyLogSoFar``, a log or a setup with no steps yet. Each game names its schemas
(``schemas.of_record``, ``schemas.timelines``); a name given to two different schemas would document one of
them wrongly, so it stops the app instead.

Building the document is most of an app's start, and a test run makes hundreds of apps, nearly all from the
same inputs: a process builds it once for each set of inputs (``GamesApi``) and its apps share it, read only.
The API page (``api.pages.api_docs``) reads it back: ``schema_names`` names the games' own schemas an answer
or a body refers to.
"""

from __future__ import annotations

import http
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field

from flask_smorest import Api, Blueprint
from flask_smorest.spec import openapi_cli
from flask_smorest.utils import prepare_response

from api import verdicts
from api.problems import PROBLEM_TYPE
from replaykit.engine import Engine
from schemas import components as game_components
from schemas import of_record, so_far, timelines

ANY_LOG, ANY_LOG_SO_FAR, ANY_REPORT, ANY_TIMELINE = "AnyLog", "AnyLogSoFar", "AnyReport", "AnyTimeline"
REPORT_REF = {"$ref": f"#/components/schemas/{ANY_REPORT}"}
LOG_REF = {"$ref": f"#/components/schemas/{ANY_LOG}"}
SO_FAR_REF = {"$ref": f"#/components/schemas/{ANY_LOG_SO_FAR}"}


def _log_body(schema: dict, what: str) -> dict:
    return {
        "required": True,
        "description": f"{what} (its \"game\" says which), as a JSON body or as a file in the multipart field "
                       '"file". The bytes are kept exactly as sent.',
        "content": {
            "application/json": {"schema": schema},
            "multipart/form-data": {"schema": {"type": "object", "required": ["file"],
                                               "properties": {"file": {"type": "string", "format": "binary"}}},
                                    "encoding": {"file": {"contentType": "application/json"}}},
        },
    }


LOG_BODY = _log_body(LOG_REF, "A log of any supported game")
SO_FAR_BODY = _log_body(SO_FAR_REF, "A log of any supported game so far, or its setup with no steps yet")


# The app's settings that flask-smorest writes into the document (ETAG_DISABLED: an ETag's headers).
SETTINGS = ("API_TITLE", "API_VERSION", "OPENAPI_VERSION", "API_SPEC_OPTIONS", "ETAG_DISABLED")
_BUILT: dict[tuple, tuple] = {}  # {inputs: (document, its Flask plugin, its marshmallow plugin)}


class ComponentClash(ValueError):
    """Two schemas of record would be documented under one OpenAPI name: one of them would be wrong."""


@dataclass
class Components:
    """Every installed game's schemas of record, ``{game value: (component name, schema class)}``."""

    logs: dict = field(default_factory=dict)
    so_far: dict = field(default_factory=dict)
    reports: dict = field(default_factory=dict)
    timelines: dict = field(default_factory=dict)
    written: dict = field(default_factory=dict)  # {component name: an OpenAPI schema written as such}


def components(engines: Iterable[Engine], taken: dict[str, type]) -> Components:
    """The games' schemas of record; ``ComponentClash`` when a name is given to two different schemas (two
    games', or a game's and one of ``taken``, the generic schemas' names)."""
    found, owners = Components(), {name: ("this API", schema) for name, schema in taken.items()}
    for engine in engines:
        logs, reports = of_record(engine.id)
        tables = ((found.logs, logs), (found.so_far, so_far(engine.id)), (found.reports, reports),
                  (found.timelines, timelines(engine.id)),
                  (found.written, {name: (name, schema) for name, schema in game_components(engine.id).items()}))
        for table, given in tables:
            for value, (name, schema) in given.items():
                owner, known = owners.setdefault(name, (engine.name, schema))
                if known is not schema:
                    raise ComponentClash(f'{engine.name} names its schema {_named(schema)} "{name}" in the OpenAPI '
                                         f"document, but {owner} already gave that name to {_named(known)}; "
                                         "give each game's schemas names of their own (e.g. prefixed with the "
                                         "game's name).")
                table[value] = (name, schema)
    return found


def _named(schema: object) -> str:
    return getattr(schema, "__name__", "(an OpenAPI schema)")


def _one_of(components: dict) -> dict:
    """A ``oneOf`` told apart by the document's ``game``."""
    refs = {value: f"#/components/schemas/{name}" for value, (name, _schema) in components.items()}
    listed = [{"$ref": ref} for ref in dict.fromkeys(refs.values())]
    return {"oneOf": listed, "discriminator": {"propertyName": "game", "mapping": refs}}


class GamesApi(Api):
    """flask-smorest's Api whose document ``name_games`` builds, or takes from an earlier app of this process
    made from the same inputs: the settings of ``SETTINGS``, the spec's arguments, the games' schemas, the
    operations and the URL converters. Nothing changes a document once its app is made, so apps share it."""

    def _init_spec(self, **spec_kwargs) -> None:
        # flask-smorest builds the document as the app is given its Api; here name_games does, once the
        # operations are known, and only when no earlier app built the same.
        self.spec_kwargs = spec_kwargs

    def inputs(self, generic: dict[str, type], found: Components, operations: Blueprint) -> tuple:
        """All the document is made from, hashable (schemas and views by identity)."""
        tables = (found.logs, found.so_far, found.reports, found.timelines)
        written = tuple((name, id(schema)) for name, (_name, schema) in found.written.items())  # kept by their games
        return (tuple(repr(self.config.get(name)) for name in SETTINGS), repr(self.spec_kwargs),
                tuple(generic.items()), tuple(tuple(table.items()) for table in tables), written,
                tuple(operations.deferred_functions), tuple(self._app.url_map.converters.items()))

    def build(self) -> None:
        super()._init_spec(**self.spec_kwargs)

    def _register_responses(self) -> None:
        """Nothing yet: flask-smorest would describe every error as its own "Error" in application/json, and
        naming the problem document now would claim the names of the schemas it nests before ``name_games``
        names them (``problem_responses``)."""

    def problem_responses(self, problem: type) -> None:
        """Every error of this service is answered as a problem document in its own media type (api.problems):
        so are the document's responses named by status, and its "default" one, which a generated client reads
        for any status an operation does not list."""
        for status in http.HTTPStatus:
            response: dict = {"description": status.phrase}
            if status >= 400:
                response["schema"] = problem
            prepare_response(response, self.spec, PROBLEM_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Any other error, as a problem document", "schema": problem}
        prepare_response(response, self.spec, PROBLEM_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)

    def share(self, built: tuple, operations: Blueprint) -> None:
        """Take a document built before, and add only the operations' routes: the document has their views."""
        self.spec, self.flask_plugin, self.ma_plugin = built
        self._app.cli.add_command(openapi_cli)  # what flask-smorest's _init_spec does besides building
        self._app.extensions["flask-smorest"]["blp_name_to_api"][operations.name] = self
        self._app.register_blueprint(operations)


def name_games(api: GamesApi, generic: dict[str, type], operations: Blueprint) -> None:
    """Name every game's schemas in ``api``'s document and the three unions, then register the operations,
    which refer to them by these names; a document built before from the same inputs is taken instead."""
    found = components(verdicts.engines().values(), generic)
    inputs = api.inputs(generic, found, operations)
    if inputs in _BUILT:
        api.share(_BUILT[inputs], operations)
        return
    api.build()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # Nested schemas first: registering a schema also names (and so claims) every schema it nests.
        named = [(name, schema) for name, schema in generic.items() if name == "AnyFinding"]
        named += [*found.logs.values(), *found.so_far.values(), *found.reports.values(), *found.timelines.values()]
        for name, written in found.written.values():
            api.spec.components.schema(name, written)
        for name, schema in dict(named).items():
            api.spec.components.schema(name, schema=schema)
        api.spec.components.schema(ANY_LOG, _one_of(found.logs))
        api.spec.components.schema(ANY_LOG_SO_FAR, _one_of(found.so_far))
        api.spec.components.schema(ANY_REPORT, _one_of(found.reports))
        api.spec.components.schema(ANY_TIMELINE, _one_of(found.timelines))
        api.problem_responses(generic["Problem"])
        api.register_blueprint(operations)
    # apispec names a nested schema itself, and renames it with a warning when a game's nested schema has
    # the name of another one: the document would then name neither as its author did.
    renamed = [str(warning.message) for warning in caught if "Multiple schemas resolved" in str(warning.message)]
    if renamed:
        raise ComponentClash(" ".join(renamed))
    _BUILT[inputs] = (api.spec, api.flask_plugin, api.ma_plugin)


def schema_names(content: dict, spec: dict) -> list[str]:
    """The component names a response or body refers to, e.g. ``DavidGoliathReport`` and
    ``DavidGoliathMatchReport``; a component that is one of several (``AnyReport``) is shown as the games' own."""
    components = spec.get("components", {}).get("schemas", {})
    names = []
    for media in content.values():
        schema = media.get("schema") or {}
        for ref in [schema, *schema.get("oneOf", []), *schema.get("allOf", []), schema.get("items") or {}]:
            if isinstance(ref, dict) and "$ref" in ref:
                name = ref["$ref"].rsplit("/", 1)[-1]
                union = components.get(name, {})
                inner = [*union.get("oneOf", []), *union.get("anyOf", [])]
                names.extend(item["$ref"].rsplit("/", 1)[-1] for item in inner) if inner else names.append(name)
    return list(dict.fromkeys(names))
