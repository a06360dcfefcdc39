"""Game-independent pieces every replay validator shares.

A game package (``dg_replay`` for David & Goliath, later siblings for other games) builds on these:
the one finding type, JSON pointers, and the hardened JSON reader. Nothing here knows any game's rules.
"""

from replaykit.findings import ERROR, WARNING, Finding, pointer

__all__ = ["ERROR", "WARNING", "Finding", "pointer"]
