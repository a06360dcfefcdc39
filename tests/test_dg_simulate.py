"""The simulator: legal, reproducible, and not trivially predictable."""

import pytest

from dg_replay import validate
from dg_replay.simulate import simulate, simulate_match


def plays_of(log):
    return [play["card"] for trick in log["tricks"] for play in trick["plays"]]


def test_the_same_seed_plays_the_same_game():
    assert simulate(5, 42) == simulate(5, 42)


def test_different_seeds_play_different_games():
    games = {tuple(plays_of(simulate(4, seed))) for seed in range(30)}
    assert len(games) == 30


def test_bots_do_not_always_play_their_highest_or_lowest_legal_card():
    # Replays the choices: a predictable bot would always pick an extreme of its legal cards.
    extremes = choices = 0
    for seed in range(10):
        log = simulate(4, seed)
        hands = {name: set(cards) for name, cards in log["hands"].items()}
        for trick in log["tricks"]:
            led = trick["plays"][0]["card"][0]
            for index, play in enumerate(trick["plays"]):
                hand = hands[play["player"]]
                legal = [card for card in hand if index == 0 or card[0] == led] or list(hand)
                values = [int(card[1:]) for card in legal]
                if len(legal) > 2:
                    choices += 1
                    extremes += int(play["card"][1:]) in (min(values), max(values))
                hand.remove(play["card"])
    assert choices > 100 and 0.3 < extremes / choices < 0.95


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_match_rotates_the_deal_and_validates_clean(players):
    match = simulate_match(players, 7)
    dealers = [game["dealer"] for game in match["games"]]
    seats = [match["players"].index(dealer) for dealer in dealers]
    assert [(seat - seats[0]) % players for seat in seats] == list(range(players))
    assert validate(match).findings == []


@pytest.mark.parametrize("players", [2, 7])
def test_only_three_to_six_players(players):
    with pytest.raises(ValueError, match="3 to 6"):
        simulate(players, 1)
