"""This repository's games on the web, one package per game (``api.games.<id with _ for ->``) exposing
``ADAPTER``, each named by its engine's home (``Engine.home.web``). Nothing else lives here, so no game id
can take the place of a shared module; what adapters share is in ``api.adapters``."""
