"""The transfers before play as the Grande Dalmuti State offers them: every one owed, in any order the
rulings accept ("Order of the transfers": whatever the list order, Peons' taxes, then the Dalmutis'
returns, then the market). Expected values are worked by hand from the deals below."""

from dalmuti_replay import validate
from dalmuti_replay.engine import ENGINE
from tests.dalmuti_helpers import hands_for
from tests.test_dalmuti_state import DEAL, REVOLT, setup

# DEAL (4 players): Anna Great Dalmuti, Bruno Little Dalmuti, Carla Little Peon, Dario Great Peon.
# Dario's two best cards are 5 5, Carla's best is her 1.
GREAT_TAX = {"from": "Dario", "to": "Anna", "cards": ["5", "5"]}
LITTLE_TAX = {"from": "Carla", "to": "Bruno", "cards": ["1"]}


def dealt(hands: dict = DEAL, **options):
    state = ENGINE.new_state({**setup(**options), "players": list(hands)})
    state.apply({"hands": hands})
    return state


def offered(state) -> list[dict]:
    return [choice.action for choice in state.choices()]


def givers(state) -> list[str]:
    return list(dict.fromkeys(action["from"] for action in offered(state) if "from" in action))


def returns_of(state, name: str) -> set[tuple[str, ...]]:
    return {tuple(action["cards"]) for action in offered(state) if action.get("from") == name}


# Before its tax arrives a Dalmuti may only give back cards he was dealt: Anna two of her 7s and 8s, Bruno
# one of 5 6 9 10 J (the rulings apply the tax first whatever the list order, so this is no mistake).
ANNA_DEALT = {("7", "7"), ("7", "8"), ("8", "8")}
BRUNO_DEALT = {("5",), ("6",), ("9",), ("10",), ("J",)}


def test_after_the_deal_every_transfer_owed_is_offered_in_the_rules_order_and_no_play():
    state = dealt()
    assert offered(state)[:2] == [GREAT_TAX, LITTLE_TAX]  # the Peons' taxes first, the Great Peon's first
    assert givers(state) == ["Dario", "Carla", "Anna", "Bruno"]
    assert returns_of(state, "Anna") == ANNA_DEALT and returns_of(state, "Bruno") == BRUNO_DEALT
    assert state.to_move == "Dario" and all(choice.known for choice in state.choices())
    assert not any("player" in action for action in offered(state))


def test_a_return_is_not_offered_with_the_tax_cards_before_the_tax_has_arrived():
    state = dealt()
    assert ("5", "5") not in returns_of(state, "Anna")
    assert state.apply(GREAT_TAX) == []
    # Anna may now give back any two of her 7s, 8s and the 5 5 just paid; Bruno has been paid nothing yet
    assert givers(state) == ["Carla", "Anna", "Bruno"]
    assert returns_of(state, "Anna") == {*ANNA_DEALT, ("5", "5"), ("5", "7"), ("5", "8")}
    assert returns_of(state, "Bruno") == BRUNO_DEALT
    assert state.apply({"from": "Anna", "to": "Dario", "cards": ["5", "8"]}) == []


def test_the_little_dalmutis_exchange_can_be_recorded_before_the_great_dalmutis():
    state = dealt()
    assert state.apply(LITTLE_TAX) == []
    assert givers(state) == ["Dario", "Anna", "Bruno"]
    assert returns_of(state, "Bruno") == {*BRUNO_DEALT, ("1",)}  # the 1 just received included
    assert state.apply({"from": "Bruno", "to": "Carla", "cards": ["1"]}) == []
    assert givers(state) == ["Dario", "Anna"]
    assert state.apply(GREAT_TAX) == []
    assert givers(state) == ["Anna"] and state.to_move == "Anna"
    assert state.apply({"from": "Anna", "to": "Dario", "cards": ["8", "8"]}) == []
    assert [finding for finding in validate(state.to_log()).findings if finding.is_error] == []


def test_the_rounds_plays_open_only_once_every_owed_transfer_is_done():
    state = dealt()
    for action in (GREAT_TAX, LITTLE_TAX, {"from": "Anna", "to": "Dario", "cards": ["8", "8"]}):
        state.apply(action)
        assert not any("player" in action for action in offered(state))
    state.apply({"from": "Bruno", "to": "Carla", "cards": ["J"]})
    plays = offered(state)
    # Anna leads: 5 5 7×7 8×6 lays one to two 5s, one to seven 7s, one to six 8s
    assert state.to_move == "Anna" and {action["player"] for action in plays} == {"Anna"}
    assert len(plays) == 2 + 7 + 6 and ["5", "5"] in [action["cards"] for action in plays]


def test_a_return_recorded_before_its_tax_leaves_the_tax_offered_from_the_hand_as_dealt():
    state = dealt()
    assert state.apply({"from": "Anna", "to": "Dario", "cards": ["7", "7"]}) == []  # the rulings accept it
    # The tax applies first whatever the list order: Dario pays the 5 5 of the hand he was dealt
    assert offered(state)[:2] == [GREAT_TAX, LITTLE_TAX] and "Anna" not in givers(state)
    assert state.apply(GREAT_TAX) == []
    assert givers(state) == ["Carla", "Bruno"]


def test_after_a_great_revolution_the_cards_the_old_great_peon_was_to_pay_are_his_return():
    state = dealt(REVOLT)  # Dario, the Great Peon, holds both Jesters
    assert offered(state)[:3] == [{"revolution": "Dario"}, GREAT_TAX, LITTLE_TAX]
    state.apply({"revolution": "Dario"})
    # Ranks turned over: Anna pays Dario her 7 7, Bruno pays Carla his 5; Dario may give back his 5 5 at once
    assert offered(state)[:2] == [{"from": "Anna", "to": "Dario", "cards": ["7", "7"]},
                                  {"from": "Bruno", "to": "Carla", "cards": ["5"]}]
    assert ("5", "5") in returns_of(state, "Dario") and ("7", "7") not in returns_of(state, "Dario")


def test_a_revolution_is_offered_only_before_any_card_is_handed_over():
    state = dealt(REVOLT)  # Dario, the Great Peon, holds both Jesters
    assert offered(state)[:3] == [{"revolution": "Dario"}, GREAT_TAX, LITTLE_TAX]
    state.apply(LITTLE_TAX)
    assert {"revolution": "Dario"} not in offered(state)


# Six players with the market: Anna and Bruno the Dalmutis, Carla the first merchant, Dario the other
# merchant, Elena the Little Peon, Fabio the Great Peon.
SIX = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
MARKET_DEAL = hands_for(SIX, {"Carla": "1 2", "Dario": "3 3", "Elena": "4", "Fabio": "5 5"})


def test_the_market_is_offered_beside_the_taxes_and_play_waits_for_the_taxes():
    state = dealt(MARKET_DEAL, market=True)
    # Taxes, returns, then the market: Carla's card to Dario, or Dario's to Carla first (either half may lead)
    assert givers(state) == ["Fabio", "Elena", "Anna", "Bruno", "Carla", "Dario"]
    assert {(action["from"], action["to"]) for action in offered(state) if action["from"] in ("Carla", "Dario")} \
        == {("Carla", "Dario"), ("Dario", "Carla")}
    assert not any("player" in action for action in offered(state))
    for action in ({"from": "Fabio", "to": "Anna", "cards": ["5", "5"]}, {"from": "Elena", "to": "Bruno",
                                                                          "cards": ["4"]}):
        assert state.apply(action) == []
    assert state.apply(next(action for action in offered(state) if action["from"] == "Anna")) == []
    assert not any("player" in action for action in offered(state))  # Bruno's return is still owed
    assert state.apply(next(action for action in offered(state) if action["from"] == "Bruno")) == []
    # Nothing owed: Carla may trade (or Dario begin it), or let Anna lead
    assert givers(state) == ["Carla", "Dario"] and state.to_move == "Carla"
    assert {action["player"] for action in offered(state) if "player" in action} == {"Anna"}


def test_the_market_card_back_is_offered_once_the_market_card_has_arrived():
    state = dealt(MARKET_DEAL, market=True)
    assert state.apply({"from": "Carla", "to": "Dario", "cards": ["1"]}) == []  # before any tax: accepted
    assert givers(state) == ["Fabio", "Elena", "Anna", "Bruno", "Dario"]
    assert ("1",) in returns_of(state, "Dario") and ("3",) in returns_of(state, "Dario")
    assert {action["to"] for action in offered(state) if action["from"] == "Dario"} == {"Carla"}
    for action in ({"from": "Fabio", "to": "Anna", "cards": ["5", "5"]}, {"from": "Elena", "to": "Bruno",
                                                                          "cards": ["4"]},
                   {"from": "Anna", "to": "Fabio", "cards": ["5", "5"]},
                   {"from": "Bruno", "to": "Elena", "cards": ["4"]}):
        assert state.apply(action) == []
    # The market is half done: no play until Dario gives his card back
    assert givers(state) == ["Dario"] and not any("player" in action for action in offered(state))
    assert state.apply({"from": "Dario", "to": "Carla", "cards": ["3"]}) == []
    assert state.to_move == "Anna" and all("player" in action for action in offered(state))


EIGHT = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Ivo"]


def test_a_merchant_who_gives_first_is_the_partner_and_the_first_merchant_answers_from_his_own_cards():
    # Eight players: Carla is the first merchant, Dario, Elena and Fabio the other merchants
    state = dealt(hands_for(EIGHT, {"Carla": "1 2", "Elena": "3"}), market=True)
    assert {action["from"] for action in offered(state) if action["to"] == "Carla"} == {"Dario", "Elena", "Fabio"}
    assert state.apply({"from": "Elena", "to": "Carla", "cards": ["3"]}) == []
    market = [action for action in offered(state) if action["from"] == "Carla"]
    assert {action["to"] for action in market} == {"Elena"}
    # The first merchant's card comes first in the rules' order: not the 3 he is given, but his 1 or 2
    assert ["1"] in [action["cards"] for action in market] and ["3"] not in [action["cards"] for action in market]
    assert not any(action["from"] in ("Dario", "Fabio") for action in offered(state))
