"""Browser tests of the recorder for Il Grande Dalmuti: a session recorded by taps gives exactly the report of
the simulated log it copies, and a session whose deals nobody wrote down is recorded with its score sheet,
round by round. A module of its own: each session is a few hundred taps, which a test process of their own
runs beside the others."""

from __future__ import annotations

import json

import pytest

from tests.conftest import until
from tests.record_helpers import (
    continued,
    dalmuti_session,
    fill_players,
    played_to_the_end,
    press,
    recorded_log,
    same_report,
    settled,
    sheet_end,
    sheet_part,
    start,
    tap_through,
)

pytestmark = pytest.mark.browser


def test_a_dalmuti_session_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    target = dalmuti_session(4, 5, claims=False)
    phone.goto(live_server.url + "/record?game=grande-dalmuti")
    fill_players(phone, "grande-dalmuti", target["players"])
    if target.get("end"):
        kind, value = next(iter(target["end"].items()))
        phone.select_option("#rec-end-kind", kind)
        phone.fill("#rec-end-value", str(value))
    start(phone)
    played_to_the_end(phone, target)


def test_a_dalmuti_session_with_no_deal_written_down_and_its_score_sheet_round_by_round(phone, live_server):
    """Most tables never write a Dalmuti deal down: each round's deal is left unseen, taxes and plays are
    entered straight on. The score sheet gets each round's ranks, finishing order, points and totals, and the
    session's totals and winners: with the true sheet the report is the simulated log's own; with one round's
    points miscounted, the board shows exactly that."""
    target = dalmuti_session(4, 2)  # one winner (the sheet lists tied winners in seating order)
    for entry in target["rounds"]:
        entry.pop("hands", None)
    plays = json.loads(json.dumps(target))
    for entry in plays["rounds"]:
        for key in ("finish", "points", "totals"):
            entry.pop(key, None)
    del plays["totals"], plays["winners"]
    phone.goto(live_server.url + "/record?game=grande-dalmuti")
    fill_players(phone, "grande-dalmuti", target["players"])
    kind, value = next(iter(target["end"].items()))
    phone.select_option("#rec-end-kind", kind)
    phone.fill("#rec-end-value", str(value))
    start(phone)
    assert phone.evaluate("RecordPlay.answer().may_leave_unseen") and phone.locator("#rec-unseen").is_visible()
    # Left unseen, then undone: the deal is offered again, and nothing was recorded either way.
    press(phone.locator("#rec-unseen"))
    until(phone, "RecordPlay.answer() && RecordPlay.answer().left_unseen && !RecordPlay.answer().chance")
    assert phone.locator("#rec-unseen-note").is_visible() and phone.locator("#rec-unseen").is_hidden()
    assert phone.locator("#rec-unseen-note").inner_text().startswith("Nobody saw the table's step at round 1:")
    press(phone.locator("#rec-undo"))
    until(phone, "RecordPlay.answer() && RecordPlay.answer().may_leave_unseen")
    assert "back" in phone.locator("#rec-announce").inner_text() and recorded_log(phone)["rounds"] == [{"tricks": []}]
    tap_through(phone, plays)
    recorded = recorded_log(phone)
    assert all("hands" not in entry for entry in recorded["rounds"]), "no deal was written"
    for index, entry in enumerate(target["rounds"]):
        part = sheet_part(phone, index)
        for key in ("ranks", "finish"):  # a later round's ranks come with it: its step says them
            for place, name in enumerate(entry[key]):
                part.locator(f"fieldset[data-claim='{key}'] select").nth(place).select_option(name)
        for key in ("points", "totals"):
            for name, points in entry[key].items():
                part.locator(f"fieldset[data-claim='{key}'] input[data-player='{name}']").fill(str(points))
    sheet_end(phone, target["players"], target["totals"], target["winners"])
    same_report(phone, phone.evaluate("RecordSession.finalLog()"), target)
    # Round 2's points, one player's written one higher: that entry alone is wrong (rule 8 scores by place).
    second = target["rounds"][1]
    name = second["finish"][0]
    phone.locator(f"#rec-sheet-parts details[data-part='1'] fieldset[data-claim='points'] "
                  f"input[data-player='{name}']").fill(str(second["points"][name] + 1))
    press(phone.locator("#rec-validate"))
    phone.wait_for_url("**/games/*")
    found = phone.get_by_role("region", name="Findings").locator("li.finding")
    assert found.count() == 1, "the simulated log has no finding of its own"
    finding = found.first
    assert finding.locator(".finding-code").inner_text() == "points-mismatch"
    assert finding.get_attribute("data-round") == "2" and name in finding.inner_text()


def test_while_taxes_are_owed_the_status_names_no_one_player(phone, live_server):
    """Every transfer owed is offered at once: "Now Dario plays" read wrong beside Carla's tax."""
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"], "rounds": [{"tricks": []}]}
    continued(phone, live_server, session)
    press(phone.locator("#rec-unseen"))  # nobody saw the deal: the taxes come next
    until(phone, "RecordPlay.answer() && RecordPlay.answer().left_unseen")
    givers = phone.evaluate("[...new Set(RecordPlay.answer().choices.map(c => c.action.from))]")
    assert {"Carla", "Dario"} <= set(givers)  # rule 5: both Peons pay, in either order
    assert phone.locator("#rec-status").inner_text() == "The steps listed may be recorded in any order (round 1)."


def test_cards_typed_that_more_than_one_step_gives_are_asked_about_not_recorded(phone, live_server):
    """The deal unseen, both Peons owe their tax and the Dalmuti their return (rule 5): a 5 typed could be
    Carla's tax to Bruno or Bruno's return to Carla; the recorder asks which, and records nothing; "carla 5" is
    Carla's."""
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"], "rounds": [{"tricks": []}]}
    continued(phone, live_server, session)
    press(phone.locator("#rec-unseen"))
    until(phone, "RecordPlay.answer() && RecordPlay.answer().left_unseen")
    fives = phone.evaluate("RecordPlay.answer().choices.filter(c => JSON.stringify(c.action.cards) === '[\"5\"]')"
                           ".map(c => c.label)")
    assert len(fives) > 1
    phone.fill("#rec-type", "5")
    phone.locator("#rec-type").press("Enter")
    until(phone, "!document.getElementById('rec-problem-box').hidden")
    assert phone.locator("#rec-problem").inner_text() == (
        f"More than one step gives 5: {'; '.join(fives)}. Tap the one that happened, or type its player's name "
        "before the cards.")
    assert recorded_log(phone)["rounds"] == [{"tricks": []}]
    phone.fill("#rec-type", "carla 5")  # as the message says: the player named, the step is one
    phone.locator("#rec-type").press("Enter")
    settled(phone, 1)
    carla = [label for label in fives if label.startswith("Carla")]
    assert len(carla) == 1 and phone.evaluate("RecordPlay.current().steps[0].label") == carla[0]


def test_at_a_round_s_end_each_seat_says_its_place_in_the_finishing_order_beside_its_rank(phone, live_server):
    """The table at a round's end read "social class: Great Dalmuti" for a player who went out third, and
    nothing of who went out first."""
    session = dalmuti_session(4, 2)
    session["rounds"] = session["rounds"][:1]
    for claim in ("totals", "winners"):
        session.pop(claim, None)
    continued(phone, live_server, session)
    finish = session["rounds"][0]["finish"]
    facts = {seat.locator(".rec-seat-head strong").inner_text(): seat.locator(".rec-seat-fact")
             .all_inner_texts() for seat in phone.locator("#rec-seats > *").all()}
    for place, name in enumerate(finish, start=1):
        assert f"place in the finishing order: {place}" in facts[name], (name, facts[name])


def test_a_table_of_four_taps_its_cards_from_its_own_deck(phone, live_server):
    # Four players play without the 11s and 12s (rule 2): the cards tapped one by one for a set offered 11 and 12
    # too, and an 11 recorded was then "not in the deck" (a tester). The deck of 1 to 10 and the Jesters, 11 cards.
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"],
               "options": {"settling_round": True}, "rounds": [{"tricks": []}]}
    continued(phone, live_server, session)
    press(phone.locator("#rec-unseen"))
    until(phone, "RecordPlay.answer() && RecordPlay.answer().left_unseen && "
                 "!document.getElementById('recorder').hasAttribute('aria-busy')")
    compose = phone.locator("#rec-compose")
    assert compose.is_visible()
    offered = compose.locator("button[data-card]").evaluate_all("buttons => buttons.map(b => b.dataset.card)")
    assert sorted(offered, key=lambda card: (card == "J", len(card), card)) == [*map(str, range(1, 11)), "J"]
