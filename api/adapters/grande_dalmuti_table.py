"""Il Grande Dalmuti at the table: each round's seats and hands, and what every moment changes.

A round's setup moment deals afresh (``deal``: the seating played and every hand), then moves the cards
handed over before play out of the giver's hand and into the receiver's, and lays them in the middle as
"giver → receiver". Each play takes its set out of the hand onto the player's pile of sets played and into
the middle beside the set it had to beat; a trick's end shows the winning set. Hands are as dealt when the
log records the deal, else the cards a player is proven to have been dealt — those he gave, and those he
played without having received them, as the engine infers (rulings) — and the page says so.
``static/board.js`` applies the moments in order.
"""

from __future__ import annotations

from collections import Counter

from api.adapters.grande_dalmuti_timeline import round_id, style
from dalmuti_replay.cards import Card
from dalmuti_replay.words import say, say_n
from replaykit.findings import tokens

PROOF_CODES = {"not-lower", "set-size"}  # the set to beat proves these


def sort_key(text: str) -> tuple[int, str]:
    card = Card.read(text)
    return (card.value if card else 99, text)


def proven_deal(record: dict) -> dict[str, list[str]]:
    """The cards each player is proven to have been dealt: given away, or played without being received."""
    gave: dict[str, Counter] = {name: Counter() for name in record.get("order") or []}
    got: dict[str, Counter] = {name: Counter() for name in gave}
    played: dict[str, Counter] = {name: Counter() for name in gave}
    for tax in record.get("taxes") or []:
        if tax.get("from") in gave and tax.get("to") in got:
            gave[tax["from"]].update(tax.get("cards") or [])
            got[tax["to"]].update(tax.get("cards") or [])
    for trick in record.get("tricks") or []:
        for play in trick.get("plays") or []:
            if play.get("player") in played and play.get("cards"):
                played[play["player"]].update(play["cards"])
    return {name: sorted((gave[name] + (played[name] - got[name])).elements(), key=sort_key) for name in gave}


def round_hands(record: dict) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Each seat's hand at the deal and how it is known: ``dealt`` (the log's deal) or ``proven``."""
    dealt = record.get("hands") or {}
    proven = proven_deal(record) if len(dealt) < len(record.get("order") or []) else {}
    hands, sources = {}, {}
    for name in record.get("order") or []:
        if name in dealt:
            hands[name], sources[name] = sorted(dealt[name], key=sort_key), "dealt"
        else:
            hands[name], sources[name] = proven.get(name, []), "proven"
    return hands, sources


def _setup_marks(record: dict, hands: dict[str, list[str]], errors: list[dict]) -> tuple[list, list]:
    """The cards the round's setup findings are about, and those proving them."""
    bad, proof = [], []
    for finding in errors:
        code, parts, who = finding.get("code"), tokens(finding.get("path") or ""), finding.get("player")
        if len(parts) == 5 and parts[2] == "hands" and parts[4].isdigit():
            cards = (record.get("hands") or {}).get(parts[3]) or []
            if int(parts[4]) < len(cards):
                bad.append([parts[3], cards[int(parts[4])]])
        elif code == "revolution-invalid" and who in hands:
            bad.append([who, "J"])
            proof += [[name, "J"] for name, cards in hands.items() if name != who and "J" in cards]
        elif code == "tax-wrong-cards":
            for tax in record.get("taxes") or []:
                if tax.get("from") == who and tax.get("kind") != "not-due":
                    paid = tax.get("cards") or []
                    bad += [[f"{who} → {tax['to']}", card] for card in paid]
                    worst = max((sort_key(card) for card in paid), default=(0, ""))
                    kept = list(hands.get(who, []))
                    for card in paid:
                        if card in kept:
                            kept.remove(card)
                    proof += [[who, card] for card in kept if sort_key(card) < worst]
    return bad, proof


def _setup_moment(record: dict, errors: list[dict]) -> dict:
    hands, sources = round_hands(record)
    gave: dict[str, Counter] = {}
    got: dict[str, Counter] = {}
    center = []
    for tax in record.get("taxes") or []:
        cards = list(tax.get("cards") or [])
        gave.setdefault(tax["from"], Counter()).update(cards)
        got.setdefault(tax["to"], Counter()).update(cards)
        center += [[f"{tax['from']} → {tax['to']}", card] for card in cards]
    # Only what each hand gives or gets in all: a Dalmuti may hand back a card he has just been paid.
    leave = {name: sorted((cards - got.get(name, Counter())).elements(), key=sort_key) for name, cards in gave.items()}
    join = {name: sorted((cards - gave.get(name, Counter())).elements(), key=sort_key) for name, cards in got.items()}
    bad, proof = _setup_marks(record, hands, errors)
    label = say("Round {round} · cards handed over before play", round=record["number"]) if center else \
        say("Round {round} · the deal", round=record["number"])
    return {"deal": {"seats": list(record.get("order") or []), "start": hands, "sources": sources},
            "leave": leave, "join": join, "pile": {}, "center": center, "label": label, "bad": bad, "proof": proof}


def _pairs(entry: tuple[str, list[str]] | None) -> list[list]:
    return [[entry[0], card] for card in entry[1]] if entry else []


def _trick_moments(number: int, trick: dict, timeline_trick: dict) -> dict[str, dict]:
    moments: dict[str, dict] = {}
    last = before = None
    for play, row in zip(trick.get("plays") or [], timeline_trick["plays"], strict=True):
        who, cards = play.get("player"), play.get("cards")
        moment = {"leave": {}, "pile": {}, "bad": [], "proof": []}
        if cards:
            before, last = last, (who, list(cards))
            moment["leave"] = {who: list(cards)}
            moment["pile"] = {who: list(cards)}
            shown, to_beat = _pairs(before) + _pairs(last), before
        else:
            shown, to_beat = _pairs(last), last
        errors = [finding for finding in row.get("findings", ()) if finding.get("severity") == "error"]
        if errors:
            moment["bad"] = [[who, card] for card in cards or []]
            if any(finding.get("code") in PROOF_CODES for finding in errors):
                moment["proof"] = _pairs(to_beat)
        moment["center"] = shown  # no label: the moment's status line names the play (hundreds in a session)
        moments[row["id"]] = moment
    winner = trick.get("winner")
    moments[timeline_trick["id"]] = {"leave": {}, "pile": {}, "center": _pairs(last),
                                     "label": say("Trick {trick} · won by {winner}", trick=trick["number"],
                                                  winner=winner) if winner else
                                     say("Trick {trick} · no set played", trick=trick["number"])}
    return moments


def table(report: dict, timeline: dict, snapshots: list[tuple[str, dict]] = ()) -> dict | None:
    """The table view's data: every round deals afresh at its setup moment (seats, hands, how they are known)."""
    records = report.get("rounds") or []
    if not records:
        return None
    moments: dict[str, dict] = {}
    styles: dict[str, str] = {}
    proven_rounds = []
    for record, row in zip(records, timeline["rounds"], strict=True):
        setup = _setup_moment(record, row["errors"])
        moments[round_id(record["number"])] = setup
        if "proven" in setup["deal"]["sources"].values():
            proven_rounds.append(str(record["number"]))
        for trick, trick_row in zip(record.get("tricks") or [], row["tricks"], strict=True):
            moments.update(_trick_moments(record["number"], trick, trick_row))
        seen = [*setup["deal"]["start"].values(), *setup["join"].values(),
                *(play.get("cards") or [] for trick in record.get("tricks") or [] for play in trick.get("plays") or [])]
        styles.update((card, style(card)) for cards in seen for card in cards)
    first = moments[round_id(records[0]["number"])]["deal"]
    note = None
    if proven_rounds:
        note = say_n("The log gives no full deal for round {rounds}: those hands show only the cards proven to have "
                     "been dealt (given away, or played without being received). The cards-left chart gives every "
                     "hand's exact size.", "The log gives no full deal for rounds {rounds}: those hands show only the "
                     "cards proven to have been dealt (given away, or played without being received). The cards-left "
                     "chart gives every hand's exact size.", len(proven_rounds), rounds=", ".join(proven_rounds))
    return {"seats": first["seats"], "sources": first["sources"], "start": first["start"], "moments": moments,
            "styles": styles, "pile": say("Played"), "note": note}
