"""The start page's list of this browser's uploads (api/owned.py): its games still stored, newest first, each by
its title (read from the ends of its log only), game, verdict and time; no other browser sees it."""

from __future__ import annotations

import json
import re

from dg_replay.simulate import simulate
from tests.test_pages import csrf_token, submit

LISTED = re.compile(r'<li><a href="(/games/[^"]+)">([^<]*)</a> <span class="upload-facts">· ([^<]*) · '
                    r'<span class="upload-(valid|invalid)">')


def uploaded(client, log: dict) -> str:
    response = submit(client, text=json.dumps(log))
    assert response.status_code == 303
    return response.headers["Location"]


def listed(client) -> list[tuple[str, str, str, str]]:
    return LISTED.findall(client.get("/").get_data(as_text=True))


def test_the_start_page_lists_this_browser_s_uploads_newest_first(app, client):
    assert listed(client) == [] and "Your uploads" not in client.get("/").get_data(as_text=True)
    titled = {**simulate(4, 3), "meta": {"title": "Friday at Anna's"}}  # last, as the recorder writes it
    first = uploaded(client, titled)
    wrong = simulate(3, 5)
    wrong["scores"] = {name: 99 for name in wrong["players"]}  # no one scores 99: an invalid log
    second = uploaded(client, {key: value for key, value in wrong.items() if key != "meta"})
    assert listed(client) == [(second, "Uploaded game", "David &amp; Goliath", "invalid"),
                              (first, "Friday at Anna&#39;s", "David &amp; Goliath", "valid")]
    # another browser has uploaded nothing: no list
    assert listed(app.test_client()) == []
    # a game deleted from its page leaves the list
    client.post(first + "/delete", data={"csrf_token": csrf_token(client)})
    assert [href for href, *_rest in listed(client)] == [second]


def test_a_title_is_read_from_the_log_s_first_bytes_and_cut(client):
    long = "A " + "very " * 30 + "long evening"  # 164 characters: the list shows 80 and "…"
    # read at either end of the log (2,048 bytes each): a title in the middle of a long log is not
    notes = {f"note {number}": "x" * 300 for number in range(10)}
    middle = {"game": "david-goliath", "meta": {**notes, "title": "Never read"}, **simulate(4, 4)}
    assert 2048 < json.dumps(middle).index("Never read") < len(json.dumps(middle)) - 2048
    uploaded(client, middle)
    uploaded(client, {"meta": {"title": long}, **simulate(4, 3)})
    titles = [title for _href, title, *_rest in listed(client)]
    assert titles == [long[:80] + "…", "Uploaded game"]


def test_the_list_speaks_the_reader_s_language(client):
    uploaded(client, simulate(4, 3))
    page = client.get("/?lang=it").get_data(as_text=True)
    assert "I tuoi caricamenti" in page and '<span class="upload-valid">Valida</span>' in page
