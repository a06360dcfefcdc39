"""This game's sentences, said in English and again in the reader's language (``replaykit.words``).

Every sentence a reader sees — a finding, a label of the table view or a chart — is made with ``say`` (or
``say_n`` when it follows a number) from a whole template with named parameters; the catalogues in
``locale/`` (this package's own, kept with ``python -m scripts.messages``) translate it.
"""

from replaykit.words import Speaker

_SPEAKER = Speaker(__package__)
say = _SPEAKER.say
say_n = _SPEAKER.say_n

# The five colours as a sentence names them ("on a green lead"); the cards' letters are data.
COLOUR_WORDS = {"B": say("blue"), "Y": say("yellow"), "G": say("green"), "R": say("red"), "P": say("purple")}
