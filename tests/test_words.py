"""replaykit.words: a sentence is its English text, and is said again through any language's catalogue."""

from __future__ import annotations

import gettext
import json
import pickle

from dalmuti_replay import validate
from replaykit import words
from replaykit.words import AND, OR, Joined, Languages, Speaker, Text
from tests.dalmuti_helpers import sim

SPEAKER = Speaker("replaykit")


class Catalogue(gettext.NullTranslations):
    """A language with a few sentences and Polish plural rules, as a compiled catalogue would give."""

    def __init__(self, entries: dict) -> None:
        super().__init__()
        self.entries = entries

    def gettext(self, message: str) -> str:
        return self.entries.get(message, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        forms = self.entries.get(singular)
        if forms is None:
            return singular if count == 1 else plural
        few = count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14)
        return forms[0 if count == 1 else 1 if few else 2]


class Polish(Languages):
    def __init__(self, entries: dict) -> None:
        super().__init__("pl")
        self.catalogue = Catalogue(entries)

    def __call__(self, domain: str) -> gettext.NullTranslations:
        return self.catalogue


def test_a_text_is_its_english_sentence_and_keeps_how_it_was_made():
    text = SPEAKER.say("{player} plays {card}.", player="Ben", card="R5")
    assert text == "Ben plays R5." and isinstance(text, str)
    assert text.template == "{player} plays {card}." and text.domain == "replaykit"
    assert dict(text.params) == {"player": "Ben", "card": "R5"}
    assert json.dumps({"message": text}) == '{"message": "Ben plays R5."}'


def test_plural_english_and_polish_forms_follow_the_count():
    polish = Polish({"{count} card": ["{count} karta", "{count} karty", "{count} kart"]})
    said = {count: SPEAKER.say_n("{count} card", "{count} cards", count) for count in (1, 3, 5, 22, 12)}
    assert [str(said[count]) for count in (1, 3, 5)] == ["1 card", "3 cards", "5 cards"]
    assert [words.render(said[count], polish) for count in (1, 3, 5, 22, 12)] == [
        "1 karta", "3 karty", "5 kart", "22 karty", "12 kart"]


def test_parameters_that_are_texts_are_said_in_the_language_too():
    polish = Polish({"{player} plays {what}.": "{player} zagrywa {what}.", "a number": "liczba", " and ": " i "})
    text = SPEAKER.say("{player} plays {what}.", player="Ben", what=SPEAKER.say("a number"))
    listed = Joined(["Ann", "Ben", "Cleo"])
    assert words.render({"errors": [{"message": text}], "names": listed}, polish) == {
        "errors": [{"message": "Ben zagrywa liczba."}], "names": "Ann, Ben i Cleo"}
    assert listed == "Ann, Ben and Cleo" and Joined(["Ann"]) == "Ann" and Joined(["A", "B"], OR) == "A or B"


def test_right_to_left_names_and_direction_marks_are_set_apart_from_the_sentence():
    # FSI (U+2068) … PDI (U+2069) around a parameter with right-to-left letters or a direction mark: the
    # numbers beside a Hebrew name stay on their side of it, an override in a name ends with the name.
    polish = Polish({"{player} lost {points} points": "{player} stracił(a) {points} pkt", " and ": " i "})
    hebrew = SPEAKER.say("{player} lost {points} points", player="בנימין", points=6)
    assert hebrew == "\u2068בנימין\u2069 lost 6 points"
    assert words.render(hebrew, polish) == "\u2068בנימין\u2069 stracił(a) 6 pkt"
    assert SPEAKER.say("{player} lost {points} points", player="\u202eAnn", points=2) == (
        "\u2068\u202eAnn\u2069 lost 2 points")
    assert str(Joined(["محمد", "Ann"])) == "\u2068محمد\u2069 and Ann"
    assert words.render(Joined(["محمد", "Ann"]), polish) == "\u2068محمد\u2069 i Ann"
    # names of left-to-right scripts, accented or not, are said as they are
    assert SPEAKER.say("{player} lost {points} points", player="Zoë Łucja", points=1) == "Zoë Łucja lost 1 points"


def test_a_list_of_names_sets_each_apart_so_an_override_ends_with_its_name():
    # Isolated as one parameter, "Andrea, Ben, A‮evil, Dennis" let the override in the third name turn
    # ", Dennis" around too; each name is now set apart within the list, and the list again within the sentence.
    listed = words.apart(["Andrea", "Ben", "A\u202eevil", "Dennis"])
    assert listed == "Andrea, Ben, \u2068A\u202eevil\u2069, Dennis"
    said = SPEAKER.say("no deal for {players}", players=listed)
    assert said == "no deal for \u2068Andrea, Ben, \u2068A\u202eevil\u2069, Dennis\u2069"
    assert words.apart(["Ann", "Zoë"]) == "Ann, Zoë"  # nothing to set apart: as it was


def test_a_dalmuti_claim_listing_names_sets_each_apart():
    log = sim(4, 3, rounds=1, declare_end=False)
    log["winners"] = ["Anna", "B\u202eevil", "Carla"]
    [message] = [finding.message for finding in validate(log).findings if finding.code == "winner-mismatch"]
    assert "Anna, \u2068B\u202eevil\u2069, Carla" in message


def test_a_broken_translation_falls_back_to_english_rather_than_failing():
    polish = Polish({"{player} plays {card}.": "{gracz} zagrywa {card}."})
    assert words.render(SPEAKER.say("{player} plays {card}.", player="Ben", card="R5"), polish) == "Ben plays R5."


def test_texts_survive_pickling_and_packing_for_storage():
    text = SPEAKER.say_n("{count} card of {names}", "{count} cards of {names}", 2, names=Joined(["A", "B"], AND))
    assert pickle.loads(pickle.dumps(text)).params["names"].items == ["A", "B"]
    stored = words.dumps({"errors": [{"message": text, "code": "x"}], "n": 1})
    back = words.loads(stored)
    assert back["errors"][0]["message"] == "2 cards of A and B" and back["n"] == 1
    message = back["errors"][0]["message"]
    assert isinstance(message, Text) and isinstance(message.params["names"], Joined)
    polish = Polish({"{count} card of {names}": ["{count} karta z {names}", "{count} karty z {names}",
                                                 "{count} kart z {names}"], " and ": " i "})
    assert words.render(message, polish) == "2 karty z A i B"
    assert words.dumps(back) == stored


def test_a_users_object_that_looks_packed_comes_back_as_it_was_never_as_a_text():
    forged = {"$text": ["text", "replaykit", "{count.__class__}", {"count": 1}, None, None]}
    value = {"meta": forged, "other": [{"$text": 1, "b": 2}]}
    back = words.loads(words.dumps(value))
    assert back == value and not isinstance(back["meta"], Text)
    nested = {"meta": {"$text": 1, "inner": forged}}  # a packed-looking object inside one: never a Text either
    assert words.loads(words.dumps(nested)) == nested
