"""Browser tests: Debian's Chromium through Playwright against the app on a live werkzeug server.

They are never skipped where Chromium exists; where it is missing they fail under CI (``CI`` set) and
are skipped elsewhere, so a developer without Chromium can still run the rest.
"""

from __future__ import annotations

import json
import tomllib

import pytest

from api import samples
from dg_replay.simulate import simulate
from replaykit import registry
from tests.conftest import ROOT, at_moment, charts_rendered, until, upload

SAMPLES = ROOT / "sample_games" / "david-goliath"
pytestmark = pytest.mark.browser


def test_uploading_a_sample_shows_the_verdict_and_three_charts(page, live_server):
    upload(page, live_server, SAMPLES / "legal-4-players.json")
    assert page.locator("#verdict .verdict-title").inner_text() == "Valid"
    assert "0 errors" in page.locator("#verdict").inner_text()
    charts_rendered(page)
    # The score chart has one line per player and the capture chart one square per captured card.
    assert page.locator("#chart-scores .scatterlayer .trace").count() >= 4
    assert page.locator("#chart-captures .point").count() >= 50
    assert page.locator("#chart-breakdown .bars .point").count() >= 4


def test_an_invalid_sample_shows_findings_and_a_click_selects_the_play(page, live_server):
    upload(page, live_server, SAMPLES / "illegal-revoke.json")
    assert page.locator("#verdict .verdict-title").inner_text() == "Invalid"
    charts_rendered(page)
    finding = page.locator(".analysis-main li.finding[data-trick] a.finding-link").first
    trick = finding.locator("xpath=..").get_attribute("data-trick")
    play = finding.locator("xpath=..").get_attribute("data-play")
    finding.click()
    at_moment(page, f"trick-{trick}-play-{play}")
    assert "is-selected" in page.locator(f"#trick-{trick}").get_attribute("class")
    listed = page.locator(f".analysis-main li.finding[data-trick='{trick}']").first
    assert "is-selected" in listed.get_attribute("class")
    assert page.locator("#step-status").inner_text() == f"Trick {trick} of 15 · play {play} of 4"
    # The finding is repeated beside the table, where the offending card and the proof are marked.
    assert page.locator("#moment-findings li.finding").count() == 1
    assert page.locator("#board-center .chip.is-flagged").inner_text() == "G12"
    assert page.locator("#board-seats .chip.is-proof").all_inner_texts() == ["R9"]
    # A dotted selection band is drawn on the timelines, besides the red error bands.
    until(page, f"document.getElementById('chart-scores').layout.shapes"
                           f".some(shape => shape.x0 === {trick} - 0.5 && shape.line.dash === 'dot')")


def test_keys_step_play_by_play_and_jump_trick_by_trick(page, live_server):
    upload(page, live_server, SAMPLES / "legal-3-players.json")
    charts_rendered(page)
    page.keyboard.press("Home")
    at_moment(page, "deal")
    assert page.locator("button[data-step=prev]").is_disabled()
    page.keyboard.press("ArrowDown")
    at_moment(page, "trick-1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    at_moment(page, "trick-2-play-2")
    assert "is-selected" in page.locator("#trick-2").get_attribute("class")
    assert "is-selected" not in page.locator("#trick-1").get_attribute("class")
    page.keyboard.press("ArrowLeft")
    at_moment(page, "trick-2-play-1")
    page.keyboard.press("ArrowUp")
    at_moment(page, "trick-1")
    page.keyboard.press("End")
    at_moment(page, "trick-15")
    assert page.locator("#step-status").inner_text() == "Trick 15 of 15"
    assert "Trick 15" in page.locator("#step-story").inner_text()
    assert page.locator("button[data-step=next]").is_disabled()
    page.click("button[data-step=prev]")
    at_moment(page, "trick-15-play-3")


def test_a_deep_link_selects_its_moment_and_a_chart_click_selects_a_trick(page, live_server):
    upload(page, live_server, SAMPLES / "legal-5-players.json")
    url = page.url
    page.goto(url + "#trick-7-play-3")
    charts_rendered(page)
    assert "is-selected" in page.locator("#trick-7").get_attribute("class")
    assert page.locator("#step-status").inner_text() == "Trick 7 of 15 · play 3 of 5"
    # Andrea has 0 points after trick 1: her marker there lies on the 0 line, which the axis keeps above the
    # plot's lower edge, so a click on the marker's lower half selects trick 1 too.
    marker = page.locator("#chart-scores .scatterlayer .trace").nth(0).locator(".point").first
    marker.scroll_into_view_if_needed()
    marker = marker.bounding_box()
    page.mouse.click(marker["x"] + marker["width"] / 2, marker["y"] + marker["height"] * 0.85)
    at_moment(page, "trick-1")
    assert "is-selected" in page.locator("#trick-1").get_attribute("class")


def test_a_match_page_draws_its_totals_and_links_its_games(page, live_server):
    page.goto(live_server.url + "/samples")
    page.locator("a[href^='/samples/david-goliath/match']").first.click()
    page.wait_for_selector("#chart-totals[data-rendered='true'] .main-svg")
    page.locator("a[href$='/g/1']").first.click()
    charts_rendered(page)


def test_the_start_page_and_gallery_have_no_console_errors(page, live_server):
    page.goto(live_server.url + "/")
    assert page.locator("form.upload-form").count() == 1
    page.goto(live_server.url + "/samples")
    page.goto(live_server.url + "/api/v1/docs")
    assert page.locator("li.operation").count() >= 7


HOSTILE_NAMES = ('<img src=x onerror="window.__xss=1">', "<script>window.__xss=2</script>",
                 "Ben & <b>Jerry</b>", "Clara")


def test_markup_in_names_notes_and_titles_is_shown_as_text_and_never_runs(page, live_server, tmp_path):
    log = simulate(4, 12, names=HOSTILE_NAMES)
    log["meta"] = {"title": "<svg onload=window.__xss=3>", "notes": "</script><script>window.__xss=4</script>"}
    log["tricks"][0]["note"] = '<img src=x onerror="window.__xss=5">'
    log["tricks"][1]["plays"][0]["note"] = "<iframe src=javascript:window.__xss=6>"
    log["scores"][HOSTILE_NAMES[0]] += 1  # an error, so findings name the player too
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(log))
    upload(page, live_server, path)
    charts_rendered(page)
    page.locator("#chart-scores .legendtoggle").first.click()  # interacting with charts runs nothing either
    page.locator("#chart-captures").scroll_into_view_if_needed()
    box = page.locator("#chart-captures .point").first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    hover = page.locator("#chart-captures .hoverlayer .hovertext")
    hover.first.wait_for(timeout=5000)
    assert page.evaluate("window.__xss") is None
    assert page.locator("h1").inner_text() == "<svg onload=window.__xss=3>"
    assert HOSTILE_NAMES[0] in page.locator("body").inner_text()
    legend = page.locator("#chart-scores .legendtext").all_text_contents()
    assert HOSTILE_NAMES[0] in legend and HOSTILE_NAMES[2] in legend
    assert page.locator("img[src=x], iframe, svg[onload]").count() == 0
    assert any(name in " ".join(hover.all_text_contents()) for name in HOSTILE_NAMES)


@pytest.mark.parametrize("game", sorted(registry.engines()))
def test_every_sample_page_of_every_game_draws_its_charts_without_errors(page, live_server, game):
    server = live_server
    expected = tomllib.loads((samples.folder(ROOT / "sample_games", game) / "expected.toml").read_text())
    for name in sorted(expected):
        page.goto(f"{server.url}/samples/{game}/{name.removesuffix('.json')}")
        verdict = page.locator("#verdict .verdict-title").inner_text()
        assert verdict == ("Valid" if expected[name]["valid"] else "Invalid"), name
        until(page, "[...document.querySelectorAll('.chart')]"
                               ".every(chart => chart.getAttribute('data-rendered') === 'true')", timeout=15)


def test_the_uploader_deletes_a_game_after_saying_yes(page, live_server, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(simulate(3, 4)))
    upload(page, live_server, path)
    address = page.url
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("text=Delete this game")
    page.wait_for_timeout(300)
    assert page.url == address and page.request.get(address).status == 200  # "no" keeps it
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("text=Delete this game")
    page.wait_for_url(live_server.url + "/")
    assert "The game was deleted" in page.locator(".flash").inner_text()
    assert page.request.get(address).status == 404
