"""What a hostile user or a buggy client sends to the API, for every game: bytes that are no JSON text at all
(nothing, gzip, UTF-16), a compressed body, any truncation of a log, a log changed anywhere; and the refusals
of the play-on and delete routes in the reader's language. Each answer is a problem document that says what
and where, never a 5xx, and nothing is stored for it."""

from __future__ import annotations

import gzip
import io
import json
import zipfile

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import schemas
from api.storage import StoredGame
from replaykit import registry
from tests.helpers import mutate

PROBLEM = "application/problem+json"
GAMES = tuple(sorted(registry.engines()))  # the toy game of tests/plugins among them
SIMULATED = {game: json.dumps(registry.engines()[game].simulate(4, 3), indent=1) for game in GAMES}
READS_A_LOG = ("/api/v1/validate", "/api/v1/games", "/api/v1/choices")


def stored(app) -> int:
    with app.extensions["card_replay"].repository.sessions() as session:
        return session.query(StoredGame).count()


def problem(response, status: int) -> str:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json()
    assert body["status"] == status and body["title"]
    return body["detail"]


LOG = SIMULATED["david-goliath"]


def zipped(raw: bytes) -> bytes:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as written:
        written.writestr("game.json", raw)
    return archive.getvalue()


@pytest.mark.parametrize(("raw", "said"), [
    (b"", "The log is empty"),
    (b" \r\n\t", "The log is empty"),
    (LOG.encode("utf-16"), "UTF-16"),  # Windows' "Unicode": little-endian with its mark
    (LOG.encode("utf-16-be"), "UTF-16"),  # no mark: the NUL bytes tell
    (LOG.encode("utf-32"), "UTF-16 (or UTF-32)"),
    (gzip.compress(LOG.encode()), "gzip-compressed"),
    (zipped(LOG.encode()), "zip archive, not JSON text: unzip it"),
    (b"{}\x00", "Not valid JSON: Extra data (line 1, column 3)"),  # a NUL after "{}": no encoding, but where it is
], ids=["empty", "blank", "utf-16", "utf-16-be", "utf-32", "gzip", "zip", "nul"])
@pytest.mark.parametrize("path", READS_A_LOG)
def test_bytes_that_are_no_json_text_are_named_for_what_they_are(app, client, path, raw, said):
    # Before: "Not valid JSON: Expecting value (line 1, column 1)" or "not UTF-8 text (bad byte at position 1)"
    detail = problem(client.post(path, data=raw, content_type="application/json"), 400)
    assert said in detail
    assert stored(app) == 0


@pytest.mark.parametrize(("language", "said"), [
    ("it", "Questo testo è in UTF-16 (o UTF-32), non in UTF-8: salva il registro in UTF-8 e invialo di nuovo."),
    ("pl", "Ten tekst jest w UTF-16 (lub UTF-32), a nie w UTF-8: zapisz plik w UTF-8 i wyślij go ponownie.")])
def test_what_the_bytes_are_is_said_in_the_reader_s_language(client, language, said):
    response = client.post("/api/v1/validate", data=LOG.encode("utf-16"), content_type="application/json",
                           headers={"Accept-Language": language})
    assert problem(response, 400) == said


def test_bad_utf_8_is_placed_by_line_and_column_and_says_what_to_do(client):
    # "è" in Latin-1 is one byte no UTF-8 text has: line 2, after ' "players": ["Andr' (18 characters)
    raw = '{"game": "david-goliath",\n "players": ["Andrè"]}'.encode("latin-1")
    assert problem(client.post("/api/v1/validate", data=raw, content_type="application/json"), 400) == (
        "The log is not UTF-8 text: save it as UTF-8 and send it again (line 2, column 19).")



@pytest.mark.parametrize("path", READS_A_LOG)
def test_a_compressed_body_is_415_naming_its_encoding(app, client, path):
    # Before: the gzip bytes were read as the log, "not UTF-8 text (bad byte at position 1)".
    response = client.post(path, data=gzip.compress(LOG.encode()), content_type="application/json",
                           headers={"Content-Encoding": "gzip"})
    assert "Content-Encoding: gzip" in problem(response, 415)
    assert response.headers["Accept-Encoding"] == "identity"  # RFC 7694
    assert stored(app) == 0
    plain = client.post(path, data=LOG, content_type="application/json", headers={"Content-Encoding": "identity"})
    assert plain.status_code in (200, 201)


@pytest.mark.parametrize(("game", "name"), [(engine.id, engine.name) for engine in registry.engines().values()
                                            if json.loads(LOG)["game"] not in engine.log_games])
def test_a_log_of_another_shape_names_the_game_it_claims(client, game, name):
    # Before: "This is not a Il Grande Dalmuti log."
    log = {**json.loads(LOG), "game": game}
    detail = problem(client.post("/api/v1/validate", json=log), 422)
    assert detail.startswith(f"This log of {name} does not follow the log format. ")
    italian = client.post("/api/v1/validate", json=log, headers={"Accept-Language": "it"}).get_json()["detail"]
    # "del gioco", never "di Il Grande Dalmuti": a game's name may begin with its article
    assert italian.startswith(f"Questo registro del gioco {name} non segue il formato dei registri. ")


@pytest.mark.parametrize(("language", "not_a_log", "two_members", "action"), [
    ("it", "Questo non è il registro di alcun gioco che questo servizio conosca. 1 problema di forma; vedi errors.",
     'Il corpo deve essere un oggetto JSON con esattamente due membri: "log"',
     "L'azione non può essere registrata. Un'azione di David & Goliath è una giocata come"),
    ("pl", "To nie jest zapis żadnej gry znanej temu serwisowi. 1 błąd formatu; zob. errors.",
     'Treść musi być obiektem JSON z dokładnie dwoma polami: "log"',
     "Tego ruchu nie można zapisać. Akcja w Dawidzie i Goliacie to zagranie w rodzaju"),
])
def test_the_play_on_refusals_speak_the_reader_s_language(client, language, not_a_log, two_members, action):
    # Before: "… 1 problem(s) with its shape; see errors.", and the apply refusals in English only.
    speak = {"Accept-Language": language}
    assert problem(client.post("/api/v1/choices", json={}, headers=speak), 422) == not_a_log
    assert problem(client.post("/api/v1/apply", json=[], headers=speak), 422).startswith(two_members)
    refused = client.post("/api/v1/apply", json={"log": json.loads(LOG), "action": 5}, headers=speak)
    assert problem(refused, 422).startswith(action)


def test_the_english_play_on_refusal_counts_its_problems_in_words(client):
    detail = problem(client.post("/api/v1/choices", json={"game": "olympi", "players": ["A"]}), 422)
    assert detail == "This log of Olympi Cards does not follow the log format. 2 problems with its shape; see errors."


@pytest.mark.parametrize(("language", "no_token", "wrong_token", "no_part", "no_sample"), [
    ("it", 'Invia il token di cancellazione che hai ricevuto come "Authorization: Bearer TOKEN".',
     "Questo non è il token di cancellazione di questa partita.",
     "In questo documento manca, o non è leggibile, partita 2.", 'Nessun esempio di "olympi" si chiama "nope".'),
    ("pl", 'Wyślij otrzymany token usuwania jako "Authorization: Bearer TOKEN".',
     "To nie jest token usuwania tej partii.", "Ten dokument nie ma czytelnej części: partia 2.",
     'Żaden przykład gry "olympi" nie nazywa się "nope".'),
])
def test_delete_and_lookup_refusals_speak_the_reader_s_language(app, client, language, no_token, wrong_token, no_part,
                                                                 no_sample):
    speak = {"Accept-Language": language}
    game_id = client.post("/api/v1/games", data=LOG, content_type="application/json").get_json()["id"]
    assert problem(client.delete(f"/api/v1/games/{game_id}", headers=speak), 403) == no_token
    wrong = {**speak, "Authorization": "Bearer not-this-one"}
    assert problem(client.delete(f"/api/v1/games/{game_id}", headers=wrong), 403) == wrong_token
    assert problem(client.get(f"/api/v1/games/{game_id}/parts/2", headers=speak), 404) == no_part
    assert problem(client.get("/api/v1/samples/olympi/nope", headers=speak), 404) == no_sample
    assert stored(app) == 1  # the refused deletes kept it


LONG_NAME = "K" * 400_000
# Where each game's log format keeps objects keyed by player (``keyed_by_a_long_name`` writes one of each)
# Where each game names the key: once, where first read (an over-long name is one mistake, however often it
# is used: replaykit.texts.LongNames), never in its cards' pointers.
KEYED_PLACES = {"david-goliath": {"/hands/"}, "grande-dalmuti": {"/rounds/0/hands/"}, "olympi": {"/hands/"}}


def keyed_by_a_long_name(game: str) -> dict:
    """A log of ``game`` whose objects keyed by player (the deal, a trick's captures, a race's medals, the
    claimed scores) name a 400,000-character stranger holding 120 non-cards, or a score."""
    log = json.loads(SIMULATED[game])
    non_cards = ["X"] * 120
    if game == "david-goliath":
        log["hands"] = {LONG_NAME: non_cards}
        log["tricks"][0]["captures"] = {LONG_NAME: non_cards}
        log["tricks"][1]["captures"] = {LONG_NAME: ["R1"]}  # cards that read: the same
    elif game == "grande-dalmuti":
        log["rounds"][0]["hands"] = {LONG_NAME: non_cards}
    else:
        log["hands"] = {LONG_NAME: non_cards}
        log["races"][0]["awards"]["medals"] = {LONG_NAME: non_cards}
        log["scores"] = {LONG_NAME: 5}  # once a 200 whose report quoted the key five times
    return log


@pytest.mark.parametrize("game", sorted(KEYED_PLACES))
@pytest.mark.parametrize("path", ["/api/v1/validate", "/api/v1/choices"])
def test_a_long_key_is_named_once_and_the_answer_stays_within_its_bound(client, game, path):
    # Before: David & Goliath named the key in each of its 120 cards' pointers, a 48 MB answer to 0.4 MB.
    body = json.dumps(keyed_by_a_long_name(game)).encode()
    response = client.post(path, data=body, content_type="application/json")
    problem(response, 422)
    assert len(response.data) <= 256 * 1024 + 3 * len(body)  # docs/RELIABILITY.md, "Answer size"
    at_the_key = [finding for finding in response.get_json()["errors"] if LONG_NAME in finding["path"]]
    assert at_the_key and all(finding["path"].endswith(LONG_NAME) for finding in at_the_key)
    places = {finding["path"][:-len(LONG_NAME)] for finding in at_the_key}
    assert places == KEYED_PLACES[game]
    # OpenAPI 3.0 cannot bound a key: the schemathesis run is told (tests/test_openapi_fuzz.py)
    assert game == "grande-dalmuti" or schemas.beyond_openapi(game, keyed_by_a_long_name(game))


fuzz = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])


@fuzz
@given(st.sampled_from(GAMES), st.data())
def test_any_truncation_of_a_log_is_a_400_that_says_where(client, game, data):
    text = SIMULATED[game].encode()
    cut = data.draw(st.integers(1, text.rindex(b"}") - 1), label="cut")
    detail = problem(client.post("/api/v1/validate", data=text[:cut], content_type="application/json"), 400)
    assert "(line " in detail and ", column " in detail


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.data())
def test_a_log_changed_anywhere_is_stored_shown_and_deleted_or_refused_cleanly(app, client, game, data):
    """Every game's log with one node replaced by any JSON value: an upload is 201, 400 or 422; what is
    stored answers every view, keeps its bytes, and goes with its delete token."""
    raw = json.dumps(mutate(json.loads(SIMULATED[game]), data)).encode()
    before = stored(app)
    response = client.post("/api/v1/games", data=raw, content_type="application/json")
    assert response.status_code in (201, 400, 422), response.get_data(as_text=True)
    event(f"{game}: {response.status_code}")
    if response.status_code != 201:
        assert response.mimetype == PROBLEM and stored(app) == before
        return
    game_id, token = response.get_json()["id"], response.get_json()["delete_token"]
    for view in (f"/games/{game_id}", f"/games/{game_id}/moments.json", f"/games/{game_id}/edit",
                 f"/api/v1/games/{game_id}", f"/api/v1/games/{game_id}/timeline"):
        assert client.get(view).status_code == 200, view
    assert client.get(f"/api/v1/games/{game_id}/log").get_data() == raw
    deleted = client.delete(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
    assert deleted.status_code == 204 and stored(app) == before
    assert client.get(f"/games/{game_id}").status_code == 404


TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=60)
URLISH = st.text("az09:/.[]@%?#-é ", max_size=30)  # what a host and port are made of, and what breaks them
HEADER_VALUES = TEXT | st.builds("{}://{}".format, st.sampled_from(["http", "https"]), URLISH)


@fuzz
@given(st.fixed_dictionaries({}, optional={name: HEADER_VALUES for name in (
           "Origin", "Sec-Fetch-Site", "Accept-Language", "Content-Type", "Content-Encoding", "Authorization",
           "X-Forwarded-For")}),
       st.sampled_from(["/api/v1/validate", "/api/v1/choices", "/api/v1/games/some-id"]))
def test_any_header_a_client_sends_gets_an_answer_never_a_5xx(client, headers, path):
    # An Origin that is no URL ("http://[") was a 500.
    method = "DELETE" if path.endswith("some-id") else "POST"
    response = client.open(path, method=method, data=LOG, headers=headers)
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert response.mimetype == PROBLEM and response.get_json()["detail"]


@pytest.mark.parametrize(("language", "said"), [("en", 'The log has no "tricks" list.'),
                                                ("it", 'Il registro non ha la lista "tricks".'),
                                                ("pl", 'Zapis gry nie ma listy "tricks".')])
def test_a_log_without_its_tricks_is_told_so_in_the_reader_s_language(client, language, said):
    # Before: the one finding of 16,359 mutated requests left in English (dg_replay/reader.py)
    answer = client.post("/api/v1/validate", json={"game": "david-goliath", "players": ["Ann", "Ben", "Cy"]},
                         headers={"Accept-Language": language})
    assert [(error["path"], error["message"]) for error in answer.get_json()["errors"]] == [("/tricks", said)]


def test_a_delete_that_finds_the_game_gone_meanwhile_answers_404_not_403(app, client, monkeypatch):
    # Two deletes with the right token at once: the one that lost the race was told its token was wrong.
    answer = client.post("/api/v1/games", data=LOG, content_type="application/json").get_json()
    repository = app.extensions["card_replay"].repository
    deleting = repository.delete

    def beaten_to_it(game_id: str, token: str) -> bool:
        assert deleting(game_id, token)  # the other request's delete, done first
        return deleting(game_id, token)  # this one's, which finds nothing left

    monkeypatch.setattr(repository, "delete", beaten_to_it)
    gone = client.delete(f"/api/v1/games/{answer['id']}", headers={"Authorization": f"Bearer {answer['delete_token']}"})
    assert problem(gone, 404) == f'No stored game has the id "{answer["id"]}".'
