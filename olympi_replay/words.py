"""Olympi Cards's sentences: ``say`` (and ``say_n`` when the words follow a number) make a ``replaykit.words.Text``
from a whole template with named parameters, said again in the reader's language through this package's
catalogues (``locale/``, kept with ``python -m scripts.messages``)."""

from replaykit.words import speakers

say, say_n = speakers(__package__)
