"""Reading a Toy Tricks log: its shape only (``schema`` findings, each at its JSON pointer), and the
actions of its ``plays`` for the state to apply. What the rules say of the content is the state's."""

from __future__ import annotations

from dataclasses import dataclass

from replaykit.findings import ERROR, SCHEMA, Finding, pointer
from replaykit.reading import mention
from replaykit.texts import TextLimits, meta_problems
from toy_replay.rules import GAME_ID, UNITS

KEYS = {"game", "players", "hands", "plays", "scores", "meta"}
PLAY_KEYS = {"player", "card"}
NOWHERE = tuple((unit, None) for unit in UNITS)


@dataclass(frozen=True)
class Limits(TextLimits):
    """Sizes past which a document is not a Toy Tricks log (each a ``LOG_MAX_<NAME>`` setting); names and
    meta are bounded as in every game, by the core's ``TextLimits``."""

    max_players: int = 20
    max_plays: int = 400
    max_keys: int = 100


DEFAULT_LIMITS = Limits()


def schema(message: str, *tokens: object) -> Finding:
    return Finding(SCHEMA, ERROR, message, path=pointer(*tokens), where=NOWHERE)


def is_card(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def play_problems(action: object, tokens: tuple = ()) -> list[Finding]:
    """What makes ``action`` no play: ``{"player": name, "card": whole number}`` and nothing else."""
    if not isinstance(action, dict):
        return [schema(f"A play must be an object with \"player\" and \"card\", not {mention(action)}.", *tokens)]
    found = [schema(f'A play has no key "{key}"; it holds "player" and "card" only.', *tokens, key)
             for key in sorted(set(action) - PLAY_KEYS)]
    if not isinstance(action.get("player"), str):
        found.append(schema(f"A play's player must be a name, not {mention(action.get('player'))}.", *tokens,
                            "player"))
    if not is_card(action.get("card")):
        found.append(schema(f"A play's card must be a whole number, not {mention(action.get('card'))}.", *tokens,
                            "card"))
    return found


def shape(document: object, limits: Limits = DEFAULT_LIMITS) -> list[Finding]:
    """Every way the document is not a Toy Tricks log's shape; ``[]`` when it is one."""
    if not isinstance(document, dict):
        return [schema(f"A log must be a JSON object, not {mention(document)}.")]
    unknown = sorted(set(document) - KEYS)
    if len(unknown) > limits.max_keys:  # one finding, not one per key of an absurd object, as D&G says it
        known = ", ".join(sorted(KEYS))
        found = [schema(f"A Toy Tricks log has {len(unknown)} keys it does not know; it holds {known}.")]
    else:
        found = [schema(f'A Toy Tricks log has no key "{key}".', key) for key in unknown]
    if document.get("game") != GAME_ID:
        found.append(schema(f'"game" must be "{GAME_ID}", not {mention(document.get("game"))}.', "game"))
    players = document.get("players")
    if not isinstance(players, list) or len(players) > limits.max_players:
        found.append(schema(f"players must be a list of at most {limits.max_players} names.", "players"))
    else:
        found += [schema(f"A player must be a name of 1 to {limits.max_name} characters, not {mention(name)}.",
                         "players", index)
                  for index, name in enumerate(players)
                  if not isinstance(name, str) or not 0 < len(name) <= limits.max_name]
    hands = document.get("hands", {})  # without it, the deal is unknown: the plays prove the hands
    if not isinstance(hands, dict):
        found.append(schema(f"hands must be an object of each player's cards, not {mention(hands)}.", "hands"))
    else:
        for name, cards in hands.items():
            if not isinstance(cards, list) or len(cards) > limits.max_plays or not all(map(is_card, cards)):
                found.append(schema(f"{name}'s hand must be a list of whole numbers.", "hands", name))
    plays = document.get("plays", [])
    if not isinstance(plays, list) or len(plays) > limits.max_plays:
        found.append(schema(f"plays must be a list of at most {limits.max_plays} plays.", "plays"))
    else:
        for index, play in enumerate(plays):
            found += play_problems(play, ("plays", index))
    scores = document.get("scores", {})
    if not isinstance(scores, dict) or not all(map(is_card, scores.values())):
        found.append(schema("scores must be an object of whole numbers by player.", "scores"))
    found += [schema(said, "meta", *keys) for keys, said in meta_problems(document.get("meta", {}), limits)]
    return found
