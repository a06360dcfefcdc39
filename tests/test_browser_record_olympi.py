"""Browser tests of the recorder for Olympi Cards: a game recorded by taps, its draws entered as seen, gives
exactly the report of the simulated log it copies; its score sheet is checked race by race."""

from __future__ import annotations

import json

import pytest

from replaykit import registry
from tests.conftest import ROOT
from tests.record_helpers import (
    continued,
    fill_players,
    held,
    played_to_the_end,
    press,
    recorded_log,
    same_report,
    settled,
    sheet_end,
    sheet_part,
    start,
    tap_deal,
)

pytestmark = pytest.mark.browser


def test_an_olympi_game_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    # What a table writes down: the cards drawn as they are seen, the disciplines as they are revealed; not
    # the order of the shuffled decks. The first cards drawn went unseen: they stay out of the log.
    target = registry.engines()["olympi"].simulate(3, 8, no_claims=True)
    del target["deck"], target["discipline_deck"]
    first_draw = next(turn for race in target["races"] for turn in race["turns"] if turn.get("draw"))
    del first_draw["draw"]
    phone.goto(live_server.url + "/record?game=olympi")
    fill_players(phone, "olympi", target["players"], target.get("first_player"))
    tap_deal(phone, target["hands"], target["players"])
    phone.locator("#rec-disciplines details summary").tap()
    phone.fill("#rec-declared", json.dumps(target["disciplines"]))
    start(phone)
    played_to_the_end(phone, target)


def test_an_olympi_score_sheet_race_by_race_is_checked(phone, live_server):
    """A finished log continued here, its sheet written race by race: each race's medals and who took the
    First-player card. The true sheet gives the simulated log's own report; a silver written as gold is
    the one medal-mismatch."""
    target = registry.engines()["olympi"].simulate(3, 8)
    bare = json.loads(json.dumps(target))
    for race in bare["races"]:
        race.pop("awards", None)
    del bare["scores"], bare["winners"]
    phone.goto(live_server.url + "/record")
    press(phone.locator("#rec-open summary"))
    phone.fill("#rec-open-text", json.dumps(bare))
    press(phone.locator("#rec-open-button"))
    settled(phone, 0)
    assert phone.evaluate("RecordPlay.answer().over")
    for index, race in enumerate(target["races"]):
        part = sheet_part(phone, index)
        medals = race["awards"]["medals"]
        for name in target["players"]:
            for medal in ("gold", "silver", "bronze"):
                count = medals.get(name, []).count(medal)
                part.locator(f"input[data-player='{name}'][data-medal='{medal}']").fill(str(count))
        holder = race["awards"]["first_player"]
        part.locator("fieldset[data-claim='awards/first_player'] select").select_option(
            holder if holder is not None else "\u0000nobody")
        assert part.locator("fieldset[data-claim='awards/record']").count() == 0, "no World Record variant"
    sheet_end(phone, target["players"], target["scores"], target["winners"])
    same_report(phone, phone.evaluate("RecordSession.finalLog()"), target)
    # Race 1: its gold medallist's gold written as silver: that race's medals alone are wrong.
    gold = next(name for name, won in target["races"][0]["awards"]["medals"].items() if "gold" in won)
    first = phone.locator("#rec-sheet-parts details[data-part='0']")
    first.locator(f"input[data-player='{gold}'][data-medal='gold']").fill("0")
    first.locator(f"input[data-player='{gold}'][data-medal='silver']").fill("1")
    press(phone.locator("#rec-validate"))
    phone.wait_for_url("**/games/*")
    # (the simulated log's own warnings stay: a declared discipline's rule it leaves unchecked)
    found = phone.get_by_role("region", name="Findings").locator("li.finding-error")
    assert found.locator(".finding-code").all_inner_texts() == ["medal-mismatch"]
    assert found.first.get_attribute("data-race") == "1"


def olympi_log(races: list[dict], **more: object) -> dict:
    """A log of three players whose hands are all known, its disciplines the simulated game's nine."""
    target = registry.engines()["olympi"].simulate(3, 8, no_claims=True)
    return {"game": target["game"], "version": target["version"], "players": ["Vera", "Will", "Xena"],
            "first_player": "Will", "disciplines": target["disciplines"],
            "hands": {"Vera": ["R5", "R5", "G1", "G2", "Y7", "K3"], "Will": ["B1", "G3", "Y1", "Y2", "K4", "K6"],
                      "Xena": ["B2", "G4", "Y3", "Y4", "K7", "K8"]}, "races": races, **more}


def test_a_draw_counts_only_the_copies_known_nowhere_else(screen, live_server):
    """Will plays B1, Xena B2, Vera retires and draws three. Each card has two copies: R5's are both in Vera's
    hand (none left: greyed, not offered), one B1 and one B2 are played and one G1, G3, K8 is in a hand (one
    left each), K9 is nowhere yet (two left). Two K9 and B1 drawn are no third copy: the rules find nothing."""
    continued(screen, live_server, olympi_log([{"discipline": "Fencing", "turns": [
        {"player": "Will", "action": "play", "cards": ["B1"]}, {"player": "Xena", "action": "play", "cards": ["B2"]},
        {"player": "Vera", "action": "retire"}]}]))
    grid = screen.locator("#rec-chance-parts fieldset[data-key='draw'] .rec-grid")
    left = {card: 1 for card in ("B1", "B2", "G1", "G2", "G3", "G4", "Y1", "Y2", "Y3", "Y4", "Y7", "K3", "K4", "K6",
                                 "K7", "K8")}
    left["R5"] = 0
    for card in ("R5", "B1", "B2", "G1", "G3", "K8", "K9", "R1", "B9"):
        button = grid.locator(f"button[data-card='{card}']")
        assert button.get_attribute("data-left") == str(left.get(card, 2)), card
        assert button.is_disabled() == (card == "R5"), card
    assert grid.locator("button:disabled").all_inner_texts() == ["R5"]
    press(screen.locator("#rec-chance-parts input").first)
    for card in ("B1", "K9", "K9"):
        press(grid.locator(f"button[data-card='{card}']"))
    assert grid.locator("button:enabled").count() == 0  # the draw holds its three cards: no fourth can be tapped
    press(screen.locator("#rec-chance-record"))
    answer, log = held(screen, 1)
    assert log["races"][0]["turns"][2]["draw"] == ["B1", "K9", "K9"]
    assert [finding["code"] for finding in answer["findings"] if finding["severity"] == "error"] == []


def test_a_race_revealed_offers_only_the_cards_that_may_come_up(screen, live_server):
    """Three races run (Fencing, Judo, then Sprint with Sailing postponed): the pile's order unknown, the
    fourth is one of the five cards still face down, and so may be a card postponed; Sailing, face up under the
    pile, comes up only once they are all raced (and nothing raced is offered again)."""
    target = registry.engines()["olympi"].simulate(3, 8, no_claims=True)
    del target["deck"], target["discipline_deck"]
    assert [race["discipline"] for race in target["races"][:4]] == ["Fencing", "Judo", "Sprint", "Marathon"]
    log = {**target, "races": target["races"][:3]}
    continued(screen, live_server, log)
    not_raced = ["Cycling", "Diving", "Rowing", "Archery", "Marathon"]
    for key in ("discipline", "postponed"):
        select = screen.locator(f"#rec-chance-parts fieldset[data-key='{key}'] select")
        assert select.locator("option").evaluate_all("options => options.map(o => o.value)") == ["", *not_raced]
    screen.locator("#rec-chance-parts fieldset[data-key='discipline'] select").select_option("Marathon")
    press(screen.locator("#rec-chance-record"))
    answer, log = held(screen, 1)
    assert log["races"][3]["discipline"] == "Marathon"
    assert [finding["code"] for finding in answer["findings"] if finding["severity"] == "error"] == []


def test_rows_left_empty_are_no_players_and_a_name_written_twice_is_said(phone, live_server):
    # A table of two filled two of the four rows the form opens with and was told "Enter 2 to 7 players, each
    # with a different name" until it removed the empty rows.
    phone.goto(live_server.url + "/record?game=olympi")
    rows = phone.locator("#rec-players input")
    assert rows.count() == 4
    rows.nth(0).fill("Ann")
    rows.nth(2).fill("Ann")
    press(phone.locator(".rec-start-button"))
    said = "Ann is written twice: each player needs a name of their own."
    assert phone.locator("#rec-setup-problem").inner_text() == said
    rows.nth(2).fill("Bruno")
    start(phone)
    assert recorded_log(phone)["players"] == ["Ann", "Bruno"]


def test_the_card_grid_says_which_colour_each_letter_is_in_the_readers_words(phone, live_server):
    # An Italian table typed g5 for giallo (yellow) 5 and recorded green 5: a log's letters are English initials.
    phone.goto(live_server.url + "/record?game=olympi&lang=it")
    press(phone.locator("#rec-deal summary"))
    key = phone.locator("#rec-deal-entry .rec-colour-key").inner_text()
    assert key.split() == ["B", "blu", "Y", "giallo", "K", "nero", "G", "verde", "R", "rosso"]
    assert phone.locator("#rec-deal-grid button[data-card='G5']").get_attribute("title") == "verde 5"
    yellow = phone.locator("#rec-deal-grid button[data-card='Y5']")
    assert yellow.get_attribute("aria-label") == "giallo 5: ne restano 2"


def test_from_a_pile_of_known_order_the_card_postponed_says_which_is_raced(screen, live_server):
    """The lists once offered every card of both outcomes apart: racing the card under the top with nothing
    postponed broke a rule ("… is not on top"). Archery is on top, Sprint under it."""
    log = json.loads((ROOT / "sample_games" / "olympi" / "clean-2-players.json").read_text())
    continued(screen, live_server, {**{key: log[key] for key in log if key not in ("races", "scores", "winners",
                                                                                  "meta")}, "races": []})
    raced = screen.locator("#rec-chance-parts fieldset[data-key='discipline'] select")
    postponed = screen.locator("#rec-chance-parts fieldset[data-key='postponed'] select")
    enabled = "select => [...select.options].filter(o => !o.disabled && o.value).map(o => o.value)"
    # nothing postponed: only the card on top may be raced, and it is chosen
    assert postponed.input_value() == "" and raced.evaluate(enabled) == ["Archery"]
    assert raced.input_value() == "Archery"
    postponed.select_option("Archery")  # Archery put under the pile: Sprint is raced
    assert raced.evaluate(enabled) == ["Sprint"] and raced.input_value() == "Sprint"
    press(screen.locator("#rec-chance-record"))
    answer, recorded = held(screen, 1)
    assert recorded["races"][0]["discipline"] == "Sprint" and recorded["races"][0]["postponed"] == "Archery"
    assert [finding for finding in answer["findings"] if finding["severity"] == "error"] == []


def test_on_a_phone_each_player_s_medals_and_final_line_stay_on_a_line_of_their_own(phone, live_server):
    """At 390 px "bronze" (Polish "brązowy") wrapped under the row, beside the next player's name, and the
    winner box dropped under the score."""
    log = json.loads((ROOT / "sample_games" / "olympi" / "clean-3-players-world-record.json").read_text())
    continued(phone, live_server, log, "pl")
    # the lines a box's parts take: their middles, a line apart at least half a part's height
    lines = ("box => [...box.children].map(part => part.getBoundingClientRect())"
             ".reduce((seen, r) => seen.some(y => Math.abs(y - (r.top + r.bottom) / 2) < r.height / 2) ? seen"
             " : [...seen, (r.top + r.bottom) / 2], []).length")
    assert phone.evaluate(f"[...document.querySelectorAll('.rec-sheet-part[open] .rec-sheet-medals')].map({lines})") \
        == [1, 1, 1]
    assert phone.evaluate(f"[...document.querySelectorAll('#rec-claims .rec-claim')].map({lines})") == [1, 1, 1]
