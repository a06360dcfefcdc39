"""The shared seating: clockwise neighbours, turn orders and each player's way round the table."""

from replaykit.seating import Seating

TABLE = Seating(("Ann", "Bruno", "Chiara", "Dario"))


def test_neighbours_wrap_around_the_table():
    assert TABLE.left_of("Dario") == "Ann" and TABLE.right_of("Ann") == "Dario"
    assert TABLE.turn_order("Chiara") == ("Chiara", "Dario", "Ann", "Bruno")


def test_each_player_s_way_round_starts_at_their_left_and_ends_with_them():
    assert TABLE.clockwise["Bruno"] == ("Chiara", "Dario", "Ann", "Bruno")
    assert TABLE.clockwise["Dario"] == ("Ann", "Bruno", "Chiara", "Dario")


def test_only_names_at_the_table_are_players():
    assert TABLE.is_player("Ann") and not TABLE.is_player("Eve")
    assert not TABLE.is_player(["Ann"]) and not TABLE.is_player(None)
    assert Seating(("A", "B", "A")).seat == {"A": 0, "B": 1}  # a repeated name keeps its first seat
