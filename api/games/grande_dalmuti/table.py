"""Il Grande Dalmuti at the table: each round's seats and hands, and what every moment changes.

Everything but the findings' marks comes from the state's ``view()`` after every step (the snapshots,
``table(report, timeline, snapshots)``): a round's setup moment deals afresh (the seating played and every
hand), then moves the cards handed over before play out of the giver's hand and into the receiver's, and
lays them in the middle as "giver → receiver". Each play takes its set out of the hand onto the player's
pile of sets played and into the middle beside the set it had to beat; a trick's end shows the winning
set. Hands are as the view after the log's deal shows them, else the cards the round's last view proves
to have been dealt (``proven``: given away, or played without having been received; rulings), and the page
says so.
``static/board.js`` applies the moments in order.
"""

from __future__ import annotations

from collections import Counter

from api.games.grande_dalmuti.timeline import round_id, style
from dalmuti_replay.cards import Card
from dalmuti_replay.words import say, say_n
from replaykit.findings import tokens

PROOF_CODES = {"not-lower", "set-size"}  # the set to beat proves these


def sort_key(text: str) -> tuple[int, str]:
    card = Card.read(text)
    return (card.value if card else 99, text)


def round_hands(dealt: dict | None, last: dict) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Each seat's hand at the deal and how it is known: ``dealt`` (whole in the view after the log's deal,
    ``dealt``) or ``proven`` (what the round, as far as its ``last`` view has seen it, proves)."""
    whole = {seat["name"]: seat["hand"] for seat in (dealt or {}).get("seats", ()) if not seat["unseen"]}
    proven = last.get("proven") or {}
    hands, sources = {}, {}
    for seat in last["seats"]:
        name = seat["name"]
        if name in whole:
            hands[name], sources[name] = list(whole[name]), "dealt"
        else:
            hands[name], sources[name] = list(proven.get(name, [])), "proven"
    return hands, sources


def _setup_marks(record: dict, view: dict, hands: dict[str, list[str]], errors: list[dict]) -> tuple[list, list]:
    """The cards the round's setup findings are about (a deal's card by its place in the log's hand, as the
    report's round ``record`` keeps it), and those proving them."""
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
            for tax in view.get("taxes") or []:
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


def _setup_moment(number: int, dealt: dict | None, view: dict, record: dict, errors: list[dict]) -> dict:
    """A round's setup from its views after the deal and at its end: the seating played, the hands dealt and
    the transfers made."""
    hands, sources = round_hands(dealt, view)
    gave: dict[str, Counter] = {}
    got: dict[str, Counter] = {}
    center = []
    for tax in view.get("taxes") or []:
        cards = list(tax["cards"])
        gave.setdefault(tax["from"], Counter()).update(cards)
        got.setdefault(tax["to"], Counter()).update(cards)
        center += [[f"{tax['from']} → {tax['to']}", card] for card in cards]
    # Only what each hand gives or gets in all: a Dalmuti may hand back a card he has just been paid.
    leave = {name: sorted((cards - got.get(name, Counter())).elements(), key=sort_key) for name, cards in gave.items()}
    join = {name: sorted((cards - gave.get(name, Counter())).elements(), key=sort_key) for name, cards in got.items()}
    bad, proof = _setup_marks(record, view, hands, errors)
    label = say("Round {round} · cards handed over before play", round=number) if center else \
        say("Round {round} · the deal", round=number)
    return {"deal": {"seats": [seat["name"] for seat in view["seats"]], "start": hands, "sources": sources},
            "leave": leave, "join": join, "pile": {}, "center": center, "label": label, "bad": bad, "proof": proof}


def _pairs(entry: dict | None) -> list[list]:
    return [[entry["player"], card] for card in entry["cards"]] if entry else []


def _laid(before: dict, after: dict, seat: int | None) -> list[str]:
    """The cards the player at ``seat`` laid between two views: what joined his pile (nothing for a pass, or
    for a name that is not playing, ``None``: such a play changes no hand)."""
    if seat is None or seat >= len(before["seats"]) or before["seats"][seat]["name"] != after["seats"][seat]["name"]:
        return []
    return after["seats"][seat]["pile"][len(before["seats"][seat]["pile"]):]


def _trick_moments(trick_row: dict, views: dict[str, tuple[dict, dict]], seats: dict[str, int]) -> dict[str, dict]:
    """A moment per play (the view at its step against the one before; ``seats``: where each player sits
    while the round is played) and the trick's end."""
    moments: dict[str, dict] = {}
    middle: list[dict] = []
    for row in trick_row["plays"]:
        who = row["player"]
        before, after = views[row["id"]]
        middle = after["middle"] if after.get("trick") == trick_row["number"] else []
        laid = _laid(before, after, seats.get(who))
        moment = {"leave": {}, "pile": {}, "bad": [], "proof": []}
        if laid:
            moment["leave"], moment["pile"] = {who: list(laid)}, {who: list(laid)}
            shown, to_beat = middle[-2:], middle[-2] if len(middle) > 1 else None
        else:
            shown, to_beat = middle[-1:], middle[-1] if middle else None
            if row["cards"] and who not in seats:
                # A name not playing changes no hand (ruling): its cards lie beside the set to beat, marked
                shown = [*shown, {"player": who, "cards": row["cards"]}]
        errors = [finding for finding in row.get("findings", ()) if finding.get("severity") == "error"]
        if errors:
            moment["bad"] = [[who, card] for card in row["cards"] or []]
            if any(finding.get("code") in PROOF_CODES for finding in errors):
                moment["proof"] = _pairs(to_beat)
        # no label: the moment's status line names the play (hundreds in a session)
        moment["center"] = [pair for entry in shown for pair in _pairs(entry)]
        moments[row["id"]] = moment
    winner = trick_row.get("winner")
    moments[trick_row["id"]] = {"leave": {}, "pile": {}, "center": _pairs(middle[-1] if middle else None),
                                "label": say("Trick {trick} · won by {winner}", trick=trick_row["number"],
                                             winner=winner) if winner else
                                say("Trick {trick} · no set played", trick=trick_row["number"])}
    return moments


def _steps(snapshots: list[tuple[str, dict]]) -> tuple[dict[int, dict], dict[int, dict],
                                                        dict[str, tuple[dict, dict]]]:
    """Each round's view after its deal and its last view (of the views showing it), and each step's view
    with the one before it."""
    dealt: dict[int, dict] = {}
    last: dict[int, dict] = {}
    pairs: dict[str, tuple[dict, dict]] = {}
    previous = None
    for anchor, view in snapshots:
        place = round_id(view["round"]) if isinstance(view.get("round"), int) else None
        if place is not None and (anchor in ("", place) or anchor.startswith(place + "-")):  # "": round 1 begun
            last[view["round"]] = view
            if anchor == place + "-deal":
                dealt[view["round"]] = view
        if previous is not None:
            pairs[anchor] = (previous, view)
        previous = view
    return dealt, last, pairs


def _cards_shown(moments: dict[str, dict]) -> set[str]:
    found = set()
    for moment in moments.values():
        found.update(card for cards in moment.get("deal", {}).get("start", {}).values() for card in cards)
        found.update(card for key in ("join", "leave") for cards in moment.get(key, {}).values() for card in cards)
        found.update(card for _who, card in moment.get("center", []))
    return found


def table(report: dict, timeline: dict, snapshots: list[tuple[str, dict]] = ()) -> dict | None:
    """The table view's data from the state's views after every step: every round deals afresh at its setup
    moment (seats, hands, how they are known). Findings (from the timeline) mark cards, a deal's card found
    by its place in the recorded hand (the report's); nothing else is read from the report."""
    rows = timeline.get("rounds") or []
    dealt, last, views = _steps(list(snapshots))
    if not rows or any(row["number"] not in last for row in rows):
        return None
    records = {record["number"]: record for record in report.get("rounds") or []}
    moments: dict[str, dict] = {}
    proven_rounds = []
    for row in rows:
        number = row["number"]
        setup = _setup_moment(number, dealt.get(number), last[number], records.get(number, {}), row["errors"])
        moments[row["id"]] = setup
        if "proven" in setup["deal"]["sources"].values():
            proven_rounds.append(str(row["number"]))
        seats = {seat["name"]: index for index, seat in enumerate(last[number]["seats"])}
        for trick_row in row["tricks"]:
            moments.update(_trick_moments(trick_row, views, seats))
    first = moments[rows[0]["id"]]["deal"]
    note = None
    if proven_rounds:
        note = say_n("The log gives no full deal for round {rounds}: those hands show only the cards proven to have "
                     "been dealt (given away, or played without being received). The cards-left chart gives every "
                     "hand's exact size.", "The log gives no full deal for rounds {rounds}: those hands show only the "
                     "cards proven to have been dealt (given away, or played without being received). The cards-left "
                     "chart gives every hand's exact size.", len(proven_rounds), rounds=", ".join(proven_rounds))
    return {"seats": first["seats"], "sources": first["sources"], "start": first["start"], "moments": moments,
            "styles": {card: style(card) for card in _cards_shown(moments)}, "pile": say("Cards played"), "note": note}
