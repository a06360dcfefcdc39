"""Sentences whose number may be 1 (or 2 to 4, which Polish counts apart) are said in Italian and Polish in forms
that agree with any number: "1 carte", "ma 3 zagrań" and a verb's gender taken from a name are not said.
Expected texts are worked by hand. A template given as two (singular, plural) follows its count in English too:
"Trick 15 has 1 plays" and "Flo plays 1 cards" were said."""

from __future__ import annotations

import pytest

from replaykit.words import Languages, Speaker, render
from tests.conftest import compile_catalogues

ITALIAN, POLISH = Languages("it"), Languages("pl")


SENTENCES = [  # (domain, English template, parameters, Italian, Polish)
    ("dg_replay", ("Trick {number} has {count} play and is unfinished: the game stops mid-trick, so it is not "
                   "scored.",
                   "Trick {number} has {count} plays and is unfinished: the game stops mid-trick, so it is not "
                   "scored."),
     {"number": 15, "count": 1},
     "Giocate nel turno 15: 1. Il turno è incompiuto: la partita si ferma a metà turno, quindi non conta per i punti.",
     "Zagrania w rundzie 15: 1. Runda jest niedokończona: partia urywa się w środku rundy, więc nie jest punktowana."),
    ("dg_replay", ("Trick {number} has {count} play and should have one play per player ({size}).",
                   "Trick {number} has {count} plays and should have one play per player ({size})."),
     {"number": 2, "count": 3, "size": 4},
     "Giocate nel turno 2: 3; dovrebbe essercene una per giocatore (4).",
     "Zagrania w rundzie 2: 3; powinno być po jednym na gracza (4)."),
    ("dg_replay", "{name}'s hand has {count} cards; every player is dealt {size}.",
     {"name": "Ann", "count": 4, "size": 5},
     "Carte nella mano di Ann: 4; ogni giocatore ne riceve 5.", "Karty w ręce gracza Ann: 4; każdy gracz dostaje 5."),
    ("dalmuti_replay", "The deal has more than {copies} {card}s, all the deck holds; {name}'s is one too many.",
     {"copies": 1, "card": 1, "name": "Bo"},
     "La distribuzione ha più carte di valore 1 di quante ne abbia il mazzo (1); quella di Bo è di troppo.",
     "Rozdanie ma więcej kart o wartości 1 niż 1, czyli wszystkie w talii; karta gracza Bo jest o jedną za dużo."),
    ("olympi_replay", "Race {number}: {player} out first for {count} cards",
     {"number": 3, "player": "Chiara", "count": 2},
     "Gara 3: primo ritiro: Chiara (carte: 2)", "Konkurencja 3: pierwsze wycofanie – Chiara (karty: 2)"),
    ("olympi_replay", '"disciplines" has {count} entries; a game has nine.', {"count": 1},
     'Voci di "disciplines": 1; una partita ne ha nove.', 'Wpisy w "disciplines": 1; partia ma dziewięć.'),
    ("dalmuti_replay", ("{player} plays {count} card but holds none.", "{player} plays {count} cards but holds none."),
     {"player": "Flo", "count": 1},  # "Flo plays 1 cards but holds only 0" was said in English
     "Flo gioca 1 carta, ma non ne ha nessuna.", "Flo zagrywa kart: 1, a nie ma żadnej."),
    ("dg_replay", "A match of {due} players has {due} games; this one has {count}.", {"due": 4, "count": 2},
     "Un incontro di 4 giocatori ha 4 partite; questo ne ha 2.",  # "4 partii" was said in Polish
     "W meczu 4 graczy liczba partii wynosi 4; w tym meczu: 2."),
    # what is too long or short may be any gender: "ten ma" was said of "Nazwa", "questo" of "una nota"
    ("replaykit", "{what} must be {shortest} to {longest} characters long; this one has {count}.",
     {"what": "X", "shortest": 1, "longest": 40, "count": 0},
     "X deve avere da 1 a 40 caratteri; ne ha 0.", "X: dozwolona długość to od 1 do 40 znaków; tutaj: 0."),
    # a name's gender is not known: "Emma, który nie jest graczem" and "Giulia powinien" were said in Polish
    ("dg_replay", 'Totals are claimed for "{name}", who is not a player.', {"name": "Emma"},
     'Sono dichiarati totali per "Emma", che non è un giocatore.', 'Podano sumy dla "Emma" – nie ma takiego gracza.'),
    ("replaykit", "The JSON is nested more than {depth} levels deep", {"depth": 32},
     "Il JSON è annidato per più di 32 livelli", "Głębokość zagnieżdżenia JSON przekracza 32"),
]


@pytest.fixture(scope="module", autouse=True)
def compiled_catalogues():
    compile_catalogues(*{domain for domain, *_rest in SENTENCES})


@pytest.mark.parametrize(("domain", "template", "params", "italian", "polish"), SENTENCES)
def test_a_count_of_one_or_a_few_reads_right(domain, template, params, italian, polish):
    speaker = Speaker(domain)
    if isinstance(template, tuple):  # words that follow the count, in English too
        text = speaker.say_n(*template, params["count"], **{name: value for name, value in params.items()
                                                              if name != "count"})
    else:
        text = speaker.say(template, **params)
    assert (render(text, ITALIAN), render(text, POLISH)) == (italian, polish)
