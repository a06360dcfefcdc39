"""What every game's page shares (``api.adapters``): the standings read as a ranking."""

from api.adapters import claimed_standings, standings


def names(shown: dict) -> list[str]:
    return [row["name"] for row in shown["rows"]]


def test_a_result_lists_the_winners_first_then_the_highest_score_down():
    report = {"players": ["Ann", "Bo", "Cy", "Di"], "complete": True, "errors": [],
              "result": {"scores": {"Ann": 3, "Bo": 9, "Cy": 5, "Di": 9}, "winners": ["Bo", "Di"]}}
    shown = standings(report)
    assert names(shown) == ["Bo", "Di", "Cy", "Ann"]
    assert [row["best"] for row in shown["rows"]] == [True, True, False, False]
    assert shown["label"] == "Result"


def test_a_tie_broken_by_the_rules_puts_its_winner_first_and_other_ties_keep_the_seating_order():
    # Olympi's tie on VP goes to the most Performance cards in hand: Cy wins on 7 with Ann also on 7
    report = {"players": ["Ann", "Bo", "Cy", "Di"], "complete": True, "errors": [],
              "result": {"scores": {"Ann": 7, "Bo": 2, "Cy": 7, "Di": 2}, "winners": ["Cy"]}}
    assert names(standings(report)) == ["Cy", "Ann", "Bo", "Di"]


def test_a_standing_so_far_ranks_by_points_and_a_player_without_a_score_comes_last():
    report = {"players": ["Ann", "Bo", "Cy"], "complete": False, "errors": [],
              "result": {"points": {"Bo": 1, "Cy": 4}, "winners": []}}
    shown = standings(report)
    assert names(shown) == ["Cy", "Bo", "Ann"] and shown["label"] == "Standing so far"
    assert shown["rows"][-1]["value"] is None


def test_a_game_played_to_its_end_with_a_rule_broken_shows_its_scores_as_played_and_no_winner():
    report = {"players": ["Ann", "Bo"], "complete": True, "errors": [{"code": "must-follow-suit"}],
              "result": {"scores": {"Ann": 1, "Bo": 6}, "winners": ["Bo"]}}
    shown = standings(report)
    assert shown["label"] == "Scores as played" and shown["best"] == "leading" and names(shown) == ["Bo", "Ann"]


def test_the_claims_stay_beside_their_own_player_once_ranked():
    report = {"players": ["Ann", "Bo"], "complete": True, "errors": [],
              "result": {"scores": {"Ann": 1, "Bo": 6}, "winners": ["Bo"]},
              "claims": {"scores": {"Ann": 2, "Bo": 6}, "winners": ["Ann"]}}
    shown = claimed_standings(report)
    assert [(row["name"], row["value"], row["claimed"]) for row in shown["rows"]] == [("Bo", 6, 6), ("Ann", 1, 2)]
    assert shown["claimed_winners"] == ["Ann"]


def test_a_name_given_twice_by_a_refused_log_is_one_row():
    report = {"players": ["Ann", "Bruno", "Ann"], "complete": False,
              "errors": [{"code": "duplicate-player", "severity": "error"}], "result": {}}
    assert names(standings(report)) == ["Ann", "Bruno"]
