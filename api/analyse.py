"""``POST /api/v1/analyse``: the computer analysis of a log (``replaykit.analysis``), for every game whose State
the search can walk.

For each play: the value of each legal choice for its player (the result it can guarantee at the end of
the game whatever the others do), the best choices and the cost of the play made, with its mark; for each
player its accuracy. A log need not give the hands: where the cards its plays prove fill every hand the
values are exact as with the deal, else they are estimates over worlds dealing the cards it does not show
(``replaykit.analysis``). Games are analysed when their State offers ``searchable()``, whatever their name. The
work is bounded before it starts, like validate's: the body by its size and the client's work allowance,
the search by ``SEARCH_BUDGET``: 20,000 positions for one play and 40,000 for the whole log searched
exactly, past which plays are estimated (``exact`` false, an ``estimate`` block) from 8 sampled worlds of
at most 2,000 positions each, 40,000 for every estimate together and 4,000 worlds dealt in all — so at most
80,000 positions and 4,000 worlds per request, past which plays are listed unvalued rather than the request
taking longer. The request is charged 40 work units more than a validation of its body. Nothing is stored.
"""

from __future__ import annotations

from flask_babel import gettext as _
from marshmallow import Schema, fields

import api as web
from api import guards
from api.api_v1 import LOG_BODY, blp, body_problems, checked, json_response, problem
from api.problems import Problem
from replaykit.analysis import Budget, analyse

# The most search one request may do, and the plays listed: 40,000 positions are 0.2 s of the pure-Python
# search on a quiet 2-core machine and about a second on a busy one (make bench, "Search"); the estimates
# as much again, with the dealing of their 4,000 worlds on top. The whole request, replay included, took
# at most 1.13 s on the heaviest logs (make bench, "Analysis requests": docs/ANALYSIS.md); it is charged 1.8 s
# (``guards.ANALYSIS_UNITS``).
SEARCH_BUDGET = Budget(max_nodes=20_000, max_total=40_000, max_plays=2_000, worlds=8, world_nodes=2_000,
                       max_sampled=40_000, max_worlds=4_000)


class ValuedChoiceSchema(Schema):
    action = fields.Dict(required=True, metadata={"description": "The choice as the log writes an action."})
    value = fields.Float(required=True, metadata={
        "description": "What the player can guarantee by it; for an estimate, the mean over the worlds."})
    spread = fields.Float(metadata={"description": "Estimates only: the standard deviation of the value over the "
                                                   "worlds."})


class EstimateSchema(Schema):
    worlds = fields.Integer(required=True, metadata={"description": "Worlds whose search finished: the values' "
                                                                    "sample count."})
    sampled = fields.Integer(required=True, metadata={"description": "Worlds drawn."})
    seed = fields.Integer(required=True, metadata={"description": "The seed the worlds are drawn from."})
    reach = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Null: every world searched to the end. Else the fewest steps a world's search looked "
                       "ahead, its result so far taken there."})
    nodes = fields.Integer(required=True, metadata={"description": "Positions searched for the estimate."})


class AnalysedPlaySchema(Schema):
    step = fields.String(required=True, metadata={"description": "The moment's anchor.",
                                                  "example": "trick-13-play-2"})
    player = fields.String(required=True)
    played = fields.Raw(required=True, metadata={
        "description": "The play made, written as its choice is; as the log writes it where the rules refuse it."})
    legal = fields.Boolean(required=True, metadata={"description": "False: the rules refuse it; no cost."})
    exact = fields.Boolean(required=True, metadata={
        "description": "The search finished within its budget, every hand known (given, or proven by the "
                       "log's later plays): choices, best and cost are proven."})
    choices = fields.List(fields.Nested(ValuedChoiceSchema), required=True)
    best = fields.List(fields.Dict(), required=True, allow_none=True, metadata={
        "description": "The choices of the highest value."})
    cost = fields.Float(required=True, allow_none=True, metadata={
        "description": "The best value less the value of the play made."})
    estimate = fields.Nested(EstimateSchema, required=True, allow_none=True, metadata={
        "description": "Null unless the values are sampled estimates (exact is then false)."})
    marks = fields.List(fields.String(), required=True, metadata={
        "description": "inaccuracy, mistake or blunder by the play's cost (docs/ANALYSIS.md); empty below."})


class ShareSchema(Schema):
    plays = fields.Integer(required=True)
    best_share = fields.Float(required=True, allow_none=True)
    mean_cost = fields.Float(required=True, allow_none=True)


class SeatAccuracySchema(Schema):
    plays = fields.Integer(required=True, metadata={"description": "Legal plays valued exactly."})
    best_share = fields.Float(required=True, allow_none=True, metadata={"description": "Share of them at cost 0."})
    mean_cost = fields.Float(required=True, allow_none=True)
    estimated = fields.Nested(ShareSchema, required=True, metadata={"description": "The same over plays estimated."})
    marks = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, metadata={
        "description": "How many of the player's plays bear each mark."})


class AnalysisSchema(Schema):
    game = fields.String(required=True, metadata={"example": "david-goliath"})
    plays = fields.List(fields.Nested(AnalysedPlaySchema), required=True)
    unsearched = fields.Integer(required=True, metadata={
        "description": "Plays from positions the search cannot walk: a mistake that left a player more or fewer "
                       "cards than plays to come, or a step the search does not play (Il Grande Dalmuti's "
                       "taxes). A log without its deal is analysed with what its plays prove."})
    unsearched_steps = fields.List(fields.String(), metadata={
        "description": "The anchors of those steps, in the order of the log.", "example": ["round-2-transfer-1"]})
    unlisted = fields.Integer(metadata={
        "description": "Plays past the first max_plays of the log (2,000 here), neither valued nor listed: a bound "
                       "on the work one log may cost."})
    unvalued = fields.Integer(required=True, metadata={
        "description": "Legal plays listed with no value: neither exact nor estimated within the budget (their "
                       "exact is false and their estimate null); the seats' figures leave them out."})
    seats = fields.Dict(keys=fields.String(), values=fields.Nested(SeatAccuracySchema), required=True)


@blp.route("/analyse", methods=["POST"])
@blp.doc(requestBody=LOG_BODY, summary="What each play could guarantee, the best choices, each play's cost")
@blp.response(200, AnalysisSchema, description="Each play valued, and each player's accuracy.")
@body_problems()
@problem(422, "The JSON is not a log's shape (errors lists why), no game starts in it, or its game offers no "
              "computer analysis.")
@problem(429, "Too many requests from this client; Retry-After says when to try again.")
@guards.analysis_limit()
def analyse_log():
    """Value every play of a log by exhaustive search, within a bounded budget."""
    # a setup is read as such, so that it is refused as no game started rather than as no log
    verdict, state = checked(lambda raw: web.replay(web.read(raw), setup=True))
    if state is None:
        raise Problem(422, _("No game of %(game)s can start from this log; errors says why.", game=verdict.name),
                      errors=verdict.report.get("errors", []))
    # The log is read with the limits it was validated with, as every other request reads it.
    result = analyse(verdict.engine, verdict.document, SEARCH_BUDGET,
                     verdict.engine.limits(guards.log_settings()))
    if result is None and hasattr(state, "searchable"):  # a game the search walks, but none in this log
        errors = verdict.report.get("errors", [])
        if errors:  # what kept the game from starting
            raise Problem(422, _("No game of %(game)s can start from this log; errors says why.",
                                 game=verdict.name), errors=errors)
        raise Problem(422, _("No game of %(game)s starts in this log: there is nothing to analyse.",
                             game=verdict.name))
    if result is None:
        raise Problem(422, _("%(game)s offers no computer analysis yet.", game=verdict.name))
    return json_response({"game": verdict.engine.id, **result})
