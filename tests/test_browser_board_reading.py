"""The analysis board, round three, in Chromium at 1366 × 900 and on a 390 px phone: a play with a note stays
readable in the tricks list, the first error opens with its reason in view, and at the foot of a page the
sticky controls stay below the header (issue 30, items 10 and 12)."""

from __future__ import annotations

import pytest

from tests.conftest import at_moment, until

pytestmark = pytest.mark.browser

HEADER = "document.querySelector('.site-header').getBoundingClientRect().bottom"


@pytest.fixture
def laptop(page):
    page.set_viewport_size({"width": 1366, "height": 900})
    return page


def lines(page, selector: str) -> int:
    """How many lines the element's text takes on screen."""
    return page.evaluate("(() => { const range = document.createRange();"
                         f" range.selectNodeContents(document.querySelector({selector!r}));"
                         " return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size; })()")


def test_a_play_with_a_note_keeps_its_card_and_player_on_one_line(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/illegal-revoke#trick-6-play-2")
    at_moment(laptop, "trick-6-play-2")
    play = "#trick-6 [data-step-id='trick-6-play-2']"
    assert laptop.locator(f"{play} .play-note").inner_text().startswith("Revoke: Clara still holds red 9")
    assert lines(laptop, f"{play} .chip") == 1  # "G12", not "G1" over "2"
    assert lines(laptop, f"{play} .play-player") == 1  # "Clara", not one letter a line
    # the note has a line of its own, under the card and the player
    chip = laptop.locator(f"{play} .chip").bounding_box()
    note = laptop.locator(f"{play} .play-note").bounding_box()
    assert note["y"] >= chip["y"] + chip["height"] - 1


def test_the_first_error_opens_with_its_reason_in_view(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/illegal-sloppy-transcript")
    at_moment(laptop, "trick-3-play-2")  # Ben's P3 in the play with a "comment" key: the first error
    reason = laptop.locator("#step-reason")
    assert reason.is_visible() and '"comment" is not a field of a play' in reason.inner_text()
    box = reason.bounding_box()
    assert box["y"] >= laptop.evaluate(HEADER) and box["y"] + box["height"] <= 900, box
    laptop.keyboard.press("Home")  # a moment with no finding shows no reason
    at_moment(laptop, "deal")
    assert not reason.is_visible()


def test_on_a_phone_the_pinned_bar_gives_the_error_s_reason(phone, live_server):
    phone.goto(live_server.url + "/samples/david-goliath/illegal-revoke#trick-6-play-2")
    at_moment(phone, "trick-6-play-2")
    reason = phone.locator("#step-reason")
    assert reason.is_visible() and "while holding red" in reason.inner_text()
    bar = phone.locator(".stepper").bounding_box()
    box = reason.bounding_box()
    assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"] <= 844 + 1


@pytest.mark.parametrize("path", ["/samples/david-goliath/illegal-revoke", "/samples/olympi/clean-2-players",
                                  "/samples/grande-dalmuti/illegal-taxes"])
def test_at_the_foot_of_a_page_the_controls_stay_below_the_header(laptop, live_server, path):
    laptop.goto(live_server.url + path)
    until(laptop, "!document.querySelector('[data-moments][aria-busy]')")
    for where in ("document.body.scrollHeight", "document.body.scrollHeight / 2", "0"):
        laptop.evaluate(f"window.scrollTo(0, {where})")
        laptop.wait_for_timeout(100)
        header = laptop.evaluate(HEADER)
        for control in ("button[data-step=first]", "button[data-step=next]", "#step-status"):
            box = laptop.locator(control).bounding_box()
            assert header <= box["y"] and box["y"] + box["height"] <= 900, (where, control, box)


# Olympi's medals and colours as the catalogue says them (templates/games/olympi/moments.html's words).
OLYMPI_WORDS = {"it": {"gold": "oro", "silver": "argento", "bronze": "bronzo", "blue": "blu", "yellow": "giallo",
                       "green": "verde", "red": "rosso", "black": "nero"},
                "pl": {"gold": "złoty", "silver": "srebrny", "bronze": "brązowy", "blue": "niebieski",
                       "yellow": "żółty", "green": "zielony", "red": "czerwony", "black": "czarny"}}
TITLES = "chips => chips.map(chip => chip.title)"


@pytest.mark.parametrize("language", ["it", "pl"])
def test_olympi_medals_and_colours_are_named_in_the_reader_s_language(laptop, live_server, language):
    laptop.goto(live_server.url + f"/samples/olympi/illegal-claims?lang={language}")
    until(laptop, "!document.querySelector('[data-moments][aria-busy]')")
    laptop.keyboard.press("End")  # every medal won, in its winner's pile on the table
    until(laptop, "document.querySelectorAll('#board-seats .pile-group').length > 0")
    words = OLYMPI_WORDS[language]
    for medal in ("gold", "silver", "bronze"):
        titles = laptop.locator(f"#board-seats .pile-group.chip-{medal}").evaluate_all(TITLES)
        assert titles, medal
        for title in titles:
            assert title.split() and set(title.split()) == {words[medal]}, (medal, title)
    for colour in ("blue", "yellow", "green", "red", "black"):
        titles = set(laptop.locator(f".olympi-races .chip-{colour}").evaluate_all(TITLES))
        assert titles == {words[colour]}, (colour, titles)
