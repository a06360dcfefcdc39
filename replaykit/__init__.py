"""Game-independent pieces every replay validator shares: the shared core.

A game package (``dg_replay`` for David & Goliath, and its siblings) builds on these: the one finding
type and JSON pointers (``findings``), the engine interface (``engine``), the hardened JSON reader
(``jsonio``). ``registry`` finds the installed games and ``cli`` is the ``card-replay`` command line.
Nothing here knows any game's rules or imports a game.
"""

from replaykit.findings import ERROR, WARNING, Finding, pointer

__all__ = ["ERROR", "WARNING", "Finding", "pointer"]
