"""Deleting a game uploaded through the web form: only from the browser that uploaded it (its session keeps
the delete token), with the form's CSRF token; anyone else gets a 403 and the game stays."""

from __future__ import annotations

import json
import re

from dg_replay.simulate import simulate
from tests.test_pages import csrf_token, submit

DELETE_FORM = re.compile(r'<form method="post" action="(/games/[^"]+/delete)"')


def upload(client) -> str:
    response = submit(client, text=json.dumps(simulate(4, 3)))
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_the_uploader_deletes_the_game_from_its_page(client):
    game_id = upload(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert DELETE_FORM.search(page).group(1) == f"/games/{game_id}/delete"
    response = client.post(f"/games/{game_id}/delete", data={"csrf_token": csrf_token(client)})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert "The game was deleted" in client.get("/").get_data(as_text=True)
    assert client.get(f"/games/{game_id}").status_code == 404
    assert client.get(f"/api/v1/games/{game_id}").status_code == 404
    again = client.post(f"/games/{game_id}/delete", data={"csrf_token": csrf_token(client)})
    assert again.status_code == 404


def test_another_browser_sees_no_delete_button_and_cannot_delete(app, client):
    game_id = upload(client)
    stranger = app.test_client()
    page = stranger.get(f"/games/{game_id}").get_data(as_text=True)
    assert DELETE_FORM.search(page) is None
    refused = stranger.post(f"/games/{game_id}/delete", data={"csrf_token": csrf_token(stranger)})
    assert refused.status_code == 403 and "uploaded this game" in refused.get_data(as_text=True)
    assert stranger.get(f"/games/{game_id}").status_code == 200


def test_without_the_csrf_token_nothing_is_deleted(client):
    game_id = upload(client)
    assert client.post(f"/games/{game_id}/delete").status_code == 400
    assert client.get(f"/games/{game_id}").status_code == 200


def test_an_api_upload_has_no_delete_button_but_its_token_still_works(client):
    answer = client.post("/api/v1/games", json=simulate(3, 2)).get_json()
    assert DELETE_FORM.search(client.get(f"/games/{answer['id']}").get_data(as_text=True)) is None
    deleted = client.delete(f"/api/v1/games/{answer['id']}",
                            headers={"Authorization": f"Bearer {answer['delete_token']}"})
    assert deleted.status_code == 204


def test_a_browser_keeps_the_tokens_of_its_latest_twenty_uploads(client):
    first, second = upload(client), upload(client)
    for _ in range(19):
        upload(client)
    assert DELETE_FORM.search(client.get(f"/games/{first}").get_data(as_text=True)) is None
    assert DELETE_FORM.search(client.get(f"/games/{second}").get_data(as_text=True)) is not None
