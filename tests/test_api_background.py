"""The background analysis as the pages use it (api/background.py): an upload queues its game's analysis, a
worker (another process, or the same app after a restart) runs it, and ``…/analysis.json`` answers its
progress and then the page's data; a worker analyses the samples as it starts, once per version of each, and
a sample page that asks is never refused nor charged; each client's analyses of stored games are bounded (429
with Retry-After, said in every language); another site's page cannot ask for one; the rulings page states
the marks' thresholds and leaves what the result is to each game's rulings."""

from __future__ import annotations

import html
import json
import re
import shutil

import pytest
from babel.messages import pofile

from api import background, evaluation, homes
from api.adapters.charts import player_color
from app import create_app
from dg_replay.simulate import simulate
from replaykit import analysis, registry
from replaykit.analysis import Budget
from tests.conftest import ROOT, app_config
from tests.test_deploy import unit

# A small search, so that a whole game is analysed in well under a second even on a busy machine.
SMALL = Budget(max_nodes=2_000, max_total=5_000, worlds=2, world_nodes=200, max_sampled=5_000)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(background, "BUDGET", SMALL)


@pytest.fixture
def app(tmp_path):
    """An app whose worker does not queue the samples as it starts: the tests of that say so."""
    application = create_app(app_config(tmp_path, ANALYSIS_SAMPLES_AT_START=False))
    yield application
    application.extensions["card_replay"].repository.dispose()


def upload(client, log: dict) -> str:
    answer = client.post("/api/v1/games", data=json.dumps(log), content_type="application/json")
    assert answer.status_code == 201
    return answer.json["id"]


def test_an_upload_queues_its_analysis_and_a_worker_after_a_restart_runs_it(tmp_path):
    log = simulate(3, 7)
    first = create_app(app_config(tmp_path))
    game = upload(first.test_client(), log)
    assert first.test_client().get(f"/games/{game}/analysis.json").json == {"state": "queued", "ahead": 0}
    first.extensions["card_replay"].repository.dispose()

    second = create_app(app_config(tmp_path))  # the process that queued it is gone
    assert background.work_once(second)
    assert not background.work_once(second)  # nothing left
    answer = second.test_client().get(f"/games/{game}/analysis.json")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    shown = answer.json["analysis"]
    plays = [f"trick-{trick}-play-{play}" for trick in range(1, len(log["tricks"]) + 1) for play in (1, 2, 3)]
    assert sorted(shown["steps"]) == sorted(plays)  # every play of the game, by its moment
    last = shown["steps"][plays[-1]]
    assert last["exact"] and last["cost"] == "0"  # the last play of a trick has one choice: nothing better
    made = log["tricks"][-1]["plays"][-1]  # said as its choice says it: "Andrea plays green 3", not "G3"
    colour = {"B": "blue", "Y": "yellow", "G": "green", "R": "red", "P": "purple"}[made["card"][0]]
    assert last["played"] == f"{made['player']} plays {colour} {made['card'][1:]}"
    traces = shown["figure"]["data"]
    assert [trace["name"] for trace in traces] == log["players"]  # in seating order, coloured as every chart
    assert [trace["line"]["color"] for trace in traces] == [player_color(seat) for seat in range(3)]
    assert answer.json["rules"] == "/rules/david-goliath#computer-analysis"
    second.extensions["card_replay"].repository.dispose()


def test_the_cleanup_drops_the_analysis_of_a_deleted_game(app):
    client = app.test_client()
    stored = client.post("/api/v1/games", data=json.dumps(simulate(3, 9)), content_type="application/json").json
    client.delete(f"/api/v1/games/{stored['id']}", headers={"Authorization": f"Bearer {stored['delete_token']}"})
    cleaned = app.test_cli_runner().invoke(args=["cleanup"])
    assert "(and 1 analyses of games no longer kept)" in cleaned.output
    assert not background.work_once(app)  # nothing left to run


def test_the_worker_command_runs_what_is_queued(app):
    client = app.test_client()
    game = upload(client, simulate(3, 8))
    client.post("/samples/david-goliath/legal-4-players/analysis.json", environ_base={"REMOTE_ADDR": "192.0.2.8"})
    ran = app.test_cli_runner().invoke(args=["analysis-worker", "--until-idle"])
    assert ran.exit_code == 0 and "2 jobs run" in ran.output
    assert client.get(f"/games/{game}/analysis.json").json["state"] == "done"
    assert client.get("/samples/david-goliath/legal-4-players/analysis.json").json["state"] == "done"


def test_a_sample_is_analysed_when_its_page_asks(app):
    client = app.test_client()
    address = "/samples/david-goliath/legal-3-players/analysis.json"
    assert client.get(address).json["state"] == "none"
    asked = client.post(address)
    assert (asked.status_code, asked.json["state"]) == (202, "queued")
    assert background.work_once(app)
    done = client.post(address)  # asking again once it is done costs nothing and answers the result
    assert (done.status_code, done.json["state"]) == (200, "done")
    assert done.json["analysis"]["valued"] > 0
    match = client.post("/samples/david-goliath/match-4-players/g/2/analysis.json")
    assert match.json["state"] == "queued"
    background.work_once(app)
    part = client.get("/samples/david-goliath/match-4-players/g/2/analysis.json").json["analysis"]
    assert part["steps"] and all(step.startswith("trick-") for step in part["steps"])  # game 2's plays only


def test_an_analysis_made_by_an_earlier_method_is_made_again(app, monkeypatch):
    # A new way of valuing plays (replaykit.analysis.METHOD) gives other values from the same log and budget:
    # what was stored before it is not shown as current.
    client = app.test_client()
    address = "/samples/david-goliath/legal-3-players/analysis.json"
    client.post(address)
    assert background.work_once(app)
    assert client.get(address).json["state"] == "done"
    monkeypatch.setattr(analysis, "METHOD", analysis.METHOD + 1)
    assert client.get(address).json["state"] == "none"
    assert client.post(address).json["state"] == "queued"


def test_a_client_over_its_bound_is_told_when_to_ask_again(tmp_path):
    app = create_app(app_config(tmp_path, ANALYSIS_MAX_PENDING=1))
    client = app.test_client()
    first = upload(client, simulate(3, 8))
    assert client.get(f"/games/{first}/analysis.json").json["state"] == "queued"
    # an upload over the bound is stored all the same; its page asks for the analysis later
    second = upload(client, simulate(3, 9))
    assert client.get(f"/games/{second}/analysis.json").json["state"] == "none"
    refused = client.post(f"/games/{second}/analysis.json")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "10"
    # the page's own script says it (static/analysis.js); the answer says it too, in the reader's language
    assert refused.json["detail"] == "Other analyses of your games are under way: this one can start in 10 seconds."
    # in Polish without a gender ("Poprosiłeś", you asked, is a man's): "Other analyses of your games are under
    # way: this one can start in 10 s."
    polish = client.post(f"/games/{second}/analysis.json", headers={"Accept-Language": "pl"})
    assert polish.json["detail"] == "Trwają inne analizy Twoich gier: ta może ruszyć za 10 s."
    other = client.post(f"/games/{second}/analysis.json", environ_base={"REMOTE_ADDR": "192.0.2.8"})
    assert other.status_code == 202  # another client is not held back
    app.extensions["card_replay"].repository.dispose()


def test_a_client_over_its_hour_is_told_that_its_uploads_count_not_that_it_asked_too_often(tmp_path):
    app = create_app(app_config(tmp_path, ANALYSIS_MAX_PENDING=5, ANALYSIS_PER_HOUR=1))
    client = app.test_client()
    upload(client, simulate(3, 8))  # its analysis queued by the upload: the hour's one
    second = upload(client, simulate(3, 9))
    refused = client.post(f"/games/{second}/analysis.json")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 3500
    assert refused.json["detail"] == (
        "Your games' analyses have reached this hour's limit (each game uploaded counts): this one can start in "
        f"{refused.headers['Retry-After']} seconds.")
    app.extensions["card_replay"].repository.dispose()


def test_a_visitor_browsing_the_samples_is_never_refused_nor_charged(tmp_path):
    app = create_app(app_config(tmp_path, ANALYSIS_MAX_PENDING=1, ANALYSIS_PER_HOUR=2,
                                ANALYSIS_SAMPLES_AT_START=False))
    client = app.test_client()
    slugs = ["legal-3-players", "legal-4-players", "legal-5-players", "legal-6-players", "match-4-players"]
    for slug in slugs:  # more than both bounds
        asked = client.post(f"/samples/david-goliath/{slug}/analysis.json")
        assert (asked.status_code, asked.json["state"]) == (202, "queued")
    game = upload(client, simulate(3, 8))  # the visitor's own bound is untouched
    assert client.get(f"/games/{game}/analysis.json").json == {"state": "queued", "ahead": 0}
    app.extensions["card_replay"].repository.dispose()


def one_sample_folder(tmp_path):
    """A samples folder holding David & Goliath's 3-player sample alone (the toy game's own come with it)."""
    folder = tmp_path / "samples" / "david-goliath"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "sample_games" / "david-goliath" / "legal-3-players.json", folder)
    return folder.parent


def test_a_worker_analyses_every_sample_as_it_starts_and_a_restart_reuses_them(tmp_path):
    config = app_config(tmp_path, SAMPLES_DIR=str(one_sample_folder(tmp_path)))
    first = create_app(config)
    client = first.test_client()
    samples = first.extensions["card_replay"].samples
    addresses = [f"/samples/{game}/{slug}/analysis.json" for game, slug in samples]
    assert "/samples/david-goliath/legal-3-players/analysis.json" in addresses
    assert {client.get(address).json["state"] for address in addresses} == {"none"}
    ran = first.test_cli_runner().invoke(args=["analysis-worker", "--until-idle"])
    assert ran.exit_code == 0 and f"{len(samples)} jobs run" in ran.output
    assert {client.get(address).json["state"] for address in addresses} == {"done"}  # no page had asked
    first.extensions["card_replay"].repository.dispose()

    second = create_app(config)  # a restart, or another process on the same database
    ran = second.test_cli_runner().invoke(args=["analysis-worker", "--until-idle"])
    assert ran.exit_code == 0 and "0 jobs run" in ran.output
    assert second.test_client().get(addresses[0]).json["state"] == "done"
    second.extensions["card_replay"].repository.dispose()


def test_a_log_that_starts_no_game_says_so_rather_than_that_the_game_has_no_analysis(app):
    # Eight players: Olympi Cards seats two to seven, so no game starts. The page said "This game offers no
    # computer analysis yet", which Olympi Cards does offer.
    client = app.test_client()
    address = "/samples/olympi/illegal-eight-players/analysis.json"
    client.post(address)
    background.work_once(app)
    done = client.get(address, headers={"Accept-Language": "it"}).json
    assert (done["state"], done["analysis"]) == ("done", None)
    assert done["note"] == ("In questo log non comincia nessuna partita del gioco Olympi Cards: non c'è niente da "
                            "analizzare.")
    played = client.get("/samples/olympi/clean-2-players/analysis.json").json
    assert "note" not in played


def test_a_sample_edited_is_analysed_again(tmp_path):
    folder = one_sample_folder(tmp_path)
    config = app_config(tmp_path, SAMPLES_DIR=str(folder), ANALYSIS_SAMPLES_AT_START=False)
    address = "/samples/david-goliath/legal-3-players/analysis.json"
    first = create_app(config)
    first.test_client().post(address)
    assert background.work_once(first)
    assert first.test_client().get(address).json["state"] == "done"
    first.extensions["card_replay"].repository.dispose()

    path = folder / "david-goliath" / "legal-3-players.json"
    log = json.loads(path.read_text())
    log["tricks"] = log["tricks"][:-1]  # the game now stops a trick earlier: other plays to value
    path.write_text(json.dumps(log))
    second = create_app(config)
    assert second.test_client().get(address).json["state"] == "none"
    assert second.test_client().post(address).json["state"] == "queued"
    second.extensions["card_replay"].repository.dispose()


def test_another_site_cannot_ask_for_an_analysis(client):
    address = "/samples/david-goliath/legal-3-players/analysis.json"
    assert client.post(address, headers={"Origin": "https://evil.example"}).status_code == 403
    assert client.post(address, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert client.get(address).json["state"] == "none"


def test_unknown_games_samples_and_parts_are_404(client):
    assert client.get("/games/no-such-game/analysis.json").status_code == 404
    assert client.post("/samples/david-goliath/no-such-sample/analysis.json").status_code == 404
    # a match of 4 games has parts 1 to 4, a single game none (its page answers 404 alike)
    match = "/samples/david-goliath/match-4-players"
    assert client.get(f"{match}/g/4/analysis.json").status_code == 200
    for part in (0, 5, 77, 10**22):
        for ask in (client.get, client.post):
            answer = ask(f"{match}/g/{part}/analysis.json")
            assert answer.status_code == 404 and answer.json["detail"] == f"This document has no readable game {part}."
    single = client.get("/samples/david-goliath/legal-3-players/g/1/analysis.json")
    assert single.status_code == 404 and single.json["detail"] == "A single game has no numbered parts."


def test_the_game_page_names_its_analysis_and_the_rulings_page_states_the_thresholds(client):
    page = client.get("/samples/david-goliath/legal-3-players").get_data(as_text=True)
    assert 'data-analysis="/samples/david-goliath/legal-3-players/analysis.json"' in page
    assert "analysis.js" in page
    rules = client.get("/rules/david-goliath").get_data(as_text=True)
    assert 'id="computer-analysis"' in rules
    # replaykit.analysis.MARKS: a blunder costs 6 or more, a mistake 3, an inaccuracy 1
    for mark, threshold in (("Blunder", 6), ("Mistake", 3), ("Inaccuracy", 1)):
        assert f"<li>{mark}: cost {threshold} or more</li>" in rules


def test_production_runs_the_worker_as_its_own_service():
    service = unit("card-replay-analysis.service")["Service"]
    assert service["ExecStart"].endswith("flask --app app analysis-worker")
    assert service["Restart"] == "always" and service["UMask"] == "0077"
    # the same database as the web service's
    assert service["Environment"] == unit("card-replay.service")["Service"]["Environment"]


# Each game's rulings say what its computer analysis values, under this title in each language.
VALUES_TITLE = {"en": "What the computer analysis values", "it": "Che cosa valuta l'analisi del computer",
                "pl": "Co wycenia analiza komputerowa"}


@pytest.mark.parametrize(("game", "language"), [
    (game, language) for game, engine in sorted(registry.engines().items()) for language in sorted(VALUES_TITLE)
    if language == "en" or homes.document(engine, "rulings.md", language)])  # a game's rulings in that language
def test_the_shared_terms_leave_what_the_result_is_to_each_game_s_rulings(client, game, language):
    page = html.unescape(client.get(f"/rules/{game}", headers={"Accept-Language": language}).get_data(as_text=True))
    rulings, terms = page.split('id="computer-analysis"')
    title = VALUES_TITLE[language]
    assert title in rulings  # the game's own bullet, above the shared terms
    assert re.search(f"[“«„]{title}[”»]", terms)  # which the terms point to
    assert not re.search("David|Davide|Dawid", terms)  # and no one game's result in them


def test_the_analysis_s_polish_words_address_the_reader_without_a_gender():
    # Polish past forms of "you" carry a gender (-łeś a man, -łaś a woman: "Poprosiłeś", you asked): the
    # analysis's messages use impersonal forms ("poproszono", it was asked) instead.
    with (ROOT / "translations" / "pl" / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalogue = pofile.read_po(file)
    ours = [message for message in catalogue if message.id and any(
        place in ("api/background.py", "api/analysis.py", "templates/analysis_terms.html")
        for place, _line in message.locations)]
    assert len(ours) > 20
    said = [text for message in ours for text in ([message.string] if isinstance(message.string, str)
                                                  else message.string)]
    assert all(said) and not [text for text in said if re.search(r"\w(łeś|łaś)\b", text)]


@pytest.mark.parametrize(("language", "retires", "plays"), [("en", "Bruno retires", "Bruno plays B1"),
                                                             ("it", "Bruno si ritira", "Bruno gioca B1"),
                                                             ("pl", "Bruno wycofuje się", "Bruno zagrywa B1")])
def test_an_analysed_play_is_said_as_the_game_s_choices_say_it(app, language, retires, plays):
    # The analysis keeps actions as the log writes them: "Errore: Ann gioca retire" was shown. At Bruno's first
    # turn of the sample's first race (after Ann's B5), his choices word a retirement and a play.
    retire, play = {"player": "Bruno", "action": "retire"}, {"player": "Bruno", "action": "play", "cards": ["B1"]}
    result = {"plays": [{"step": "race-1-turn-2", "player": "Bruno", "played": retire, "best": [play]}]}
    with app.test_request_context("/", headers={"Accept-Language": language}):
        said = background._plays_said(app.extensions["card_replay"].samples.get(("olympi", "clean-2-players")).verdict,
                                 result)
        assert (said("race-1-turn-2", retire), said("race-1-turn-2", play)) == (retires, plays)
        assert said("race-1-turn-3", retire) is None  # a step the analysis did not keep: no words of its own


@pytest.mark.parametrize("language, decimal", [("en", "."), ("it", ","), ("pl", ",")])
def test_the_analysis_is_worded_with_the_reader_s_decimal_sign(app, language, decimal):
    # 12.75 is written 12,75 in Italian and Polish (CLDR's decimal sign of both)
    with app.test_request_context("/", headers={"Accept-Language": language}):
        assert background._words().decimal == decimal


@pytest.mark.parametrize(("language", "units"), [
    ("en", {"david-goliath": "in points", "grande-dalmuti": "in points of the place", "olympi": "in VP"}),
    ("it", {"david-goliath": "in punti", "grande-dalmuti": "in punti del posto", "olympi": "in PV"}),
    ("pl", {"david-goliath": "w punktach", "grande-dalmuti": "w punktach za miejsce", "olympi": "w PZ"})])
def test_the_analysis_says_the_unit_of_each_game_s_result(app, language, units):
    # "Computer: costs 8" said 8 of nothing: D&G values a game's points (its rule 8), Il Grande Dalmuti a place's
    # points in the round (rule 9), Olympi Cards a race's VP (the rulings' "What the computer analysis values").
    with app.test_request_context("/", headers={"Accept-Language": language}):
        for game, phrase in units.items():
            words = background._words(registry.engines()[game])
            assert words.unit == phrase, game
            assert evaluation.view({"plays": []}, words=words)["unit"] == phrase
        assert background._words().unit == {"en": "in the game's result", "it": "nel risultato del gioco",
                                            "pl": "w wyniku gry"}[language]
