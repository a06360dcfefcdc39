"""What another play would have done in a game of David & Goliath, for every play of a player whose hand is
known: the trick-local alternatives and the best swap.

- **Alternatives**: each other card the player could legally play at that moment, with every other play of
  the trick unchanged: what the player would have captured, and who would have taken that card.
- **Best swap**: the card exchanged with one the same player played at a later trick, and the rest of the
  game replayed as it was: every other player plays the same card in the same trick, but each trick is led
  by whoever the rules make lead it (the taker of the highest card of the trick before) and played in the
  turn that leader gives. A swap counts only when every play of the replayed game stays legal; its worth
  is the change in that player's final score (the score of the last recorded trick in an unfinished log).
  The best is the largest change, the earliest trick on a tie. It is a replay of the real game, not what
  a play could guarantee (``replaykit.analysis``): the other players keep their cards whatever changes.

Everything goes through the game's State (``new_state``, ``choices``, ``to_move``, ``apply``, ``clone``,
``view``): no rule of the game is written here. The plays whose best swap gains ``MARK`` points or more are
the key moments "what the better play was".
"""

from __future__ import annotations

from dataclasses import dataclass, field

MARK = 3  # points a best swap must gain for its play to be listed among the key moments


@dataclass
class Play:
    """One recorded play: where it stands, who played what."""

    index: int  # position among all plays of the log
    trick: int
    number: int  # within its trick
    player: str
    card: str

    @property
    def anchor(self) -> str:
        return f"trick-{self.trick}-play-{self.number}"


@dataclass
class Analysis:
    """Per play (by anchor): the alternatives and the best swap; ``marked``: the plays worth a key moment."""

    plays: dict[str, dict] = field(default_factory=dict)
    marked: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"plays": self.plays, "marked": self.marked}


def recorded_plays(report: dict) -> list[Play]:
    plays = []
    for trick in report.get("tricks") or []:
        for number, play in enumerate(trick.get("plays") or [], start=1):
            plays.append(Play(len(plays), trick["number"], number, play.get("player"), play.get("card")))
    return plays


def _action(player: str, card: str) -> dict:
    return {"player": player, "card": card}


def _has_error(found: list) -> bool:
    return any(finding.is_error for finding in found)


def _seat(view: dict, name: str) -> dict:
    return next(seat for seat in view["seats"] if seat["name"] == name)


def _score(state, name: str) -> int:
    return _seat(state.view(), name)["score"]


def _legal_cards(state, name: str) -> list[str]:
    return [choice.action["card"] for choice in state.choices() if choice.known and choice.action.get("player") == name]


def _trick_outcome(state, plays: list[Play], start: int, player: str, card: str) -> dict | None:
    """The trick of ``plays[start]`` with ``card`` played instead: what ``player`` takes, who takes the card."""
    trial = state.clone()
    trial.apply(_action(player, card))
    for play in plays[start + 1:]:
        if play.trick != plays[start].trick:
            break
        trial.apply(_action(play.player, play.card))
    taken = trial.view().get("taken")
    if not taken or taken.get("trick") != plays[start].trick:
        return None  # the trick was not finished in the log
    captures = taken["captures"]
    to = next((name for name, cards in captures.items() if card in cards), None)
    return {"card": card, "captured": list(captures.get(player, [])), "to": to}


def _swap_score(state, tricks: list[list[Play]], first: Play, later: Play) -> int | None:
    """``first.player``'s final score with ``first`` and ``later`` exchanged, from ``state`` (just before
    ``first``); ``None`` when a play turns illegal. Each trick's recorded plays from ``first`` on are made in
    the order the State asks for them (``to_move``): a new leader changes the order, never who plays what."""
    trial = state.clone()
    for trick in tricks[first.trick - 1:]:
        waiting = {play.player: later.card if play is first else first.card if play is later else play.card
                   for play in trick if play.index >= first.index}
        while waiting:
            mover = trial.to_move
            if mover not in waiting:  # only in an unfinished last trick, which scores nothing either way
                return _score(trial, first.player)
            if _has_error(trial.apply(_action(mover, waiting.pop(mover)))):
                return None
    return _score(trial, first.player)


def analyse(engine, document: dict, report: dict) -> Analysis:
    """The alternatives and best swaps of a single game's plays whose player's hand is known (``hands``);
    a game with an illegal play has alternatives but no swap (the changed game could not be all legal)."""
    result = Analysis()
    known = set((report.get("hands") or {}).keys())
    plays = recorded_plays(report)
    if report.get("kind") != "game" or not known or not plays:
        return result
    state = engine.new_state(document)
    before = []
    legal = True
    tricks: list[list[Play]] = [[] for _trick in range(plays[-1].trick)]
    for play in plays:
        tricks[play.trick - 1].append(play)
        before.append(state.clone())
        legal = not _has_error(state.apply(_action(play.player, play.card))) and legal
    final = {seat["name"]: seat["score"] for seat in state.view()["seats"]}
    known &= set(final)  # a hand dealt to someone who is not a player (an error of its own) has no score
    for play in plays:
        if play.player not in known:
            continue
        here = before[play.index]
        cards = _legal_cards(here, play.player)
        entry: dict = {"player": play.player, "card": play.card, "score": final[play.player],
                       "alternatives": [], "swap": None}
        actual = _trick_outcome(here, plays, play.index, play.player, play.card)
        if actual is not None:
            entry["actual"] = actual
            entry["alternatives"] = [outcome for card in cards if card != play.card
                                     and (outcome := _trick_outcome(here, plays, play.index, play.player, card))]
        if legal:
            best = None
            for later in plays[play.index + 1:]:
                if later.player != play.player or later.trick == play.trick or later.card not in cards:
                    continue
                score = _swap_score(here, tricks, play, later)
                if score is not None and (best is None or score > best[0]):
                    best = (score, later)
            if best is not None:
                score, later = best
                entry["swap"] = {"card": later.card, "trick": later.trick, "score": score,
                                 "gain": score - final[play.player]}
                if score - final[play.player] >= MARK:
                    result.marked.append({"step": play.anchor, "trick": play.trick, "player": play.player,
                                          "card": play.card, "swap_card": later.card, "swap_trick": later.trick,
                                          "score": score, "gain": score - final[play.player]})
        result.plays[play.anchor] = entry
    return result
