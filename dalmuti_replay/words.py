"""Il Grande Dalmuti's sentences: ``say`` (and ``say_n`` when the words follow a number) make a ``replaykit.words.Text``
from a whole template with named parameters, said again in the reader's language through this package's
catalogues (``locale/``, kept with ``python -m scripts.messages``)."""

from replaykit.words import speakers

say, say_n = speakers(__package__)


def said_with_an(value: int) -> bool:
    """Whether English puts "an" before the number, whose first spoken word is then eight, eleven or eighteen
    (an 8, an 11, an 18, an 80, an 800, an 8,000, an 11,000; a 1,100 is "one thousand one hundred")."""
    digits = str(value)
    leading = digits[: len(digits) % 3 or 3]  # the group of digits said before "thousand", "million", …
    return leading.startswith("8") or leading in ("11", "18")

# The units of a game as its pages name them, and how its board is walked (api.i18n reads both).
UNITS = {"round": say("round"), "trick": say("trick"), "play": say("play")}
STEP_HELP = say("Use ← and → to step, ↑ and ↓ to jump a trick, N and P to walk the findings, Space to play through; or "
                "click a finding, a key moment or a chart.")
