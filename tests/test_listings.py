"""api.listings: a page's list of moments, step ids, key moments and charts made once per stored game and
language (at upload, in every language, and kept in the database), kept in each process within a byte budget,
and never shown in another language or for another game."""

from __future__ import annotations

import re
import sys
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import delete, func, select

from api import i18n, listings
from api.adapters import Adapter
from api.storage import StoredListing
from dg_replay.simulate import simulate_match
from replaykit import registry


def made(listing: str, ids: list[str], figures_json: str = "{}") -> dict:
    return {"listing": listing, "ids": ids, "key_moments": [], "charts": [], "figures_json": figures_json}


EMPTY = sys.getsizeof("")  # a string's own memory beside its characters
FIGURES = sys.getsizeof("{}")  # no charts


def test_what_was_made_is_kept_and_the_least_recently_used_goes_first():
    kept = listings.Kept(max_bytes=100 + 2 * EMPTY + 2 * FIGURES)
    calls = []

    def make(name: str, size: int):
        return lambda: calls.append(name) or made("x" * size, [])

    first = kept.get(("a",), make("a", 40))
    assert kept.get(("a",), make("a", 40)) is first and calls == ["a"], "made once, then kept"
    kept.get(("b",), make("b", 40))
    kept.get(("a",), make("a", 40))  # a is now the most recently used
    kept.get(("c",), make("c", 40))  # 120 bytes: b, the least recently used, goes
    assert len(kept) == 2 and kept.size == 80 + 2 * EMPTY + 2 * FIGURES
    kept.get(("b",), make("b", 40))
    assert calls == ["a", "b", "c", "b"]


def test_memory_is_counted_ids_and_figures_included_and_what_exceeds_the_budget_alone_is_not_kept():
    kept = listings.Kept(max_bytes=600)
    kept.get(("ids",), lambda: made("x" * 50, ["trick-1", "trick-2"], figures_json="y" * 30))
    first = (50 + EMPTY) + 2 * (7 + EMPTY) + (30 + EMPTY)
    assert kept.size == first
    # one character past Latin-1 makes every character of a string two bytes wide
    wide = kept.get(("wide",), lambda: made("ł" * 60, []))
    assert len(kept) == 2 and kept.size == first + sys.getsizeof(wide["listing"]) + FIGURES
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
            assert listings.moments(None, None, adapter, {}, dict) == {
                "listing": None, "ids": ["trick-1"], "key_moments": [], "charts": [], "figures_json": "{}"}
    assert len(calls) == 2 and len(listings.KEPT) == before


def test_a_sample_is_kept_under_its_own_name(client):
    client.get("/samples/grande-dalmuti/great-revolution")
    assert any(key[0] == "sample:grande-dalmuti/great-revolution" for key in listings.KEPT._kept)


def another_process(monkeypatch) -> None:
    """From here on, a process that has kept nothing yet: another worker, another instance, a restart."""
    monkeypatch.setattr(listings, "KEPT", listings.Kept(listings.MAX_BYTES))


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The language of every list rendered from here on."""
    calls: list[str] = []
    original = listings.said

    def said(*args):
        calls.append(i18n.language())
        return original(*args)

    monkeypatch.setattr(listings, "said", said)
    return calls


def shelved(app, game_id: str) -> dict[tuple[int, str], str]:
    """The lists kept in the database for a game: their version by part and language."""
    with app.extensions["card_replay"].repository.sessions() as session:
        rows = session.scalars(select(StoredListing).where(StoredListing.id == game_id))
        return {(row.part, row.language): row.version for row in rows}


def test_an_upload_renders_a_game_s_lists_in_every_language_and_no_view_renders_them_again(
        app, client, renders, monkeypatch):
    log = registry.engines()["grande-dalmuti"].simulate(4, 3)
    game_id = client.post("/api/v1/games", json=log).get_json()["id"]
    assert sorted(renders) == ["en", "it", "pl"] and set(shelved(app, game_id)) == {(0, "en"), (0, "it"), (0, "pl")}
    renders.clear()
    another_process(monkeypatch)
    pages = {language: client.get(f"/games/{game_id}?lang={language}").get_data(as_text=True)
             for language in ("en", "it", "pl")}
    assert renders == [], "every view read its list from the database"
    assert ">Rounds<" in listing_of(pages["en"]) and ">Rounds<" not in listing_of(pages["it"])
    # The same pages made afresh (no list kept anywhere) are byte for byte the ones served from the database.
    with app.extensions["card_replay"].repository.sessions.begin() as session:
        session.execute(delete(StoredListing))
    for language in ("en", "it", "pl"):
        another_process(monkeypatch)
        assert client.get(f"/games/{game_id}?lang={language}").get_data(as_text=True) == pages[language], language
    assert renders == ["en", "it", "pl"] and set(shelved(app, game_id)) == {(0, "en"), (0, "it"), (0, "pl")}, \
        "a view that found no list rendered it and kept it"


def test_a_list_rendered_by_other_code_is_rendered_again_and_replaced(app, client, renders, monkeypatch):
    log = registry.engines()["olympi"].simulate(3, 2)
    game_id = client.post("/api/v1/games", json=log).get_json()["id"]
    renders.clear()
    another_process(monkeypatch)
    monkeypatch.setattr(listings, "renderer", lambda: "new-templates")
    assert client.get(f"/games/{game_id}?lang=pl").status_code == 200
    assert renders == ["pl"]
    versions = shelved(app, game_id)
    assert versions[(0, "pl")].endswith(":new-templates") and not versions[(0, "it")].endswith(":new-templates")


def test_a_match_keeps_each_part_s_list_once_a_view_has_rendered_it(app, client, renders, monkeypatch):
    game_id = client.post("/api/v1/games", json=simulate_match(3, 5)).get_json()["id"]
    assert renders == [] and shelved(app, game_id) == {}, "a match's parts are rendered by their views"
    assert client.get(f"/games/{game_id}/g/2?lang=it").status_code == 200
    assert renders == ["it"] and set(shelved(app, game_id)) == {(2, "it")}
    another_process(monkeypatch)
    assert client.get(f"/games/{game_id}/g/2?lang=it").status_code == 200
    assert renders == ["it"], "another process reads the part's list"


def test_a_game_s_lists_go_with_it_when_deleted_or_past_retention(app, client):
    repository = app.extensions["card_replay"].repository
    log = registry.engines()["olympi"].simulate(3, 2)
    deleted = client.post("/api/v1/games", json=log).get_json()
    purged = client.post("/api/v1/games", json=log).get_json()["id"]
    assert len(shelved(app, deleted["id"])) == len(shelved(app, purged)) == 3
    client.delete(f"/api/v1/games/{deleted['id']}", headers={"Authorization": f"Bearer {deleted['delete_token']}"})
    assert shelved(app, deleted["id"]) == {} and len(shelved(app, purged)) == 3
    assert repository.purge(datetime.now(UTC) + timedelta(seconds=1)) == 1
    assert shelved(app, purged) == {}
    assert repository.keep_listing(purged, "v", 0, "en", b"{}") is False, "no list is kept for a game gone"
    with repository.sessions() as session:
        assert session.scalar(select(func.count()).select_from(StoredListing)) == 0
