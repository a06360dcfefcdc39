"""The background job's budget (``api.background.BUDGET``) over a whole 6-player David & Goliath game and a long
Il Grande Dalmuti session: what is exact, what is estimated, and the estimates' budget spent where a play
would otherwise go unvalued."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.analyse import SEARCH_BUDGET
from api.background import BUDGET
from dalmuti_replay.engine import ENGINE as DALMUTI
from dg_replay.engine import ENGINE
from replaykit import registry
from replaykit.analysis import analyse

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
SAMPLE = SAMPLES / "david-goliath" / "legal-6-players.json"


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


def test_every_legal_play_of_a_long_dalmuti_session_is_valued():
    # Three rounds of six players, 80 cards a deal: a look-ahead to the end of a trick does not fit a world's
    # share, so the estimates look ahead by steps (docs/ANALYSIS.md, "Reach") and every legal play is valued.
    plays = analyse(DALMUTI, json.loads((SAMPLES / "grande-dalmuti" / "plain-revolution-market.json").read_text()),
                    BUDGET)["plays"]
    assert plays and all(play["legal"] for play in plays)
    assert all(play["cost"] is not None and play["best"] for play in plays)
    estimated = [play["estimate"] for play in plays if not play["exact"]]
    assert estimated and all(estimate is not None for estimate in estimated)
    assert all(1 <= estimate["worlds"] <= BUDGET.worlds for estimate in estimated)
    assert all(estimate["reach"] is None or estimate["reach"] >= 1 for estimate in estimated)
    assert sum(estimate["nodes"] for estimate in estimated) <= BUDGET.max_sampled + len(estimated) * BUDGET.worlds


@pytest.mark.parametrize("path", sorted((SAMPLES / "grande-dalmuti").glob("*.json")), ids=lambda path: path.stem)
def test_every_legal_play_of_each_dalmuti_sample_is_valued_within_the_requests_budget(path):
    # The API's budget is the smallest: 40,000 positions for every estimate of a log, 2,000 per world. A
    # world's first look-ahead, one step, still fits each play's share.
    result = analyse(DALMUTI, json.loads(path.read_text()), SEARCH_BUDGET)
    plays = [] if result is None else result["plays"]  # None: a log in which no round starts
    assert all(play["cost"] is not None for play in plays if play["legal"])
    assert all(play["cost"] is None and not play["choices"] for play in plays if not play["legal"])


@pytest.mark.parametrize(("game", "name", "units"), [
    ("grande-dalmuti", "four-players-three-rounds", 3), ("grande-dalmuti", "wrong-claims-extra-round", 3),
    ("david-goliath", "match-4-players", 4), ("olympi", "clean-5-players", 9), ("olympi", "clean-6-players", 9)])
def test_within_the_request_s_budget_the_end_of_every_round_game_or_race_is_proven(game, name, units):
    # Each round's (game's, race's) last play leaves a small tree, which a small search proves. Searched from
    # the log's last play back, the last round's larger positions spent the whole budget first and the earlier
    # rounds' ends were only estimated; searched fewest steps left first, race 3 of clean-6-players, four
    # forced retirements with many cards in hand, came after other races' larger trees had spent it.
    document = json.loads((SAMPLES / game / f"{name}.json").read_text())
    engine, _report = registry.validate(document)
    plays = analyse(engine, document, SEARCH_BUDGET)["plays"]
    last_of_each = {play["step"].split("-")[1]: play for play in plays if play["legal"]}
    assert len(last_of_each) == units and all(play["exact"] for play in last_of_each.values())


def test_a_play_estimated_by_a_look_ahead_cut_short_bears_no_mark():
    # The long session's estimates look a few plays ahead (reach): the standing there is a guess that may lie
    # on either side of the round's end, so no such play is called a blunder; the others keep their marks.
    plays = analyse(DALMUTI, json.loads((SAMPLES / "grande-dalmuti" / "plain-revolution-market.json").read_text()),
                    BUDGET)["plays"]
    short = [play for play in plays if play["estimate"] and play["estimate"]["reach"] is not None]
    assert short and all(play["marks"] == [] for play in short)
    assert any(play["cost"] >= DALMUTI.mark_thresholds[2] for play in short)  # costly by the guess: unmarked
    thresholds = dict(zip(("blunder", "mistake", "inaccuracy"), DALMUTI.mark_thresholds, strict=True))
    for play in plays:
        if play not in short and play["marks"]:
            assert play["cost"] >= thresholds[play["marks"][0]]
