"""What a game page shows of the computer analysis (api/evaluation.py), on a small analysis worked by hand:
the evaluation chart's points, each play's line in the step panel, the marked plays, a match's parts."""

from __future__ import annotations

from api.adapters.charts import player_color
from api.evaluation import Words, action_text, figure, number, part_plays, view


def card(player: str, name: str) -> dict:
    return {"player": player, "card": name}


# Ann leads B4 though R2 would have made sure of 13 rather than 10: cost 3, a mistake (3 ≤ cost < 6). Bob's
# only card G7 is estimated at 5.5. Ann then plays R2, her only card, worth 13; Bob's P1 is refused by the
# rules, so it has no value.
PLAYS = [
    {"step": "trick-1-play-1", "player": "Ann", "played": card("Ann", "B4"), "legal": True, "exact": True,
     "choices": [{"action": card("Ann", "B4"), "value": 10}, {"action": card("Ann", "R2"), "value": 13}],
     "best": [card("Ann", "R2")], "cost": 3, "marks": ["mistake"], "estimate": None},
    {"step": "trick-1-play-2", "player": "Bob", "played": card("Bob", "G7"), "legal": True, "exact": False,
     "choices": [{"action": card("Bob", "G7"), "value": 5.5}], "best": [card("Bob", "G7")], "cost": 0,
     "marks": [], "estimate": {"worlds": 8}},
    {"step": "trick-2-play-1", "player": "Ann", "played": card("Ann", "R2"), "legal": True, "exact": True,
     "choices": [{"action": card("Ann", "R2"), "value": 13}], "best": [card("Ann", "R2")], "cost": 0, "marks": []},
    {"step": "trick-2-play-2", "player": "Bob", "played": card("Bob", "P1"), "legal": False, "exact": False,
     "choices": [], "best": None, "cost": None, "marks": []},
]


def test_the_chart_has_a_line_per_player_through_the_values_of_the_plays_made():
    drawn = figure(PLAYS)
    ann, bob = drawn["data"]
    assert (ann["name"], ann["x"], ann["y"]) == ("Ann", [1, 3], [10, 13])
    assert ann["customdata"] == ["trick-1-play-1", "trick-2-play-1"]  # a click picks the play's moment
    assert ann["marker"]["symbol"] == ["circle", "circle"]  # exact: filled
    assert ann["hovertext"] == ["Ann plays B4: 10 (exact)", "Ann plays R2: 13 (exact)"]
    assert (bob["name"], bob["x"], bob["y"]) == ("Bob", [2], [5.5])  # the refused P1 has no point
    assert bob["marker"]["symbol"] == ["circle-open"]  # an estimate: open
    assert bob["hovertext"] == ["Bob plays G7: 5.50 (estimate)"]
    assert ann["line"]["color"] != bob["line"]["color"]
    assert drawn["layout"]["title"]["text"] == "What each play could guarantee"
    # the axis's title and its unit on two lines: on one, it ran into the chart's title
    assert drawn["layout"]["yaxis"]["title"]["text"] == "Result<br>in points"


def test_the_lines_follow_the_seating_and_its_colours():
    drawn = figure(PLAYS, players=["Bob", "Ann", "Cy"])  # Cy made no play valued: no line
    assert [trace["name"] for trace in drawn["data"]] == ["Bob", "Ann"]
    assert [trace["line"]["color"] for trace in drawn["data"]] == [player_color(0), player_color(1)]


def test_text_from_the_log_is_escaped_for_plotly():
    named = [{**PLAYS[0], "player": "<b>Eve</b>", "played": card("<b>Eve</b>", "B4"),
              "choices": [{"action": card("<b>Eve</b>", "B4"), "value": 10}]}]
    trace = figure(named)["data"][0]
    assert trace["name"] == "&lt;b&gt;Eve&lt;/b&gt;"
    assert trace["hovertext"] == ["&lt;b&gt;Eve&lt;/b&gt; plays B4: 10 (exact)"]


def test_each_play_is_described_for_its_moment_and_the_mistakes_are_listed():
    shown = view({"plays": PLAYS, "unsearched": 2, "seats": {"Ann": {"plays": 2}}})
    first = shown["steps"]["trick-1-play-1"]
    assert first == {"player": "Ann", "played": "Ann plays B4", "legal": True, "exact": True, "value": "10",
                     "best_value": "13", "cost": "3", "best": ["Ann plays R2"], "mark": "mistake", "short": False}
    assert shown["steps"]["trick-1-play-2"]["value"] == "5.50"
    refused = shown["steps"]["trick-2-play-2"]
    assert (refused["legal"], refused["value"], refused["cost"]) == (False, "", "")
    assert shown["marked"] == [{"step": "trick-1-play-1", "kind": "mistake", "exact": True,
                                "label": "mistake: Ann plays B4, cost 3"}]
    assert (shown["valued"], shown["unsearched"], shown["seats"]) == (3, 2, {"Ann": {"plays": 2}})
    assert shown["mark_words"] == {"blunder": "blunder", "mistake": "mistake", "inaccuracy": "inaccuracy"}


def test_an_estimated_mistake_is_listed_as_an_estimate():
    # Bob's G7 estimated at 5.5 where his other card was estimated at 9: cost 3.5 by the estimate
    guessed = {**PLAYS[1], "choices": [{"action": card("Bob", "G7"), "value": 5.5},
                                       {"action": card("Bob", "Y9"), "value": 9}],
               "best": [card("Bob", "Y9")], "cost": 3.5, "marks": ["mistake"]}
    assert view({"plays": [guessed]})["marked"] == [{
        "step": "trick-1-play-2", "kind": "mistake", "exact": False,
        "label": "mistake: Bob plays G7, cost about 3.50 (estimate)"}]


def test_a_play_whose_worlds_looked_only_so_far_ahead_is_said_to_be_a_guess():
    # Bob's worlds were searched to the end of the trick only (reach 1): the page says "a guess" (analysis.js)
    shallow = {**PLAYS[1], "estimate": {"worlds": 8, "reach": 1}}
    assert view({"plays": [shallow]})["steps"]["trick-1-play-2"]["short"] is True
    assert view({"plays": [PLAYS[1]]})["steps"]["trick-1-play-2"]["short"] is False  # searched to the end


def test_values_are_written_with_the_reader_s_decimal_sign():
    # Bob's G7 is estimated at 5.5: "5,50" in Italian and Polish, as the chart's hover and the step panel say it
    polish = Words(point="{play}: {value} ({kind})", decimal=",")
    assert figure(PLAYS, polish)["data"][1]["hovertext"] == ["Bob plays G7: 5,50 (estimate)"]
    assert view({"plays": PLAYS}, words=polish)["steps"]["trick-1-play-2"]["value"] == "5,50"
    assert view({"plays": PLAYS}, words=polish)["steps"]["trick-1-play-1"]["cost"] == "3"  # whole: no decimals


def test_a_half_hundredth_is_rounded_away_from_zero_as_a_reader_and_the_page_s_script_round_it():
    # an estimate over 8 worlds is a number of eighths: 49/8 = 6.125 is exact, and was written 6.12 (the even
    # digit) beside the page's own 20.375 → 20.38
    assert [number(49 / 8), number(163 / 8), number(-49 / 8), number(5.5, ","), number(2 / 3)] == \
        ["6.13", "20.38", "-6.13", "5,50", "0.67"]


def test_plays_are_said_in_the_game_s_own_words_where_it_has_them():
    # An Olympi retirement was "Bruno plays retire"; the game's choices say "Bruno retires".
    words = {("trick-1-play-1", "B4"): "Ann leads blue 4", ("trick-1-play-1", "R2"): "Ann leads red 2"}

    def said(anchor: str, action: object) -> str | None:
        return words.get((anchor, action["card"]))

    shown = view({"plays": PLAYS}, said=said)
    first = shown["steps"]["trick-1-play-1"]
    assert (first["played"], first["best"]) == ("Ann leads blue 4", ["Ann leads red 2"])
    assert shown["marked"][0]["label"] == "mistake: Ann leads blue 4, cost 3"
    assert shown["figure"]["data"][0]["hovertext"][0] == "Ann leads blue 4: 10 (exact)"
    assert shown["steps"]["trick-1-play-2"]["played"] == "Bob plays G7"  # no words of its own: its fields


def test_a_part_of_a_match_counts_its_own_seats():
    # The whole match's table was shown on every game's page.
    match = [{**PLAYS[0], "step": "game-1-trick-1-play-1"}, {**PLAYS[1], "step": "game-2-trick-1-play-2"}]
    shown = view({"plays": match, "seats": {"Ann": {"plays": 1}, "Bob": {"plays": 0}}}, part=2)
    assert list(shown["seats"]) == ["Bob"]
    assert shown["seats"]["Bob"]["plays"] == 0 and shown["seats"]["Bob"]["estimated"]["plays"] == 1
    said = []
    view({"plays": match}, part=2, said=lambda anchor, action: said.append(anchor))
    assert said[0] == "game-2-trick-1-play-2"  # the game's words are asked by the match's own anchor


def test_a_part_of_a_match_counts_its_own_steps_not_searched_and_the_match_s_plays_past_the_bound():
    # Game 30's page said "17 plays could not be searched": the whole match's count
    match = [{**PLAYS[0], "step": "game-1-trick-1-play-1"}, {**PLAYS[1], "step": "game-2-trick-1-play-2"}]
    result = {"plays": match, "unsearched": 3, "unlisted": 7,
              "unsearched_steps": ["game-1-trick-1-play-2", "game-1-trick-2-play-1", "game-2-trick-2-play-1"]}
    assert [(shown["unsearched"], shown["unlisted"]) for shown in (view(result), view(result, part=1),
                                                                  view(result, part=2), view(result, part=3))] \
        == [(3, 7), (2, 7), (1, 7), (0, 7)]


def test_a_game_without_analysis_shows_none():
    assert view(None) is None


def test_a_part_of_a_match_shows_its_own_plays_named_as_its_page_names_its_moments():
    match = [{**PLAYS[0], "step": "game-1-trick-1-play-1"}, {**PLAYS[1], "step": "game-2-trick-1-play-2"}]
    assert [play["step"] for play in part_plays(match, 2)] == ["trick-1-play-2"]
    assert [play["step"] for play in part_plays(match, None)] == ["game-1-trick-1-play-1", "game-2-trick-1-play-2"]


def test_an_action_is_written_by_its_fields_but_the_player():
    assert action_text({"player": "Ann", "card": "B4"}) == "B4"
    assert action_text({"player": "Ann", "cards": ["R3", "R3"]}) == "R3 R3"
    assert action_text({"player": "Ann", "pass": True}) == "pass"
    assert action_text(None) == ""


def test_a_marked_play_says_where_it_was_as_every_key_moment_does():
    # The computer's marks once read "Blunder: Clara plays yellow 6, cost 6" among "Trick 9: …" lines
    placed = Words(place=lambda anchor: anchor.replace("-", " ").replace(" play", ", play"))
    assert view({"plays": PLAYS}, words=placed)["marked"][0]["label"] == \
        "Trick 1, play 1 · mistake: Ann plays B4, cost 3"
