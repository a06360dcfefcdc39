"""Italian and Polish sentences that must read right whatever the player's name (issue 30, item 16).

Italian writes "ad Anna" before a vowel, so a sentence never puts "a" right before a name; Polish past
verbs tell a gender the name does not, so a finding about a player uses forms that need none; an Olympi turn
is one word in Polish, "ruch" (docs/GLOSSARY.md).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def test_an_italian_tax_never_reads_a_before_a_name(client) -> None:
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"], "rounds": [{"tricks": []}]}
    answer = client.post("/api/v1/choices?unseen=true", json=session, headers={"Accept-Language": "it"}).get_json()
    # Rule 5: the Great Peon, Dario, pays two cards to the Great Dalmuti, Anna.
    taxes = [choice["label"] for choice in answer["choices"] if choice["action"].get("from") == "Dario"]
    assert taxes and all(label.startswith("Anna riceve ") and label.endswith(" da Dario") for label in taxes)
    assert not any(" a Anna" in label for label in taxes)


def test_polish_olympi_findings_say_ruch_and_no_gendered_past_verb(client) -> None:
    log = json.loads((SAMPLES / "olympi" / "illegal-turns.json").read_text())
    report = client.post("/api/v1/validate", json=log, headers={"Accept-Language": "pl"}).get_json()
    messages = {finding["code"]: finding["message"] for finding in report["errors"] + report["warnings"]}
    text = " ".join(messages.values())
    assert not re.search(r"\bkolej", text, re.IGNORECASE)
    assert not re.search(r"\b(wykonał|dobrał|zagrał|wycofał)\b", text)
    assert "pierwszy ruch wykonuje gracz Chiara" in messages["wrong-first-player"]
    assert "ruchu 7" in messages["already-retired"]


def test_the_api_page_counts_the_body_limit_in_mebibytes(client) -> None:
    page = client.get("/api/v1/docs").get_data(as_text=True)
    assert "2 MiB" in page and "2 MB" not in page
