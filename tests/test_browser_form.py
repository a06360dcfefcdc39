"""The upload form in Chromium (static/form.js): a log the server would refuse as too large is said at once,
before anything is sent, so the pasted text is never lost to a 413."""

from __future__ import annotations

import pytest

from tests.test_api_bodies import padded

pytestmark = pytest.mark.browser

LIMIT = 2 * 1024 * 1024


def test_a_pasted_log_whose_line_breaks_take_it_past_the_limit_is_refused_before_it_is_sent(page, live_server):
    # 2 MiB less 40,000 bytes, in 60,000 lines: the browser sends each line break as CRLF, 20,000 bytes past the
    # limit. Before, the script counted the text as typed and let it go: the server's 413 emptied the form.
    line = "x" * ((LIMIT - 40_000) // 60_000 - 1) + "\n"
    text = line * 60_000
    assert len(text) < LIMIT < len(text.replace("\n", "\r\n"))
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players/edit")
    page.eval_on_selector("textarea", "(area, text) => { area.value = text; }", text)  # as a paste leaves it
    page.click("button[type=submit]")
    assert "logs of up to 2.0 MiB are accepted" in page.locator("#form-problem").inner_text()
    assert page.url.endswith("/edit")  # nothing was sent: the text is still there to shorten
    assert page.eval_on_selector("textarea", "area => area.value.length") == len(text)


def test_a_file_of_the_largest_size_is_sent_and_stored(page, live_server, tmp_path):
    # Before, the script kept 2 KB of the limit for the form's framing and refused this file before sending it
    # (and the server, counting the framing too, answered 413).
    path = tmp_path / "game.json"
    path.write_bytes(padded(LIMIT))
    page.goto(live_server.url + "/")
    page.set_input_files("input[name=file]", str(path))
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    assert page.locator("#form-problem").count() == 0


def test_a_pasted_log_stays_in_the_form_when_the_language_is_changed(page, live_server):
    # Before, the language switch loaded the form empty: a refused log, pasted once, had to be pasted again.
    pasted = '{"game": "david-goliath", "players": ["Ann", "Ben", "Cy"],'  # cut short: refused
    page.goto(live_server.url + "/")
    page.fill("textarea[name=text]", pasted)
    page.click("button[type=submit]")
    page.wait_for_selector("#upload-problem")
    page.problems.clear()  # the browser logs the 400 answer
    page.locator(".languages a[hreflang=it]").click()
    page.wait_for_url("**lang=it**")
    assert page.locator("textarea[name=text]").input_value() == pasted
    page.reload()  # kept for that one load, then gone
    assert page.locator("textarea[name=text]").input_value() == ""
