"""api.listings: a page's list of moments, step ids and key moments made once per stored game and language,
kept within a byte budget, and never shown in another language or for another game."""

from __future__ import annotations

import re
import sys

import pytest

from api import listings
from api.adapters import Adapter
from replaykit import registry


def made(listing: str, ids: list[str]) -> dict:
    return {"listing": listing, "ids": ids, "key_moments": []}


EMPTY = sys.getsizeof("")  # a string's own memory beside its characters


def test_what_was_made_is_kept_and_the_least_recently_used_goes_first():
    kept = listings.Kept(max_bytes=100 + 2 * EMPTY)
    calls = []

    def make(name: str, size: int):
        return lambda: calls.append(name) or made("x" * size, [])

    first = kept.get(("a",), make("a", 40))
    assert kept.get(("a",), make("a", 40)) is first and calls == ["a"], "made once, then kept"
    kept.get(("b",), make("b", 40))
    kept.get(("a",), make("a", 40))  # a is now the most recently used
    kept.get(("c",), make("c", 40))  # 120 bytes: b, the least recently used, goes
    assert len(kept) == 2 and kept.size == 80 + 2 * EMPTY
    kept.get(("b",), make("b", 40))
    assert calls == ["a", "b", "c", "b"]


def test_memory_is_counted_ids_included_and_what_exceeds_the_budget_alone_is_not_kept():
    kept = listings.Kept(max_bytes=500)
    kept.get(("ids",), lambda: made("x" * 50, ["trick-1", "trick-2"]))
    assert kept.size == (50 + EMPTY) + 2 * (7 + EMPTY)
    # one character past Latin-1 makes every character of a string two bytes wide
    wide = kept.get(("wide",), lambda: made("ł" * 60, []))
    assert len(kept) == 2 and kept.size == (50 + EMPTY) + 2 * (7 + EMPTY) + sys.getsizeof(wide["listing"])
    assert sys.getsizeof("ł" * 60) - sys.getsizeof("ł") == 2 * 59
    huge = kept.get(("huge",), lambda: made("x" * 600, []))
    assert len(huge["listing"]) == 600 and ("huge",) not in kept._kept and len(kept) == 2


@pytest.fixture
def stored_dalmuti(client) -> str:
    log = registry.engines()["grande-dalmuti"].simulate(4, 3)
    return client.post("/api/v1/games", json=log).get_json()["links"]["page"]


def listing_of(html: str) -> str:
    return re.search(r'<section class="panel dal-rounds".*?</section>', html, re.S).group(0)


def test_a_stored_game_s_list_is_made_once_per_language_and_said_in_each(client, stored_dalmuti):
    before = len(listings.KEPT)
    english = client.get(stored_dalmuti).get_data(as_text=True)
    assert len(listings.KEPT) == before + 1
    assert client.get(stored_dalmuti).get_data(as_text=True) == english
    assert len(listings.KEPT) == before + 1, "the second view in English makes nothing again"
    italian = client.get(stored_dalmuti + "?lang=it").get_data(as_text=True)
    assert len(listings.KEPT) == before + 2
    assert ">Rounds<" in listing_of(english) and ">Rounds<" not in listing_of(italian)
    # (?lang= is remembered in a cookie: English is asked for again by name)
    assert client.get(stored_dalmuti + "?lang=en").get_data(as_text=True) == english, "not the Italian list"


def test_two_stored_games_never_share_a_list(client, stored_dalmuti):
    other = registry.engines()["grande-dalmuti"].simulate(4, 4)
    page = client.post("/api/v1/games", json=other).get_json()["links"]["page"]
    assert listing_of(client.get(stored_dalmuti).get_data(as_text=True)) != \
        listing_of(client.get(page).get_data(as_text=True))


def test_results_with_no_key_are_made_every_time(app):
    calls = []

    def steps(timeline: dict) -> list[dict]:
        calls.append(timeline)
        return [{"id": "trick-1"}]

    adapter = Adapter(steps=steps)
    before = len(listings.KEPT)
    with app.test_request_context("/"):
        for _ in range(2):
            assert listings.moments(None, None, adapter, {}, dict) == {"listing": None, "ids": ["trick-1"],
                                                                     "key_moments": []}
    assert len(calls) == 2 and len(listings.KEPT) == before


def test_a_sample_is_kept_under_its_own_name(client):
    client.get("/samples/grande-dalmuti/great-revolution")
    assert any(key[0] == "sample:grande-dalmuti/great-revolution" for key in listings.KEPT._kept)
