"""Olympi Cards's sentences: ``say`` (and ``say_n`` when the words follow a number) make a ``replaykit.words.Text``
from a whole template with named parameters, said again in the reader's language through this package's
catalogues (``locale/``, kept with ``python -m scripts.messages``)."""

from replaykit.words import COMMA, Joined, Text, speakers

say, say_n = speakers(__package__)

# The units of a game as its pages name them, and how its board is walked (api.i18n reads both).
UNITS = {"race": say("race"), "turn": say("turn")}
STEP_HELP = say("Use ← and → to step, ↑ and ↓ to jump a race, N and P to walk the findings, Space to play through; or "
                "click a finding, a key moment or a chart.")

MEDAL_WORDS = {"gold": say("gold"), "silver": say("silver"), "bronze": say("bronze")}
# The colours of the cards, by the letter a log writes (the Olympic rings' English initials)
COLOUR_WORDS = {"B": say("blue"), "Y": say("yellow"), "K": say("black"), "G": say("green"), "R": say("red")}


def medal_word(name: str) -> Text | str:
    return MEDAL_WORDS.get(name, name)


def reward_words(retirement: dict) -> Text:
    """What a retirement earned: ``gold``, ``bronze, 2 cards, the First-player card``, ``nothing``."""
    parts: list = [medal_word(retirement["medal"])] if retirement.get("medal") else []
    if retirement.get("drew"):
        parts.append(say_n("{count} card", "{count} cards", retirement["drew"]))
    if retirement.get("first_player"):
        parts.append(say("the First-player card"))
    return Joined(parts, COMMA, COMMA) if parts else say("nothing")
