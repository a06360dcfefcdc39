"""The fixed rules: the reward table for every player count, passes, victory points and winners."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from olympi_replay.rules import DECK_SIZE, PASSES, RETIREMENTS, Rules, seated_rules, vp, winners

NAMES = ("Ann", "Bruno", "Chiara", "Dario", "Elena", "Fabio", "Giulia")


@pytest.mark.parametrize("players,medals,first_player,draws", [
    (3, ["bronze", "silver"], 1, [3, 1]),
    (4, [None, "bronze", "silver"], 1, [3, 2, 1]),
    (5, [None, "bronze", "bronze", "silver"], 1, [3, 2, 1, 0]),
    (6, [None, None, None, "bronze", "silver"], 1, [3, 2, 1, 0, 0]),
    (7, [None, None, None, None, "bronze", "silver"], 1, [3, 3, 2, 1, 0, 0]),
])
def test_the_retirement_table(players, medals, first_player, draws):
    rules = Rules(NAMES[:players])
    rewards = [rules.reward(index) for index in range(players - 1)]
    assert [reward.medal for reward in rewards] == medals
    assert [index for index, reward in enumerate(rewards) if reward.first_player] == [first_player]
    assert [reward.draw for reward in rewards] == draws
    assert rules.reward(players - 1).medal == "gold"
    assert len(RETIREMENTS[players]) == players - 1


def test_two_player_passes():
    assert [(p.medal, p.first_player, p.draw) for p in PASSES] == [
        ("bronze", False, 1), ("silver", True, 2), ("gold", False, 3)]


def test_deck_after_the_deal():
    assert DECK_SIZE == 90
    assert [Rules(NAMES[:n]).deck_after_deal for n in range(2, 8)] == [78, 72, 66, 60, 54, 48]


def test_each_player_s_way_round_the_table_ends_with_them():
    # The order a race's turns follow among the players still in (tests/test_olympi_race.py plays it).
    assert Rules(NAMES[:4]).clockwise["Chiara"] == ("Dario", "Ann", "Bruno", "Chiara")


def test_victory_points_and_ties():
    assert vp({"gold": 2, "silver": 1, "bronze": 3}, 1) == 8 + 2 + 3 + 2
    assert vp({"silver": 2}, 0) == 4 and vp({}, 2) == 4 and vp({"bronze": 1, "gold": 0}, 0) == 1  # medals not won
    seating = ("Ann", "Bruno", "Chiara")
    assert winners({"Ann": 5, "Bruno": 5, "Chiara": 1}, {"Ann": 3, "Bruno": 4, "Chiara": 9}, seating) == ["Bruno"]
    assert winners({"Ann": 5, "Bruno": 5, "Chiara": 5}, {"Ann": 4, "Bruno": 2, "Chiara": 4}, seating) == [
        "Ann", "Chiara"]
    assert winners({}, {}, ()) == []


def test_the_rules_of_a_seating_are_made_once_and_spell_its_names_as_first_read():
    first, again = ("Zia", "".join(["Quo", "rra"])), ("Zia", "".join(["Quo", "rra"]))  # equal, not the same strings
    rules = seated_rules(first)
    assert seated_rules(again) is rules and rules.seating[1] is first[1] and again[1] is not first[1]
    # each player's way round the table: everyone else clockwise from their left, then the player
    assert rules.clockwise == {"Zia": ("Quorra", "Zia"), "Quorra": ("Zia", "Quorra")}


def test_the_rulings_page_states_the_retirement_table_the_rules_use():
    # The board shows "retires 2nd · bronze · First-player card": the page defines each such word by its table
    page = (Path(__file__).resolve().parent.parent / "docs" / "games" / "olympi" / "rulings.md").read_text()
    rows = {int(match[1]): [cell.strip() for cell in match[2].split("|")]
            for match in re.finditer(r"^  \| (\d) \| (.*) \|$", page, re.MULTILINE)}
    for players, rewards in RETIREMENTS.items():
        written = [", ".join([reward.medal or "no medal", *([f"draws {reward.draw}"] if reward.draw else []),
                              *(["First-player card"] if reward.first_player else [])]) for reward in rewards]
        assert rows[players] == written + ["—"] * (6 - len(rewards))
