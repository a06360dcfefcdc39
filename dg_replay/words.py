"""David & Goliath's sentences: ``say`` (and ``say_n`` when the words follow a number) make a ``replaykit.words.Text``
from a whole template with named parameters, said again in the reader's language through this package's
catalogues (``locale/``, kept with ``python -m scripts.messages``)."""

from replaykit.words import speakers

say, say_n = speakers(__package__)

# The five colours as a sentence names them ("on a green lead"); the cards' letters are data.
COLOUR_WORDS = {"B": say("blue"), "Y": say("yellow"), "G": say("green"), "R": say("red"), "P": say("purple")}
