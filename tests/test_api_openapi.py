"""The OpenAPI document generated from the marshmallow schemas, and its offline docs page; the document
built once per process for each set of inputs (``api.openapi.GamesApi``): an app that takes it from an
earlier one serves byte for byte what an app that built its own serves, and settings that change the
document give an app a document of its own."""

from __future__ import annotations

import json
import re

import pytest

from api import openapi
from app import create_app
from replaykit import registry
from schemas import of_record, timelines
from tests.conftest import app_config


def test_the_openapi_document_comes_from_the_schemas(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    spec = response.get_json()
    assert spec["openapi"].startswith("3.")
    paths = spec["paths"]
    assert {"/api/v1/validate", "/api/v1/games", "/api/v1/games/{game_id}", "/api/v1/games/{game_id}/log",
            "/api/v1/games/{game_id}/timeline", "/api/v1/samples",
            "/api/v1/samples/{game}/{slug}"} <= set(paths)
    schemas = spec["components"]["schemas"]
    assert {"DavidGoliathLog", "DavidGoliathMatchLog", "DavidGoliathReport", "DavidGoliathMatchReport",
            "DavidGoliathFinding"} <= set(schemas)
    assert "tricks" in schemas["DavidGoliathLog"]["properties"]
    validate = paths["/api/v1/validate"]["post"]
    assert set(validate["requestBody"]["content"]) == {"application/json", "multipart/form-data"}
    assert {"200", "400", "422"} <= set(validate["responses"])
    assert {"201", "400", "422"} <= set(paths["/api/v1/games"]["post"]["responses"])
    not_found = paths["/api/v1/games/{game_id}"]["get"]["responses"]["404"]
    assert list(not_found["content"]) == ["application/problem+json"]
    assert "errors" in schemas["Problem"]["properties"]


def test_every_ref_in_the_openapi_document_resolves(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    text = json.dumps(spec)
    refs = {part.split('"')[0] for part in text.split('"$ref": "#/components/schemas/')[1:]}
    assert refs and refs <= set(spec["components"]["schemas"])


def test_any_error_an_operation_does_not_list_is_documented_as_the_problem_document_the_service_sends(client):
    # The "default" response was flask-smorest's "Error" in application/json (a string status, a "code", no other
    # field allowed); a client generated from it could not read the 405, 408 or 500 the service sends.
    spec = client.get("/api/v1/openapi.json").get_json()
    default = spec["components"]["responses"]["DEFAULT_ERROR"]["content"]
    assert default == {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
    assert "Error" not in spec["components"]["schemas"]
    assert spec["components"]["schemas"]["Problem"]["properties"]["status"]["type"] == "integer"
    operations = [operation for item in spec["paths"].values() for operation in item.values()
                  if isinstance(operation, dict) and "responses" in operation]
    assert all(operation["responses"]["default"] == {"$ref": "#/components/responses/DEFAULT_ERROR"}
               for operation in operations)
    refused = client.patch("/api/v1/validate")  # a status /validate does not list: the default's shape
    assert refused.status_code == 405 and refused.mimetype == "application/problem+json"
    assert refused.get_json()["status"] == 405


def test_every_operation_taking_a_body_documents_its_refusal_as_too_large(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    with_body = [(path, method) for path, item in spec["paths"].items() for method, operation in item.items()
                 if "requestBody" in operation]
    assert ("/api/v1/branches/{key}", "post") in with_body  # any body past MAX_CONTENT_LENGTH is a 413 (api/bodies.py)
    assert [(path, method) for path, method in with_body if "413" not in spec["paths"][path][method]["responses"]] == []


@pytest.mark.parametrize("typed", ["/api", "/api/v1"])
def test_the_api_s_own_address_leads_to_its_docs(client, typed):
    response = client.get(typed)
    assert response.status_code == 301 and response.headers["Location"] == "/api/v1/docs"


def test_the_docs_page_lists_every_operation_offline(client):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for path in ("/api/v1/validate", "/api/v1/games/{game_id}/log", "/api/v1/samples/{game}/{slug}"):
        assert path in page
    assert "/api/v1/openapi.json" in page
    assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing from a CDN: it must work offline


def test_the_docs_page_states_the_configured_body_limit(tmp_path):
    # Before: "413 for a body over 2 MiB" whatever MAX_CONTENT_LENGTH said.
    application = create_app(app_config(tmp_path, MAX_CONTENT_LENGTH=512 * 1024))
    client = application.test_client()
    assert "413 for a body over 0.5 MiB" in client.get("/api/v1/docs").get_data(as_text=True)
    assert "413 per un corpo oltre 0,5 MiB" in client.get("/api/v1/docs?lang=it").get_data(as_text=True)
    application.extensions["card_replay"].repository.dispose()


def test_bodies_and_reports_are_one_of_every_games_schemas_told_apart_by_game(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    validate = spec["paths"]["/api/v1/validate"]["post"]
    assert validate["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/AnyLog"}
    assert validate["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/AnyReport"}
    body, answer = spec["components"]["schemas"]["AnyLog"], spec["components"]["schemas"]["AnyReport"]
    for engine in registry.engines().values():
        logs, reports = of_record(engine.id)
        for value in engine.log_games:
            assert body["discriminator"]["mapping"][value] == f"#/components/schemas/{logs[value][0]}"
            assert answer["discriminator"]["mapping"][value] == f"#/components/schemas/{reports[value][0]}"
    assert body["discriminator"]["propertyName"] == "game"
    assert {"$ref": "#/components/schemas/DavidGoliathLog"} in body["oneOf"]


def test_choices_and_apply_take_a_log_so_far_in_which_a_dalmuti_setup_has_no_rounds(client):
    # The Dalmuti format: a log lists one round or more, but a session is played on from its setup, which has
    # none yet (POST /choices answers it); the other games' logs may already list no step.
    spec = client.get("/api/v1/openapi.json").get_json()
    schemas, so_far = spec["components"]["schemas"], {"$ref": "#/components/schemas/AnyLogSoFar"}
    assert spec["paths"]["/api/v1/choices"]["post"]["requestBody"]["content"]["application/json"]["schema"] == so_far
    assert schemas["ApplyBody"]["properties"]["log"]["allOf"] == [so_far]
    played_on = schemas["AnyLogSoFar"]["discriminator"]["mapping"]
    logs = schemas["AnyLog"]["discriminator"]["mapping"]
    assert set(played_on) == set(logs)
    assert {value for value in logs if played_on[value] != logs[value]} == {"grande-dalmuti"}
    setup_or_log, log = schemas[played_on["grande-dalmuti"].rsplit("/", 1)[-1]], schemas["DalmutiLog"]
    assert (setup_or_log["properties"]["rounds"]["minItems"], log["properties"]["rounds"]["minItems"]) == (0, 1)
    del setup_or_log["properties"]["rounds"], log["properties"]["rounds"]
    assert (setup_or_log["properties"], setup_or_log["required"]) == (log["properties"], log["required"])


def test_every_array_states_its_items_as_openapi_3_0_requires(client):
    # Before: Olympi's ranges were arrays with an enum of pairs and no items; a client generator dropped OlympiLog.
    def arrays_without_items(node: object, path: str = "") -> list[str]:
        if isinstance(node, list):
            return [found for index, item in enumerate(node) for found in arrays_without_items(item, f"{path}/{index}")]
        if not isinstance(node, dict):
            return []
        here = [path] if node.get("type") == "array" and "items" not in node else []
        return here + [found for key, value in node.items() for found in arrays_without_items(value, f"{path}/{key}")]

    assert arrays_without_items(client.get("/api/v1/openapi.json").get_json()) == []


def test_an_olympi_rule_is_one_component_that_nests_itself_as_the_reader_reads_it(client):
    # olympi_replay/disciplines.py: a range of sums is 1 ≤ LOW ≤ HIGH ≤ 1000, a rule nests up to 8 levels
    spec = client.get("/api/v1/openapi.json").get_json()
    forms = {form["required"][0]: form["properties"][form["required"][0]]
             for form in spec["components"]["schemas"]["OlympiRule"]["oneOf"]}
    assert set(forms) == {"free", "value", "sum", "color", "value_in", "sum_in", "all_of", "any_of"}
    assert (forms["sum_in"]["items"]["maximum"], forms["value_in"]["items"]["maximum"]) == (1000, 9)
    assert forms["sum_in"]["minItems"] == forms["sum_in"]["maxItems"] == 2
    assert forms["all_of"]["items"] == forms["any_of"]["items"] == {"$ref": "#/components/schemas/OlympiRule"}
    log = spec["components"]["schemas"]["OlympiLog"]["properties"]["disciplines"]["items"]["oneOf"][1]
    assert log["properties"]["rule"] == {"$ref": "#/components/schemas/OlympiRule"}


def test_each_game_s_timeline_is_documented_by_its_own_schema(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    answer = spec["paths"]["/api/v1/games/{game_id}/timeline"]["get"]["responses"]["200"]["content"]
    assert answer["application/json"]["schema"] == {"$ref": "#/components/schemas/AnyTimeline"}
    schemas = spec["components"]["schemas"]
    listed = [ref["$ref"].rsplit("/", 1)[-1] for ref in schemas["AnyTimeline"]["oneOf"]]
    # told apart by game, as reports are (before: an anyOf that a generated client read as the first game's)
    assert schemas["AnyTimeline"]["discriminator"]["propertyName"] == "game"
    mapping = schemas["AnyTimeline"]["discriminator"]["mapping"]
    assert mapping["grande-dalmuti"] == "#/components/schemas/DalmutiTimeline"
    assert all("game" in schemas[name]["required"] for name in listed)
    named = {game_id: [name for name, _ in timelines(game_id).values()] for game_id in registry.engines()}
    assert listed == [name for names in named.values() for name in names]
    assert named["david-goliath"] == ["DavidGoliathTimeline", "DavidGoliathMatchTimeline"]
    assert named["olympi"] == ["OlympiTimeline"]
    assert "tricks" in schemas["DavidGoliathTimeline"]["properties"]
    assert "tricks" not in schemas["OlympiTimeline"]["properties"]
    assert "races" in schemas["OlympiTimeline"]["properties"] and "rounds" in schemas["DalmutiTimeline"]["properties"]
    docs = client.get("/api/v1/docs").get_data(as_text=True)  # the docs page names each game's schemas
    logs = [name for game_id in registry.engines() for name, _ in of_record(game_id)[0].values()]
    reports = [name for game_id in registry.engines() for name, _ in of_record(game_id)[1].values()]
    assert "(" + " or ".join(reports) + ")" in docs and "(" + " or ".join(listed) + ")" in docs
    assert ">" + " or ".join(logs) + "</a>" in docs and "DalmutiLog or OlympiLog" in " or ".join(logs)


@pytest.fixture
def built(monkeypatch) -> dict:
    """An empty cache of documents for this test alone: its first app builds."""
    fresh: dict = {}
    monkeypatch.setattr(openapi, "_BUILT", fresh)
    return fresh


def make(tmp_path, name: str, **settings: object):
    return create_app(app_config(tmp_path / name, **settings))


def served(application) -> tuple[bytes, bytes]:
    client = application.test_client()
    document, docs = client.get("/api/v1/openapi.json"), client.get("/api/v1/docs")
    assert document.status_code == docs.status_code == 200
    return document.data, docs.data


def api_of(application):
    return application.extensions["card_replay_api"]


def dispose(*applications) -> None:
    for application in applications:
        application.extensions["card_replay"].repository.dispose()


def test_an_app_that_takes_the_document_serves_what_one_that_built_it_serves(built, tmp_path, monkeypatch):
    first = make(tmp_path, "first")
    # Other storage, limits and secret: none of them is in the document, so the next app takes it.
    second = make(tmp_path, "second", SECRET_KEY="another", UPLOAD_MAX_WORK=10, RATELIMIT_ENABLED=True)
    assert len(built) == 1 and api_of(second).spec is api_of(first).spec
    monkeypatch.setattr(openapi, "_BUILT", {})  # the app after this one builds its own, as without the cache
    alone = make(tmp_path, "alone")
    assert api_of(alone).spec is not api_of(first).spec
    assert served(second) == served(alone) == served(first)
    document = second.test_client().get("/api/v1/openapi.json").get_json()
    assert "/api/v1/validate" in document["paths"] and "AnyLog" in document["components"]["schemas"]
    # the routes of the operations are the taking app's own, as are its answers
    assert second.test_client().post("/api/v1/validate", json={"game": "nothing"}).status_code == 422
    dispose(first, second, alone)


def test_settings_that_change_the_document_give_an_app_its_own(built, tmp_path):
    plain = make(tmp_path, "plain")
    titled = make(tmp_path, "titled", API_TITLE="Replays", API_VERSION="v9")
    served_from = make(tmp_path, "served", API_SPEC_OPTIONS={"servers": [{"url": "https://replay.example"}]})
    again = make(tmp_path, "again")
    assert len(built) == 3
    documents = [application.test_client().get("/api/v1/openapi.json").get_json()
                 for application in (plain, titled, served_from, again)]
    assert [document["info"]["title"] for document in documents] == ["Card Replay", "Replays", "Card Replay",
                                                                     "Card Replay"]
    assert [document["info"]["version"] for document in documents] == ["v1", "v9", "v1", "v1"]
    assert [document.get("servers") for document in documents] == [None, None, [{"url": "https://replay.example"}],
                                                                   None]
    assert served(again) == served(plain)
    dispose(plain, titled, served_from, again)
