"""POST /api/v1/branches and /api/v1/branches/<id>: a branch kept on the server, one action per request."""

from __future__ import annotations

import random

import jsonpatch
import pytest

from api.choices import ChoicesSchema
from app import create_app
from replaykit import registry
from tests.conftest import app_config
from tests.state_helpers import setup_state
from tests.test_api_choices import HANDS, cards, dg_log

# A branch's findings are its start's and its steps' own, without the checks a report makes at a log's end
SAME = [name for name in ChoicesSchema().fields if name not in ("may_leave_unseen", "findings")]


def start(client, log: dict) -> dict:
    response = client.post("/api/v1/branches", json=log)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def step(client, key: str, steps: int, action: dict | None = None):
    body = {"steps": steps} if action is None else {"steps": steps, "action": action}
    return client.post(f"/api/v1/branches/{key}", json=body)


def test_a_branch_answers_as_choices_does_and_plays_one_action_at_a_time(client) -> None:
    first = start(client, dg_log([]))
    assert first["steps"] == 0 and first["to_move"] == "Andrea" and cards(first) == set(HANDS["Andrea"])
    # Andrea leads blue 1: Ben holds B4–B6 and must follow blue (rule: follow the colour led if held)
    after = step(client, first["branch"], 0, {"player": "Andrea", "card": "B1"}).get_json()
    assert after["steps"] == 1 and after["branch"] == first["branch"]
    assert after["to_move"] == "Ben" and after["moment"] == "trick-1-play-2" and cards(after) == {"B4", "B5", "B6"}
    # the patches still record each choice in the log the client keeps
    log = jsonpatch.apply_patch(dg_log([]), [op for choice in first["choices"]
                                             if choice["action"]["card"] == "B1" for op in choice["patch"]])
    assert log == dg_log([("Andrea", "B1")])
    again = client.post("/api/v1/choices", json=log).get_json()
    assert {name: after.get(name) for name in SAME} == {name: again.get(name) for name in SAME}


def test_going_back_replays_the_branch_s_own_actions(client) -> None:
    key = start(client, dg_log([]))["branch"]
    step(client, key, 0, {"player": "Andrea", "card": "B1"})
    step(client, key, 1, {"player": "Ben", "card": "B6"})
    back = step(client, key, 1).get_json()
    assert back["steps"] == 1 and back["to_move"] == "Ben" and cards(back) == {"B4", "B5", "B6"}
    other = step(client, key, 1, {"player": "Ben", "card": "B4"}).get_json()
    assert other["steps"] == 2 and other["to_move"] == "Clara"
    ben = other["view"]["seats"][1]["hand"]
    assert "B4" not in ben and "B6" in ben
    home = step(client, key, 0).get_json()
    assert home["steps"] == 0 and home["to_move"] == "Andrea" and len(home["choices"]) == 15


def test_an_illegal_action_is_refused_in_the_reader_s_language_at_the_body_s_action(client) -> None:
    key = start(client, dg_log([("Andrea", "B1")]))["branch"]
    refused = client.post(f"/api/v1/branches/{key}", json={"steps": 0, "action": {"player": "Ben", "card": "R4"}},
                          headers={"Accept-Language": "it"}).get_json()
    # the revoke as the Italian catalogue says it: Ben was dealt B4 B5 B6 (HANDS) and blue was led
    reason = refused["detail"].removeprefix("Questa azione non è regolare qui: ")
    assert reason.startswith("Ben gioca R4 su un'uscita di colore blu")
    # the rule's own finding, its code kept, at the body's action (its pointer into the branch's log is the
    # server's business)
    assert [(error["code"], error["path"], error["player"], error["message"]) for error in refused["errors"]] == [
        ("must-follow-suit", "/action", "Ben", reason)]


@pytest.mark.parametrize("action", [{"player": "Ben"}, {"foo": 1}, "R5"])
def test_an_action_the_game_cannot_write_is_refused_and_no_step_is_taken(client, action) -> None:
    # Before: a 200 that counted it as step 1, with a schema finding at "" (/apply refused it)
    key = start(client, dg_log([("Andrea", "B1")]))["branch"]
    refused = step(client, key, 0, action)
    assert refused.status_code == 422 and refused.get_json()["detail"].startswith("The action cannot be recorded.")
    assert [(error["code"], error["path"]) for error in refused.get_json()["errors"]] == [("schema", "/action")]
    assert step(client, key, 0).get_json()["steps"] == 0


def test_an_illegal_action_is_refused_and_the_branch_stays_where_it_was(client) -> None:
    key = start(client, dg_log([("Andrea", "B1")]))["branch"]
    refused = step(client, key, 0, {"player": "Ben", "card": "R4"})  # a revoke: Ben holds blue
    assert refused.status_code == 422 and refused.mimetype == "application/problem+json"
    assert "not legal" in refused.get_json()["detail"]
    kept = step(client, key, 0).get_json()
    assert kept["steps"] == 0 and kept["to_move"] == "Ben"
    ahead = step(client, key, 1)
    assert ahead.status_code == 409 and "only reached step 0" in ahead.get_json()["detail"]


@pytest.mark.parametrize("body", [[], {}, {"steps": -1}, {"steps": True}, {"steps": "1"},
                                  {"steps": 0, "action": {}, "log": {}}])
def test_a_step_wants_a_step_count_and_at_most_an_action(client, body) -> None:
    key = start(client, dg_log([]))["branch"]
    response = client.post(f"/api/v1/branches/{key}", json=body)
    assert response.status_code == 422 and '"steps"' in response.get_json()["detail"]


def test_an_unknown_branch_is_a_404_that_says_to_start_again(client) -> None:
    response = step(client, "no-such-branch", 0)
    assert response.status_code == 404 and "start it again" in response.get_json()["detail"]


def test_a_log_no_game_can_go_on_from_starts_no_branch(client) -> None:
    response = client.post("/api/v1/branches", json={"game": "david-goliath", "players": ["Andrea"]})
    assert response.status_code == 422 and response.mimetype == "application/problem+json"


@pytest.fixture
def bounded(tmp_path):
    def make(**settings):
        application = create_app({**app_config(tmp_path), **settings})
        made.append(application)
        return application.test_client()
    made: list = []
    yield make
    for application in made:
        application.extensions["card_replay"].repository.dispose()


def test_a_client_keeps_so_many_branches_its_oldest_going_first(bounded) -> None:
    client = bounded(BRANCH_PER_CLIENT=2)
    keys = [start(client, dg_log([]))["branch"] for _ in range(3)]
    assert [step(client, key, 0).status_code for key in keys] == [404, 200, 200]


def test_the_store_keeps_so_many_branches_in_all(bounded) -> None:
    client = bounded(BRANCH_MAX=2, BRANCH_PER_CLIENT=10)
    keys = [start(client, dg_log([]))["branch"] for _ in range(3)]
    assert [step(client, key, 0).status_code for key in keys] == [404, 200, 200]


def test_an_idle_branch_is_forgotten(bounded) -> None:
    client = bounded(BRANCH_IDLE_SECONDS=0)
    key = start(client, dg_log([]))["branch"]
    assert step(client, key, 0).status_code == 404


def test_a_branch_is_so_many_steps_long_at_most(bounded) -> None:
    client = bounded(BRANCH_MAX_STEPS=1)
    key = start(client, dg_log([]))["branch"]
    assert step(client, key, 0, {"player": "Andrea", "card": "B1"}).status_code == 200
    refused = step(client, key, 1, {"player": "Ben", "card": "B4"})
    assert refused.status_code == 422 and "at most to step 1" in refused.get_json()["detail"]


@pytest.mark.parametrize("game", list(registry.engines().values()), ids=lambda engine: engine.id)
def test_a_branch_walked_with_steps_back_answers_as_the_whole_log_does(client, game) -> None:
    """Every game: random choices with random steps back; at each position the branch's answer is the one
    /choices gives for the log the patches made, and the game ends in a log that validates clean."""
    rng = random.Random(5)
    logs = [setup_state(game, game.players[0], 5).to_log()]
    answer = start(client, logs[0])
    key = answer["branch"]
    for moved in range(5000):
        if moved % 5 == 0:  # /choices replays the whole log: asked at every step, the test grows quadratic
            whole = client.post("/api/v1/choices", json=logs[-1]).get_json()
            # a chance step drawn from many outcomes is seeded otherwise; both draws are legal outcomes
            same = [name for name in SAME if not (answer["chance"] and name == "choices")]
            assert {name: answer.get(name) for name in same} == {name: whole.get(name) for name in same}
        if answer["over"]:
            break
        if len(logs) > 3 and rng.random() < 0.1:
            del logs[-rng.randint(1, 3):]
            answer = step(client, key, len(logs) - 1).get_json()
            continue
        choice = rng.choice(answer["choices"])
        logs.append(jsonpatch.apply_patch(logs[-1], choice["patch"]))
        answer = step(client, key, len(logs) - 2, choice["action"]).get_json()
    else:
        pytest.fail("the game did not end")
    report = client.post("/api/v1/validate", json=logs[-1]).get_json()
    assert report["valid"] and report["complete"]


def test_the_actions_played_in_a_branch_count_toward_the_bytes_kept(bounded) -> None:
    """A play's note (up to 2,000 characters) stays with the branch: 1,000 of them were 2 MB a branch that the
    bound on the logs kept did not count."""
    client = bounded(BRANCH_MAX_LOG_BYTES=4800, BRANCH_PER_CLIENT=10)
    noted = [{"player": player, "card": card, "note": "n" * 2000} for player, card in
             (("Andrea", "B1"), ("Ben", "B4"), ("Clara", "B7"))]
    other = start(client, dg_log([]))["branch"]
    key = start(client, dg_log([]))["branch"]  # two logs of about 0.4 kB each
    assert step(client, key, 0, noted[0]).status_code == 200
    assert step(client, key, 1, noted[1]).status_code == 200  # 4.5 kB in this branch: the other one goes
    assert step(client, other, 0).status_code == 404
    refused = step(client, key, 2, noted[2])  # 6.6 kB
    assert refused.status_code == 422 and "at most 4800 bytes" in refused.get_json()["detail"]
    assert step(client, key, 1).status_code == 200  # back a step: its note no longer kept
    assert step(client, key, 1, noted[1]).status_code == 200
