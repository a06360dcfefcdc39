"""David & Goliath's sentences: ``say`` (and ``say_n`` when the words follow a number) make a ``replaykit.words.Text``
from a whole template with named parameters, said again in the reader's language through this package's
catalogues (``locale/``, kept with ``python -m scripts.messages``)."""

from replaykit.words import speakers

say, say_n = speakers(__package__)

# The five colours as a sentence names them ("on a green lead"); the cards' letters are data.
COLOUR_WORDS = {"B": say("blue"), "Y": say("yellow"), "G": say("green"), "R": say("red"), "P": say("purple")}
# A card as the thing a player plays ("Ann plays red 4"): Polish declines the colour with the card it names
# (karta, feminine, here accusative: "zagrywa czerwoną 4", as the samples' notes write it), not as the colour
# alone ("czerwony").
PLAYED_CARD = {"B": lambda value: say("blue {value}", value=value),
               "Y": lambda value: say("yellow {value}", value=value),
               "G": lambda value: say("green {value}", value=value),
               "R": lambda value: say("red {value}", value=value),
               "P": lambda value: say("purple {value}", value=value)}

# The units of a game as its pages name them, and how its board is walked (api.i18n reads both).
UNITS = {"game": say("game"), "trick": say("trick"), "play": say("play")}
STEP_HELP = say("Use ← and → to step, ↑ and ↓ to jump a trick, N and P to walk the findings, Space to play through; or "
                "click a finding, a key moment or a chart.")
