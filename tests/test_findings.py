"""JSON pointers (RFC 6901) and the finding type's own forms."""

from replaykit.findings import ERROR, WARNING, Finding, anchor, pointer, tokens


def test_tokens_are_escaped():
    assert pointer("hands", "A/B~C", 3) == "/hands/A~1B~0C/3"
    assert pointer() == ""


def test_a_finding_seen_from_a_match():
    finding = Finding("wrong-turn", ERROR, "m", "Clara", "/tricks/2/plays/1", (("trick", 3), ("play", 2)))
    moved = finding.within("game", 2, "/games/1")
    assert moved.path == "/games/1/tricks/2/plays/1" and moved.unit("game") == 2
    assert moved.to_dict()["game"] == 2 and "game" not in finding.to_dict()
    assert moved.location() == "game 2, trick 3, play 2 (Clara)"
    assert Finding("incomplete-game", WARNING, "m", path="/tricks").location() == "/tricks"
    assert moved.to_dict() == {"code": "wrong-turn", "severity": ERROR, "message": "m", "game": 2, "trick": 3,
                               "play": 2, "player": "Clara", "path": "/games/1/tricks/2/plays/1"}


def test_pointers_split_back_into_tokens_and_positions_into_anchors():
    assert tokens(pointer("hands", "A/B~C", 3)) == ["hands", "A/B~C", "3"]
    assert tokens("") == []
    assert anchor((("round", 2), ("trick", 3), ("play", None))) == "round-2-trick-3"
    assert anchor((("trick", None),)) == ""
