"""The background job's budget (``api.background.BUDGET``) over a whole 6-player David & Goliath game: what
is exact, what is estimated, and the estimates' budget spent where a play would otherwise go unvalued."""

from __future__ import annotations

import json
from pathlib import Path

from api.background import BUDGET
from dg_replay.engine import ENGINE
from replaykit.analysis import analyse

SAMPLE = Path(__file__).resolve().parent.parent / "sample_games" / "david-goliath" / "legal-6-players.json"


def test_every_play_of_a_six_player_game_is_valued_exactly_from_the_end_and_estimated_before():
    plays = analyse(ENGINE, json.loads(SAMPLE.read_text()), BUDGET)["plays"]
    # 15 tricks of 6 plays, all legal (the sample is a legal game).
    assert len(plays) == 90 and all(play["legal"] for play in plays)
    exact = [play["exact"] for play in plays]
    # Exact from the last play back to the horizon, where a search ran out of budget; none before it.
    horizon = exact.index(True)
    assert horizon > 0 and all(exact[horizon:])
    # Every play before the horizon is estimated, the first plays of the early tricks included: their even
    # share of the estimates' budget is the smallest, and what the later plays left unspent values them.
    assert all(play["estimate"] is not None and play["cost"] is not None for play in plays[:horizon])
    assert all(1 <= play["estimate"]["worlds"] <= BUDGET.worlds for play in plays[:horizon])
    # Each world's search may pass its budget by the one position that tells it so.
    assert sum(play["estimate"]["nodes"] for play in plays[:horizon]) <= BUDGET.max_sampled + horizon * BUDGET.worlds
