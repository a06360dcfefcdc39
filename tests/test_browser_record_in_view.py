"""Browser tests of the recorder's promise "the place to act is always brought into view", on a 390×844 touch
phone: after each step, what the person at the table must act on next is on the screen, not scrolled away
inside the dock (which scrolls on its own, in a page that scrolls too) nor below the screen's edge. At a
table's step (a draw, a deal) its record button and "Nobody saw it", with whose step it is; after a step
typed, the field typed in; at the game's end, the score sheet the status sends the players to."""

from __future__ import annotations

import pytest

from replaykit import registry
from tests.record_helpers import continued, dalmuti_session, held, in_view, next_step, press, settled, tap_through

pytestmark = pytest.mark.browser

def where(page, *selectors: str) -> dict:
    """Where each element is on the screen, for a failure's message."""
    return {selector: page.locator(selector).evaluate("e => [Math.round(e.getBoundingClientRect().top), "
                                                      "Math.round(e.getBoundingClientRect().bottom)]")
            for selector in selectors}


def table_step_in_view(page) -> None:
    """At a table's step: whose step it is, the record button and, where offered, "Nobody saw it"."""
    places = ["#rec-status", "#rec-chance-record"]
    if page.evaluate("RecordPlay.answer().may_leave_unseen"):
        places.append("#rec-unseen")
    assert all(in_view(page, place) for place in places), where(page, "#rec-dock", *places)


def olympi_game() -> dict:
    """A three-player game as a table writes it down: the draws as seen, the disciplines as revealed."""
    target = registry.engines()["olympi"].simulate(3, 8, no_claims=True)
    del target["deck"], target["discipline_deck"]
    return target


def test_an_olympi_draw_s_record_button_and_nobody_saw_it_are_on_the_screen(phone, live_server):
    """Race 1: Bruno plays, Chiara retires and draws three cards. Continued at her draw, then on through the
    first two races: after every step, each draw's buttons are on the screen (they were 878–936 px down a
    844 px screen, inside the dock, after every play)."""
    target = olympi_game()
    races = target["races"]
    retired = {key: value for key, value in races[0]["turns"][1].items() if key != "draw"}
    assert retired["action"] == "retire", "the simulated race starts as this test says"
    log = {**{key: target[key] for key in ("game", "players", "first_player", "disciplines", "hands")},
           "races": [{"discipline": races[0]["discipline"], "turns": [races[0]["turns"][0], retired]}]}
    continued(phone, live_server, log)
    answer, _ = held(phone, 0)
    assert answer["chance"] and answer["may_leave_unseen"] and "draw" in answer["choices"][0]["action"]
    table_step_in_view(phone)
    steps, draws = 0, 0
    while len(held(phone, steps)[1]["races"]) <= 2:
        answer, log = held(phone, steps)
        if answer["chance"]:
            table_step_in_view(phone)
            draws += "draw" in answer["choices"][0]["action"]
        steps = next_step(phone, target, steps, (answer, log))
    assert draws >= 3


@pytest.mark.parametrize("players", [4, 8])
def test_a_dalmuti_deal_s_record_button_and_nobody_saw_it_are_on_the_screen(phone, live_server, players):
    """A session continued at its first deal: a grid of every seat's cards, and below it the two buttons
    (909–957 and 980–1024 px down a 844 px screen)."""
    session = dalmuti_session(players, 5)
    continued(phone, live_server, {**{key: session[key] for key in ("game", "players", "end") if key in session},
                                   "rounds": [{"tricks": []}]})
    answer, _ = held(phone, 0)
    assert answer["chance"] and answer["may_leave_unseen"] and "hands" in answer["choices"][0]["action"]
    table_step_in_view(phone)
    # the first seat's cards, the first part to fill, are there too
    assert in_view(phone, "#rec-chance-hands-0")


def test_a_dalmuti_step_typed_leaves_the_typed_field_on_the_screen(phone, live_server):
    """Round 1, no deal written down and its taxes paid: each play and pass of its first four tricks typed and
    entered with Enter, as a phone's keyboard does, the field stays on the screen for the next (it fell to
    870–940 px, below the dock's edge, at 8 of 97 steps)."""
    session = dalmuti_session(4, 5)
    first = session["rounds"][0]
    continued(phone, live_server, {**{key: session[key] for key in ("game", "players", "end")},
                                   "rounds": [{"taxes": first["taxes"], "tricks": []}]})
    assert not held(phone, 0)[0]["chance"]
    field = phone.locator("#rec-type")
    steps = 0
    for trick in first["tricks"][:4]:
        for play in trick["plays"]:
            field.fill("pass" if play.get("pass") else " ".join(card.lower() for card in play["cards"]))
            field.press("Enter")
            steps += 1
            settled(phone, steps)
            assert in_view(phone, "#rec-type"), (steps, where(phone, "#rec-dock", "#rec-type"))
    assert phone.evaluate("RecordCore.logOf(RecordPlay.current()).rounds[0].tricks") == first["tricks"][:4]


def test_at_the_game_s_end_the_score_sheet_is_brought_into_view(phone, live_server):
    """The last step recorded, the status says to enter the score sheet below: the sheet is brought onto the
    screen, its first box ready for a tap (it lay below the screen's edge, and nothing scrolled or led to it)."""
    target = olympi_game()
    last = target["races"][-1]
    unfinished = {**target, "races": [*target["races"][:-1], {**last, "turns": last["turns"][:-1]}]}
    continued(phone, live_server, unfinished)
    assert not held(phone, 0)[0]["over"]
    tap_through(phone, target)  # Ann retires, and the card she draws is entered as seen: the game is over
    assert "score sheet" in phone.locator("#rec-status").inner_text()
    places = ["#rec-end-title", "#rec-claim-0"]
    assert all(in_view(phone, place) for place in places), where(phone, "#rec-dock", "#rec-status", *places)
    press(phone.locator("#rec-claim-0"))  # tapped where it is: the sheet is filled in at once
    assert phone.evaluate("document.activeElement.id") == "rec-claim-0"
