"""The shared seating: clockwise neighbours, turn orders and the next player still in."""

from replaykit.seating import Seating

TABLE = Seating(("Ann", "Bruno", "Chiara", "Dario"))


def test_neighbours_wrap_around_the_table():
    assert TABLE.left_of("Dario") == "Ann" and TABLE.right_of("Ann") == "Dario"
    assert TABLE.turn_order("Chiara") == ("Chiara", "Dario", "Ann", "Bruno")


def test_the_next_player_still_in_skips_the_others():
    assert TABLE.next_after("Bruno", {"Ann", "Dario"}) == "Dario"
    assert TABLE.next_after("Dario", {"Dario"}) == "Dario"
    assert TABLE.next_after("Ann", set()) is None


def test_only_names_at_the_table_are_players():
    assert TABLE.is_player("Ann") and not TABLE.is_player("Eve")
    assert not TABLE.is_player(["Ann"]) and not TABLE.is_player(None)
    assert Seating(("A", "B", "A")).seat == {"A": 0, "B": 1}  # a repeated name keeps its first seat
