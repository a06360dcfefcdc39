"""The shipped production setup: gunicorn.conf.py as gunicorn reads it, and the systemd units."""

from __future__ import annotations

import configparser
import gc
from pathlib import Path

from gunicorn.app.base import Application

ROOT = Path(__file__).resolve().parent.parent


class Loaded(Application):
    """gunicorn's own reading of the config file, as the production command does."""

    def init(self, parser, opts, args):
        return None

    def load_config(self):
        self.load_config_from_file(str(ROOT / "gunicorn.conf.py"))

    def load(self):  # pragma: no cover - never served
        raise AssertionError


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read(ROOT / "deploy" / name)
    return parser


def test_gunicorn_settings_resist_slow_clients_and_orphaned_workers():
    config = Loaded().cfg
    assert config.worker_class_str == "gevent" and config.workers == 2
    assert 0 < config.keepalive <= 10 and config.timeout == 30 and config.max_requests > 0
    assert config.post_fork.__module__ != "gunicorn.config"  # ours: workers die with their master


def test_a_worker_freezes_what_the_app_loaded_out_of_the_garbage_collector():
    from api import listings

    config = Loaded().cfg
    before = gc.get_freeze_count()
    listings.renderer.cache_clear()
    try:
        config.post_worker_init(None)
        assert gc.get_freeze_count() > before, "the objects alive when the worker is ready are frozen"
        assert listings.renderer.cache_info().currsize == 1, "the lists' code digest is taken before any view"
    finally:
        gc.unfreeze()


def test_the_unit_stops_the_whole_group_and_restarts():
    service = unit("card-replay.service")["Service"]
    assert service["KillMode"] == "control-group" and service["Restart"] == "always"
    assert "gunicorn.conf.py" in service["ExecStart"] and service["ExecStart"].endswith("app:create_app()")
    assert service["UMask"] == "0077"
    cleanup = unit("card-replay-cleanup.service")["Service"]
    assert cleanup["ExecStart"].endswith("flask --app app cleanup")
    assert unit("card-replay-cleanup.timer")["Timer"]["OnCalendar"] == "daily"
