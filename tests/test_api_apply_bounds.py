"""Issue 27, item 7: a refused action's 422 stays small however many fields it has (api.choices)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_api_choices import dg_log
from tests.test_hardening import assert_problem


def apply(client, action: object):
    return client.post("/api/v1/apply", data=json.dumps({"log": dg_log([]), "action": action}),
                       content_type="application/json")


def test_an_action_of_a_hundred_thousand_fields_is_counted_not_listed(client):
    # Before: 789 KB, every name listed by the game's refusal.
    response = apply(client, {f"k{number}": number for number in range(100_000)})
    detail = assert_problem(response, 422)["detail"]
    assert detail == ('An action has at most 40 fields; this one has 100000: "k0", "k1", "k2", "k3", "k4" and '
                      "99995 more.")
    assert len(response.data) < 1024


def test_forty_short_unknown_fields_are_the_game_s_to_name(client):
    names = [f"{number:02d}" + "x" * 38 for number in range(40)]  # 40 names of 40 characters: within both bounds
    response = apply(client, dict.fromkeys(names, 1))
    detail = assert_problem(response, 422)["detail"]
    assert detail.startswith("The action cannot be recorded. A play has the fields player, card, note and trick;")
    # the game's refusal twice, as the detail and as the error at /action
    assert all(name in detail for name in names) and len(response.data) < 4 * 1024
    response = apply(client, dict.fromkeys([*names, "one more"], 1))
    assert "this one has 41:" in assert_problem(response, 422)["detail"]


def test_a_field_name_longer_than_forty_characters_is_quoted_short(client):
    response = apply(client, {"player": "Andrea", "c" * 41: "B1"})
    quoted = '"' + "c" * 36 + "..."  # the quotation mark and 36 letters: 37 characters, then the cut
    assert assert_problem(response, 422)["detail"] == (
        f"A field of an action has a name of at most 40 characters; {quoted} has 41.")
    response = apply(client, {"x" * 500_000: 1})
    assert "has 500000." in assert_problem(response, 422)["detail"] and len(response.data) < 1024


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.text(max_size=80), st.integers(-9, 9), max_size=200))
def test_no_action_gets_an_answer_that_grows_with_it(client, action):
    response = apply(client, action)
    assert response.status_code in (200, 422)
    assert len(response.data) < 16 * 1024  # 40 names of 40 characters, each escaped, at the most
