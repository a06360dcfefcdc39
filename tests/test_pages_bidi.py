"""A player's name or a log's title holding a right-to-left override (U+202E) is set apart wherever a page writes
it in its head, heading and result: inside <bdi> in the page's text, between FSI (U+2068) and PDI (U+2069)
where no markup can go (the <title>, og:title, an attribute, and the h1 and lists whose markup other tests read).
Left open, the override would turn the words after it around: the score beside the name, " · Card Replay"
after the title. The characters themselves are shown as the log gives them."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT
from tests.test_pages import submit

NAME = "A\u202eevil"  # "A", then everything after it shown right to left
TITLE = "\u202eFriday at the club"
FSI, PDI = "\u2068", "\u2069"


def sample(name: str) -> dict:
    return json.loads((ROOT / "sample_games" / "david-goliath" / f"{name}.json").read_text(encoding="utf-8"))


def renamed(log: dict, old: str, new: str) -> dict:
    """The log with a player's name replaced wherever it stands (keys and values alike)."""
    return json.loads(json.dumps(log).replace(json.dumps(old), json.dumps(new)))


def one(pattern: str, page: str) -> str:
    found = re.findall(pattern, page, re.S)
    assert len(found) == 1, (pattern, found)
    return found[0]


def left_open(html: str, *texts: str) -> list[str]:
    """The places in ``html`` where one of ``texts`` stands outside <bdi> and outside FSI … PDI."""
    for text in texts:
        html = html.replace(f"<bdi>{text}</bdi>", "").replace(f"{FSI}{text}{PDI}", "")
    return [text for text in texts if text in html]


def test_a_name_and_a_title_with_an_override_are_set_apart_in_the_head_heading_and_result(client):
    log = renamed(sample("legal-4-players"), "Clara", NAME)  # Clara wins: the winner line names her too
    log["meta"]["title"] = TITLE
    page = client.get(client.post("/api/v1/games", json=log).get_json()["links"]["page"]).get_data(as_text=True)
    assert one(r"<title>.*?</title>", page) == "<title>\u2068\u202eFriday at the club\u2069 · Card Replay</title>"
    assert one(r'<meta property="og:title"[^>]*>', page) == \
        '<meta property="og:title" content="\u2068\u202eFriday at the club\u2069">'
    assert one(r"<h1>.*?</h1>", page) == "<h1>\u2068\u202eFriday at the club\u2069</h1>"
    assert re.findall(r'<span class="score-name">.*?</span>', page) == [
        '<span class="score-name"><bdi>A\u202eevil</bdi></span>', '<span class="score-name"><bdi>Ben</bdi></span>',
        '<span class="score-name"><bdi>Dennis</bdi></span>', '<span class="score-name"><bdi>Andrea</bdi></span>']
    assert one(r'<p class="claimed-winners">.*?</p>', page) == \
        '<p class="claimed-winners">The log names as winner: <bdi>A\u202eevil</bdi></p>'
    # nowhere in those places is either left open, and the name is shown as the log writes it
    head = one(r"<head>.*?</head>", page) + one(r'<div class="page-head">.*?</div>', page)
    result = one(r'<section class="panel result-panel".*?</section>', page)
    assert left_open(head + result, NAME, TITLE) == []
    assert NAME in re.sub(r"<[^>]+>", "", result) and TITLE in re.sub(r"<[^>]+>", "", head)


def test_a_match_sets_apart_its_title_before_a_game_s_number_and_its_players_in_the_table_of_games(client):
    log = renamed(sample("match-4-players"), "Andrea", NAME)
    log["meta"]["title"] = TITLE
    overview = client.post("/api/v1/games", json=log).get_json()["links"]["page"]
    page = client.get(overview).get_data(as_text=True)
    assert one(r"<title>.*?</title>", page) == "<title>\u2068\u202eFriday at the club\u2069 · Card Replay</title>"
    assert one(r"<h1>.*?</h1>", page) == "<h1>\u2068\u202eFriday at the club\u2069</h1>"
    assert '<th scope="col"><bdi>A\u202eevil</bdi></th>' in page
    assert page.count('<td data-label="\u2068A\u202eevil\u2069"') == 4  # a phone's label beside each game's score
    assert left_open(one(r'<table class="games">.*?</table>', page), NAME) == []
    # a game of the match: the override ends with the title, before " · game 2"
    game = client.get(f"{overview}/g/2").get_data(as_text=True)
    assert one(r"<title>.*?</title>", game) == \
        "<title>\u2068\u202eFriday at the club\u2069 · game 2 · Card Replay</title>"
    assert one(r'<meta property="og:title"[^>]*>', game) == \
        '<meta property="og:title" content="\u2068\u202eFriday at the club\u2069 · game 2">'
    assert one(r"<h1>.*?</h1>", game) == "<h1>\u2068\u202eFriday at the club\u2069 · game 2</h1>"
    assert f'dir="auto">{TITLE}</a>' in one(r'<nav class="crumbs".*?</nav>', game)
    assert left_open(one(r'<section class="panel result-panel".*?</section>', game), NAME) == []


def test_the_edit_page_and_the_list_of_uploads_set_the_title_apart(client):
    log = sample("legal-3-players")
    log["meta"]["title"] = TITLE
    address = submit(client, text=json.dumps(log)).headers["Location"]
    edit = client.get(f"{address}/edit").get_data(as_text=True)
    assert one(r"<title>.*?</title>", edit) == \
        "<title>Edit and re-validate · \u2068\u202eFriday at the club\u2069 · Card Replay</title>"
    assert f'<a href="{address}" dir="auto">{TITLE}</a>' in edit
    assert "and “<bdi>\u202eFriday at the club</bdi>” stays as it was." in edit
    start = client.get("/").get_data(as_text=True)
    assert f'<li><a href="{address}">\u2068\u202eFriday at the club\u2069</a>' in start


def test_names_and_titles_without_right_to_left_text_are_written_as_they_are(client):
    page = client.get("/samples/david-goliath/legal-4-players").get_data(as_text=True)
    assert FSI not in one(r"<head>.*?</head>", page) + one(r'<div class="page-head">.*?</div>', page)
    assert '<span class="score-name"><bdi>Clara</bdi></span>' in page
    assert '<p class="claimed-winners">The log names as winner: <bdi>Clara</bdi></p>' in page


@pytest.mark.parametrize(("game", "name", "player"), [("david-goliath", "illegal-revoke", "Clara"),
                                                      ("grande-dalmuti", "plain-revolution-market", "Bruno"),
                                                      ("olympi", "clean-7-players-reshuffle", "Chiara")])
def test_a_name_with_an_override_is_set_apart_in_each_game_s_list_of_moments(client, game, name, player):
    # the list every game page renders from its own partial (templates/games/<game>/moments.html): plays,
    # captures, ranks, finishes and the scores after each trick, round or race
    log = renamed(json.loads((ROOT / "sample_games" / game / f"{name}.json").read_text(encoding="utf-8")), player, NAME)
    page = client.get(client.post("/api/v1/games", json=log).get_json()["links"]["page"]).get_data(as_text=True)
    listing = one(r'<div class="moments-list">.*?</section>', page)
    assert NAME in re.sub(r"<[^>]+>", "", listing)
    assert left_open(listing, NAME) == []
