"""The toy game's sentences, in its own catalogue: a plugin brings its words with it."""

from replaykit.words import speakers

say, say_n = speakers(__package__)
