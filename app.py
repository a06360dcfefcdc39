"""The application factory: ``flask --app app run`` or ``gunicorn 'app:create_app()'``.

``create_app`` wires the blueprints, storage, CSRF, security headers and problem documents, and reads
the sample games once. Importing this module builds nothing: ``app`` is created on first access (PEP 562
module ``__getattr__``), so tests can import ``create_app`` without touching the real database.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask
from flask_wtf.csrf import CSRFProtect

import api as web
from api import (
    analyse,  # noqa: F401  (its route joins api_v1's blueprint, registered below)
    api_v1,
    assets,
    background,
    bodies,
    branches,
    choices,  # noqa: F401  (its routes join api_v1's blueprint, registered below)
    edge,
    guards,
    health,
    homes,
    i18n,
    openapi,
    pages,
    problems,
    quota,
    ratelimits,
    record,
    samples,
    verdicts,
    workload,
)
from api.storage import Repository
from replaykit import registry

DEFAULTS = {
    "API_TITLE": "Card Replay",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api/v1",
    "OPENAPI_JSON_PATH": "openapi.json",
    "SAMPLES_DIR": str(web.resource_dir("sample_games")),
    "WTF_CSRF_TIME_LIMIT": None,  # the token lives as long as the session: a form left open still works
    "JSON_SORT_KEYS": False,
    **guards.DEFAULTS,
    **bodies.DEFAULTS,
    **edge.DEFAULTS,
    **quota.DEFAULTS,
    **workload.DEFAULTS,
    **background.DEFAULTS,
    **branches.DEFAULTS,
}
# settings an operator may give as variables
ENVIRONMENT = ("SECRET_KEY", "DATABASE_URL", *guards.DEFAULTS, *bodies.DEFAULTS, *edge.DEFAULTS, *quota.DEFAULTS,
               *workload.DEFAULTS, *background.DEFAULTS, *branches.DEFAULTS)


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True, template_folder=web.resource_dir("templates"),
                static_folder=web.resource_dir("static"))
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True  # pages without template indentation: lighter
    app.config.from_mapping(DEFAULTS)
    app.config.update(_from_environment())
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(app)
    if not app.config.get("DATABASE_URL"):
        _private_folder(Path(app.instance_path))
        app.config["DATABASE_URL"] = f"sqlite:///{Path(app.instance_path) / 'games.sqlite3'}"

    homes.check(registry.engines().values())  # a game's home with a folder missing stops the app here
    repository = Repository(app.config["DATABASE_URL"])
    repository.create_schema()
    shipped = samples.load(Path(app.config["SAMPLES_DIR"]))
    app.extensions[web.EXTENSION] = web.Services(repository, shipped, samples.legacy_names(shipped))
    for plugin in registry.broken():
        app.logger.warning('the game plugin "%s" (%s) could not be loaded and is skipped: %s', plugin.name,
                           plugin.target, plugin.problem)
    app.url_map.converters["game"] = homes.GameConverter
    app.jinja_loader = homes.template_loader(app.jinja_loader, registry.engines().values())
    i18n.install(app)

    csrf = CSRFProtect(app)
    names = ", ".join(engine.name for engine in verdicts.engines().values())
    described = {"info": {"description": f"Strict replay validation of card game logs: {names}."}}
    smorest = openapi.GamesApi(app, spec_kwargs=described)  # its document built once per process (api/openapi.py)
    app.extensions["card_replay_api"] = smorest
    api_v1.register(smorest)
    app.register_blueprint(api_v1.legacy)
    csrf.exempt(api_v1.blp)  # API clients authenticate nothing and send no cookies: CSRF does not apply
    app.register_blueprint(pages.bp)
    app.register_blueprint(record.bp)
    assets.install(app)
    app.register_blueprint(health.bp)
    ratelimits.configure(app)
    guards.install(app)
    bodies.install(app)
    edge.install(app)
    quota.install(app)
    background.install(app)
    problems.install(app)  # after flask-smorest, whose own JSON error handler it replaces
    return app


def _from_environment() -> dict:
    """Settings given as environment variables, read as the type of their default."""
    found = {}
    limits = [name for name in os.environ if name.startswith("LOG_MAX_")]  # each game's size limits, by name
    for name in (*ENVIRONMENT, *limits):
        text = os.environ.get(name)
        if not text:
            continue
        default = DEFAULTS.get(name)
        if isinstance(default, bool):
            found[name] = text.strip().lower() in ("1", "true", "yes", "on")
        elif isinstance(default, int) or name in limits:
            found[name] = int(text)
        else:
            found[name] = text
    return found


def _instance_secret(app: Flask) -> str:
    """A random key kept in the instance folder, so sessions (and CSRF tokens) survive a restart."""
    path = Path(app.instance_path) / "secret_key"
    if path.exists():
        return path.read_text().strip()
    _private_folder(path.parent)
    draft = path.with_name(f"secret_key.{os.getpid()}")
    with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
        file.write(secrets.token_hex(32))
    try:
        os.link(draft, path)  # atomic and exclusive: of workers starting together, one key wins whole
    except FileExistsError:
        pass
    finally:
        draft.unlink()
    return path.read_text().strip()


def _private_folder(path: Path) -> None:
    """The instance folder holds the key and the database: its owner alone may look inside."""
    if not path.exists():
        path.mkdir(parents=True, mode=0o700, exist_ok=True)


_app: Flask | None = None


def __getattr__(name: str) -> Flask:
    global _app
    if name != "app":
        raise AttributeError(name)
    if _app is None:
        _app = create_app()
    return _app


if __name__ == "__main__":
    create_app().run()
