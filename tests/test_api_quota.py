"""Per-client quota, full storage, the uploader's delete and the retention cleanup (api.quota).

The quota counts every byte kept for a client's games (their computer analyses too); the tests add it up
from the rows themselves (``stored``), independently of the SQL that ``Repository.usage`` runs.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape
from sqlalchemy import select, update
from sqlalchemy.exc import OperationalError

from api import background, quota
from api.jobs import OVER_QUOTA, AnalysisJob
from api.storage import ROW_BYTES, Repository, StoredGame, StoredListing, StoredResult, Upload
from app import create_app
from dg_replay.simulate import simulate, simulate_match
from replaykit.analysis import Budget
from tests.conftest import app_config
from tests.test_hardening import assert_problem

LOG = json.dumps(simulate(4, 41)).encode()
BARE = len(LOG) + 2 * ROW_BYTES  # LOG stored alone (``Repository.add`` with no results or lists): 2 rows


def stored(application) -> int:
    """Every byte kept for the games, added up row by row: the log, the report and table views, each page
    list, the analysis (its result or error), and ``ROW_BYTES`` for each row (the game's, its owner's, the
    results', each list's, the analysis job's). A deleted game's job, which the cleanup drops, is no one's."""
    payloads = {StoredGame: lambda row: len(row.log), Upload: lambda row: 0,
                StoredResult: lambda row: len(row.report) + len(row.snapshots),
                StoredListing: lambda row: len(row.body),
                AnalysisJob: lambda row: len(row.result or b"") + len(row.error or "")}
    with application.extensions["card_replay"].repository.sessions() as session:
        rows = [row for table in payloads for row in session.scalars(select(table))]
        games = set(session.scalars(select(StoredGame.id)))
    return sum(payloads[type(row)](row) + ROW_BYTES for row in rows
               if not isinstance(row, AnalysisJob) or row.key in games)


def usage(application, address: str = "192.0.2.7") -> int:
    with application.test_request_context():
        return application.extensions["card_replay"].repository.usage(quota.client_key(address))


def one_upload_stores(tmp_path) -> int:
    """What one upload of LOG keeps in all, as counted from the rows of a database of its own."""
    application = create_app(app_config(tmp_path / "probe"))
    assert upload(application.test_client()).status_code == 201
    return stored(application)


def upload(client, body: bytes = LOG, address: str = "192.0.2.7"):
    return client.post("/api/v1/games", data=body, content_type="application/json",
                       environ_base={"REMOTE_ADDR": address})


def test_a_client_past_its_quota_gets_507_and_others_still_store(tmp_path):
    client = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=3 * one_upload_stores(tmp_path))).test_client()
    assert [upload(client).status_code for _ in range(3)] == [201, 201, 201]
    detail = assert_problem(upload(client), 507)["detail"]
    assert "of the" in detail and "DELETE /api/v1/games/ID" in detail
    # the sizes as the reader writes numbers (before: "0.1 MiB" in every language)
    italian = client.post("/api/v1/games", data=LOG, content_type="application/json",
                          environ_base={"REMOTE_ADDR": "192.0.2.7"}, headers={"Accept-Language": "it"})
    said = assert_problem(italian, 507)["detail"]
    assert len(re.findall(r"\b\d+,\d MiB", said)) == 2 and not re.search(r"\d\.\d MiB", said)
    assert upload(client, address="192.0.2.8").status_code == 201
    assert client.application.extensions["card_replay"].repository.count() == 4


def test_the_form_past_the_quota_shows_the_form_again_with_the_log_kept(tmp_path):
    # Before: an error page, and the pasted log was gone.
    client = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=one_upload_stores(tmp_path))).test_client()
    assert upload(client).status_code == 201
    page = client.get("/").get_data(as_text=True)
    token = page.split('name="csrf_token" type="hidden" value="', 1)[1].split('"', 1)[0]
    answer = client.post("/", data={"text": LOG.decode(), "csrf_token": token}, content_type="multipart/form-data",
                         environ_base={"REMOTE_ADDR": "192.0.2.7"})
    shown = answer.get_data(as_text=True)
    assert answer.status_code == 507 and 'id="upload-problem"' in shown and "one client may store" in shown
    assert str(escape(LOG.decode())) in shown
    # a reader of the page has no delete token: it says what the page offers, not the API's call
    said = "Delete some (“Delete this game” on a game's page; this browser's are listed under “Your uploads”)"
    assert str(escape(said)) in shown
    assert "DELETE /api/v1/games" not in shown
    assert client.application.extensions["card_replay"].repository.count() == 1


def test_deleting_frees_quota_and_needs_the_games_own_token(tmp_path):
    client = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=one_upload_stores(tmp_path))).test_client()
    first, second = upload(client).get_json(), upload(client, address="192.0.2.9").get_json()
    path = f"/api/v1/games/{first['id']}"
    assert_problem(client.delete(path), 403)
    assert_problem(client.delete(path, headers={"Authorization": f"Bearer {second['delete_token']}"}), 403)
    assert client.get(path).status_code == 200
    assert_problem(upload(client), 507)
    response = client.delete(path, headers={"Authorization": f"Bearer {first['delete_token']}"})
    assert response.status_code == 204 and response.data == b"" and "Content-Type" not in response.headers
    assert_problem(client.get(path), 404)
    assert_problem(client.delete(path, headers={"Authorization": f"Bearer {first['delete_token']}"}), 404)
    assert upload(client).status_code == 201


def test_neither_the_token_nor_the_address_is_stored_as_such(app, client):
    token = upload(client).get_json()["delete_token"]
    with app.extensions["card_replay"].repository.sessions() as session:
        owner = session.scalars(select(Upload)).one()
    assert owner.token == hashlib.sha256(token.encode()).hexdigest() and len(token) >= 24
    assert "192.0.2.7" not in owner.client and len(owner.client) == 32


def test_no_room_left_on_disk_is_507_before_anything_is_written(tmp_path):
    client = create_app(app_config(tmp_path, STORAGE_MIN_FREE_BYTES=1 << 62)).test_client()
    assert "storage is full" in assert_problem(upload(client), 507)["detail"]
    assert client.application.extensions["card_replay"].repository.count() == 0


@pytest.mark.parametrize(("message", "status"), [("database or disk is full", 507), ("unable to open database", 503)])
def test_a_full_or_broken_database_is_507_or_503_not_500(app, client, monkeypatch, message, status):
    repository = app.extensions["card_replay"].repository

    def failing(*_args, **_kwargs):
        raise OperationalError("INSERT", {}, Exception(message))

    monkeypatch.setattr(repository, "add", failing)
    response = upload(client)
    assert_problem(response, status)
    assert status == 507 or int(response.headers["Retry-After"]) > 0


def age(application, days: int) -> None:
    """Make every stored game ``days`` older."""
    repository = application.extensions["card_replay"].repository
    with repository.sessions.begin() as session:
        for table in (StoredGame, Upload):
            session.execute(update(table).values(created=datetime.now(UTC) - timedelta(days=days)))


def test_cleanup_deletes_games_past_retention_and_nothing_newer(tmp_path):
    application = create_app(app_config(tmp_path, RETENTION_DAYS=30))
    client = application.test_client()
    old = upload(client).get_json()["id"]
    age(application, 31)
    new = upload(client).get_json()["id"]
    result = application.test_cli_runner().invoke(args=["cleanup"])
    assert result.exit_code == 0 and "deleted 1 games" in result.output
    assert client.get(f"/api/v1/games/{old}").status_code == 404
    assert client.get(f"/api/v1/games/{new}").status_code == 200
    assert "deleted 0 games" in application.test_cli_runner().invoke(args=["cleanup"]).output


def test_retention_zero_keeps_games_for_ever(tmp_path):
    application = create_app(app_config(tmp_path, RETENTION_DAYS=0))
    upload(application.test_client())
    age(application, 10_000)
    assert "deleted 0 games" in application.test_cli_runner().invoke(args=["cleanup"]).output


def fill_at_once(repository, client: str, quota: int, uploads: int = 8) -> list[str]:
    """``uploads`` threads store LOG for one client at the same moment; what each got: "stored" or "refused"."""
    from api.storage import OverQuota

    start, outcomes = threading.Barrier(uploads), []

    def one() -> None:
        start.wait()
        try:
            repository.add(LOG, "david-goliath", True, client, quota=quota)
            outcomes.append("stored")
        except OverQuota as error:
            outcomes.append("refused")
            assert error.used + BARE > quota

    threads = [threading.Thread(target=one) for _ in range(uploads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_uploads_arriving_at_once_never_take_a_client_past_its_quota(tmp_path):
    app = create_app(app_config(tmp_path))
    repository = app.extensions["card_replay"].repository
    outcomes = fill_at_once(repository, "one-client", quota=3 * BARE)
    assert sorted(outcomes) == ["refused"] * 5 + ["stored"] * 3
    assert repository.usage("one-client") == 3 * BARE == stored(app)


def test_the_check_as_it_stores_answers_507_like_the_early_one(tmp_path, monkeypatch):
    client = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=one_upload_stores(tmp_path))).test_client()
    monkeypatch.setattr(quota, "ensure_room", lambda *args: None)  # as if a twin upload passed it too
    assert upload(client).status_code == 201
    detail = assert_problem(upload(client), 507)["detail"]
    assert "of the" in detail and client.application.extensions["card_replay"].repository.count() == 1


def test_the_quota_counts_the_results_and_page_lists_kept_with_a_log(tmp_path):
    application = create_app(app_config(tmp_path))
    game_id = upload(application.test_client()).get_json()["id"]
    with application.extensions["card_replay"].repository.sessions() as session:
        lists = session.scalars(select(StoredListing)).all()
        result = session.get(StoredResult, game_id)
    assert sorted(row.language for row in lists) == ["en", "it", "pl"]
    kept = len(LOG) + len(result.report) + len(result.snapshots) + sum(len(row.body) for row in lists)
    # rows: the game, its owner, its results, three lists and the analysis the upload queued
    assert usage(application) == kept + 7 * ROW_BYTES == stored(application)
    assert kept > 5 * len(LOG), "the lists and results are most of what an upload keeps"


def test_an_upload_whose_results_and_lists_would_pass_the_quota_is_refused_and_nothing_kept(tmp_path):
    client = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=2 * len(LOG))).test_client()  # room for the log
    assert "of the" in assert_problem(upload(client), 507)["detail"]
    assert stored(client.application) == 0


def test_a_list_a_view_renders_later_counts_and_is_not_kept_past_the_quota(tmp_path):
    application = create_app(app_config(tmp_path))
    client = application.test_client()
    created = client.post("/api/v1/games", json=simulate_match(3, 5), environ_base={"REMOTE_ADDR": "192.0.2.7"})
    match = created.get_json()
    at_upload = stored(application)
    assert usage(application) == at_upload, "a match's parts have no lists until a view renders them"
    assert client.get(f"/games/{match['id']}/g/2?lang=it").status_code == 200
    assert usage(application) == stored(application) > at_upload + ROW_BYTES
    application.config["STORAGE_QUOTA_BYTES"] = usage(application) + ROW_BYTES  # no room for another list
    before = stored(application)
    assert client.get(f"/games/{match['id']}/g/3?lang=it").status_code == 200, "the page is still shown"
    assert stored(application) == usage(application) == before
    client.delete(f"/api/v1/games/{match['id']}", headers={"Authorization": f"Bearer {match['delete_token']}"})
    assert usage(application) == stored(application) == 0


def test_results_a_view_replaces_count_and_are_kept_only_within_the_quota(app):
    repository = app.extensions["card_replay"].repository
    game = repository.add(LOG, "david-goliath", True, "client", result=("v1", b"r" * 1000, b"s" * 1000))
    assert repository.usage("client") == len(LOG) + 2000 + 3 * ROW_BYTES  # game, owner and results rows
    quota = repository.usage("client") + 500
    assert not repository.keep_result(game.id, "v2", b"r" * 1000, b"s" * 1600, quota=quota), "600 more: past it"
    assert repository.result(game.id, "v1") == (b"r" * 1000, b"s" * 1000)
    assert repository.keep_result(game.id, "v2", b"r" * 1000, b"s" * 1400, quota=quota), "400 more: within it"
    assert repository.usage("client") == len(LOG) + 2400 + 3 * ROW_BYTES
    assert repository.keep_result(game.id, "v3", b"r", b"s", quota=1), "smaller: kept even past a quota"
    assert repository.usage("client") == len(LOG) + 2 + 3 * ROW_BYTES


def analysed(application) -> AnalysisJob:
    """Run the analysis the upload queued (a small search), and give back its job's row."""
    assert background.work_once(application)
    with application.extensions["card_replay"].repository.sessions() as session:
        return session.scalars(select(AnalysisJob)).one()


@pytest.fixture
def small_search(monkeypatch):
    monkeypatch.setattr(background, "BUDGET", Budget(max_nodes=2_000, max_total=5_000, worlds=0))


def test_an_analysis_result_counts_against_its_owners_quota(tmp_path, small_search):
    application = create_app(app_config(tmp_path))
    upload(application.test_client())
    queued = usage(application)
    assert queued == stored(application)  # the queued job's row is counted from the upload on
    job = analysed(application)
    assert job.state == "done" and job.result
    assert usage(application) == queued + len(job.result) == stored(application)
    assert usage(application, "192.0.2.8") == 0  # the owner's, not another client's


def test_an_analysis_result_past_the_quota_is_not_kept(tmp_path, small_search):
    application = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=one_upload_stores(tmp_path)))
    game_id = upload(application.test_client()).get_json()["id"]
    queued = usage(application)
    assert queued == application.config["STORAGE_QUOTA_BYTES"]  # the upload filled the quota
    job = analysed(application)
    assert job.state == "failed" and job.result is None and job.error == OVER_QUOTA
    assert usage(application) == queued + len(OVER_QUOTA) == stored(application)  # the note, not the result
    answer = application.test_client().get(f"/games/{game_id}/analysis.json").get_json()
    assert answer == {"state": "failed", "ahead": 0}


LISTS = st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["en", "it", "pl"]), st.integers(0, 3000)), max_size=10)


@settings(max_examples=25, deadline=None)
@given(lists=LISTS, room=st.integers(0, 8000))
def test_lists_kept_later_are_counted_exactly_and_never_take_a_client_past_its_quota(tmp_path_factory, lists, room):
    repository = Repository(f"sqlite:///{tmp_path_factory.mktemp('lists') / 'games.sqlite3'}")
    repository.create_schema()
    game = repository.add(b"x" * 100, "david-goliath", True, "client")
    quota, kept = 100 + 2 * ROW_BYTES + room, {}
    for part, language, size in lists:
        before = 100 + 2 * ROW_BYTES + sum(length + ROW_BYTES for length in kept.values())
        after = before - kept.get((part, language), -ROW_BYTES) + size  # a new row also costs ROW_BYTES
        stored_it = repository.keep_listing(game.id, "v", part, language, b"b" * size, quota=quota)
        assert stored_it == (after <= quota or after <= before)
        if stored_it:
            kept[(part, language)] = size
        assert repository.usage("client") == 100 + 2 * ROW_BYTES + sum(length + ROW_BYTES for length in kept.values())
        assert repository.usage("client") <= quota
    repository.dispose()
