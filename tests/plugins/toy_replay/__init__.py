"""Toy Tricks: the worked example of a game plugin (docs/ARCHITECTURE.md, "How a game plugs in").

Two to four players hold four cards each from a deck of 1 to 4 × players; each trick every player plays
one card in turn, and the highest card takes the trick (a point). Everything the service needs comes from
this one package: the rules and the state (``state``), the reader (``reader``), the simulator
(``simulate``), the engine (``engine``, the one entry point), the web presentation (``web``), the schemas
of record (``schemas``), samples (``samples/``), documents (``docs/``), a template and a stylesheet.
The tests register it with a ``*.dist-info`` beside it on the import path, as an installed wheel would.
"""
