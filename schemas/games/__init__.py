"""This repository's games' schemas of record, one package per game (``schemas.games.<id with _ for ->``)
exposing ``LOGS``, ``REPORTS`` and ``TIMELINES`` (and ``SO_FAR`` where a setup is no log of record), each
named by its engine's home (``Engine.home.schemas``).
Nothing else lives here, so no game id can take the place of a shared module (``schemas.common``)."""
