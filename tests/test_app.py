"""The application factory's own files: the instance folder, its key and the database are private."""

from __future__ import annotations

import stat
from types import SimpleNamespace

from api.storage import Repository
from app import _instance_secret


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_secret_key_and_its_folder_are_for_the_owner_only(tmp_path):
    folder = tmp_path / "instance"
    key = _instance_secret(SimpleNamespace(instance_path=str(folder)))
    assert len(key) == 64 and _instance_secret(SimpleNamespace(instance_path=str(folder))) == key
    assert mode(folder) == 0o700 and mode(folder / "secret_key") == 0o600


def test_the_sqlite_database_and_its_journal_are_for_the_owner_only(tmp_path):
    path = tmp_path / "games.sqlite3"
    repository = Repository(f"sqlite:///{path}")
    repository.create_schema()
    with repository.engine.connect() as connection:  # while a connection is open the write-ahead log exists
        repository.add(b"{}", "david-goliath", True)
        connection.exec_driver_sql("SELECT count(*) FROM stored_games")
        files = [path, *tmp_path.glob("games.sqlite3-*")]
        assert len(files) >= 2
        assert all(mode(file) == 0o600 for file in files), {file.name: oct(mode(file)) for file in files}
    repository.dispose()
