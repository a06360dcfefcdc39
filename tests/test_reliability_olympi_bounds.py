"""Issue 19, items 1 and 2: an Olympi rule's size is bounded, and so is what a broken rule costs a report.

Every play walks its discipline's whole rule and every ``rule-broken`` finding quotes it, so before the
bound a 2 MB body with a 95,000-part rule kept a worker past gunicorn's 30 s timeout, and a 1.94 MB body
made a 480 MB answer. The bounds are counted here (parts, characters, bytes), not timed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from olympi_replay.disciplines import MAX_SENTENCE, count_nodes, read_rule, sentence, size
from olympi_replay.log import DEFAULT_LIMITS
from replaykit import native
from scripts.hostile import BREAKING, PASSING, RULE_ITEMS, olympi, olympi_rule, wide_rule

LEAF, BROKEN_LEAF = PASSING, BREAKING


def rule(parts: int, leaf: dict = LEAF) -> dict:
    return olympi_rule(parts, leaf)


def hostile(parts: int, leaf: dict = LEAF, races: int = 20, turns: int = 400) -> dict:
    return olympi(parts, leaf, races, turns)


def problems_of(value: object, max_nodes: int = DEFAULT_LIMITS.max_rule_nodes) -> tuple[object, list]:
    found: list = []
    read = read_rule(value, "/rule", lambda path, message: found.append((path, message)),
                     DEFAULT_LIMITS.max_rule_depth, DEFAULT_LIMITS.max_rule_items, max_nodes=max_nodes)
    return read, found


def test_the_script_builds_rules_within_the_items_limit():
    assert DEFAULT_LIMITS.max_rule_items == RULE_ITEMS


def test_a_rule_of_the_limits_size_is_read_and_one_part_more_is_one_problem_naming_the_limit():
    assert DEFAULT_LIMITS.max_rule_nodes == 32
    read, found = problems_of(rule(32))
    assert found == [] and size(read) == 32
    read, found = problems_of(rule(33))
    assert read is None
    assert found == [("/rule", "A rule may have at most 32 parts in all (each comparison, range and combination "
                               "is one); this one has more.")]


def test_counting_a_huge_rule_stops_past_the_bound():
    # 95,000 leaves, as in the report that found the problem: counting looks at 33 of them, not all.
    huge = {"all_of": [{"all_of": [dict(LEAF)] * 19}] * 5000}
    assert count_nodes(huge, 32) == 33
    assert count_nodes(rule(32), 32) == 32


def test_the_api_refuses_a_rule_past_the_bound_with_422_saying_which_limit(client):
    document = hostile(33, races=1, turns=2)
    answer = client.post("/api/v1/validate", data=json.dumps(document), content_type="application/json")
    assert answer.status_code == 422
    paths = {error["path"] for error in answer.get_json()["errors"]}
    assert paths == {f"/disciplines/{index}/rule" for index in range(9)}
    assert all("at most 32 parts" in error["message"] for error in answer.get_json()["errors"])


def test_a_long_rule_is_not_spelled_out_in_its_sentence():
    parsed = problems_of(rule(32))[0]
    text = sentence(parsed, 2)
    assert text == ("Play two cards as the discipline's rule of 32 parts says; it is too long to put into words "
                    "here, so see the rule in the log.")
    short = problems_of({"all_of": [{"value_in": [2, 8]}, {"value": "!=", "than": "own"}]})[0]
    assert len(sentence(short)) < MAX_SENTENCE and "2 to 8" in sentence(short)


def test_the_most_rule_broken_findings_keep_the_answer_within_the_stated_amplification(client):
    # Every play after the first of each race breaks every discipline's 32-part rule.
    body = json.dumps(hostile(32, BROKEN_LEAF)).encode()
    answer = client.post("/api/v1/validate", data=body, content_type="application/json")
    assert answer.status_code == 200
    report = answer.get_json()
    broken = [error for error in report["errors"] if error["code"] == "rule-broken"]
    assert broken and all(len(error["message"]) < MAX_SENTENCE + 200 for error in broken)
    # docs/RELIABILITY.md: an answer is at most 256 KiB (the findings' cap) plus 3 times the body.
    assert len(answer.data) <= 256 * 1024 + 3 * len(body), (len(answer.data), len(body))


# Counts the rule evaluations of the log on stdin. On the pure modules: compiled ones call ``holds`` inside
# their package's compiled group, where no patch reaches (docs/DEVELOPING.md); the source is the same.
COUNT_EVALUATIONS = """
import json, sys
from olympi_replay import disciplines, race
from olympi_replay.engine import ENGINE
calls = 0
original = disciplines.holds
def counted(rule, *args):
    global calls
    calls += 1
    return original(rule, *args)
disciplines.holds = race.holds = counted  # it recurses through the module's own name; race imported it too
ENGINE.validate(json.load(sys.stdin))
print(calls)
"""


def test_a_replay_evaluates_each_rule_part_a_bounded_number_of_times():
    document = hostile(32, races=2, turns=50)
    counted = subprocess.run([sys.executable, "-c", COUNT_EVALUATIONS], input=json.dumps(document), text=True,
                             capture_output=True, check=True, timeout=120, cwd=native.ROOT,
                             env={**os.environ, native.PURE: "1"})
    plays = 2 * 50
    assert 0 < int(counted.stdout) <= plays * 32  # each play walks its rule once: at most the limit's parts


def test_a_rule_as_large_as_depth_and_items_allowed_is_refused_with_one_finding(client):
    # 96,000 parts within depth 8 and 20 items a list: what the issue's 2.08 MB body did.
    document = {**hostile(32, races=1, turns=60),
                "disciplines": [{"name": "D0", "cards_per_play": 2, "rule": wide_rule((20, 20, 20, 12))}]}
    body = json.dumps(document, separators=(",", ":"))  # 1.9 MB, under the 2 MiB limit
    answer = client.post("/api/v1/validate", data=body, content_type="application/json")
    assert answer.status_code == 422
    assert [error["path"] for error in answer.get_json()["errors"]] == ["/disciplines/0/rule"]
    assert len(answer.data) < 1024
