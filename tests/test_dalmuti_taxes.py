"""Revolutions, taxes and the market: the rulebook's Great Revolution, and each finding of this phase
at its round, player and path."""

from dalmuti_replay import validate
from dalmuti_replay.cards import Card, best_held, counted
from tests.dalmuti_helpers import FIVE, errors, found, hands_for, session, sim, trick, where

SIX = [*FIVE, "Fabio"]


def best(hand, count):
    return [str(card) for card in best_held(counted([Card.parse(text) for text in hand]), count)]


def worst(hand, count):
    return sorted((card for card in hand if card != "J"), key=Card.parse)[-count:]


def great_revolution_round(**changes):
    """A B C D E: the Great Peon Elena holds both Jesters and declares a Great Revolution."""
    hands = hands_for(FIVE, {"Elena": "J J"})
    taxes = [{"from": "Anna", "to": "Elena", "cards": best(hands["Anna"], 2)},
             {"from": "Bruno", "to": "Dario", "cards": best(hands["Bruno"], 1)},
             {"from": "Elena", "to": "Anna", "cards": worst(hands["Elena"], 2)},
             {"from": "Dario", "to": "Bruno", "cards": worst(hands["Dario"], 1)}]
    entry = {"hands": hands, "revolution": "Elena", "taxes": taxes, "tricks": [trick(("Elena", "J J"))]}
    entry.update(changes)
    return entry


def test_a_great_revolution_reverses_the_ranks_and_taxes_follow_the_new_ranks():
    report = validate(session(FIVE, great_revolution_round()))
    assert errors(report) == []
    record = report.rounds[0]
    assert record.ranks == FIVE and record.order == ["Elena", "Dario", "Carla", "Bruno", "Anna"]
    assert (record.revolution, record.revolution_kind) == ("Elena", "great")
    assert [(tax.kind, tax.giver, tax.receiver) for tax in record.taxes] == [
        ("great-tax", "Anna", "Elena"), ("little-tax", "Bruno", "Dario"),
        ("great-return", "Elena", "Anna"), ("little-return", "Dario", "Bruno")]
    assert record.tricks[0].leader == "Elena"


def test_after_a_great_revolution_the_old_great_dalmuti_may_not_lead():
    entry = great_revolution_round(tricks=[trick(("Anna", "9"))])
    [finding] = found(validate(session(FIVE, entry)), "wrong-leader")
    assert where(finding) == (1, 1, 1) and "Elena" in finding.message


def test_taxes_apply_peons_first_whatever_the_list_order():
    entry = great_revolution_round()
    entry["taxes"].reverse()
    assert errors(validate(session(FIVE, entry))) == []


def test_a_peon_who_keeps_his_best_cards():
    entry = great_revolution_round()
    entry["taxes"][0]["cards"] = worst(entry["hands"]["Anna"], 2)
    [finding] = found(validate(session(FIVE, entry)), "tax-wrong-cards")
    assert (where(finding), finding.player, finding.path) == ((1, None, None), "Anna", "/rounds/0/taxes/0/cards")


def test_a_tax_of_the_wrong_size_is_not_judged_on_its_cards():
    entry = great_revolution_round()
    entry["taxes"][1]["cards"] = worst(entry["hands"]["Bruno"], 2)
    report = validate(session(FIVE, entry))
    assert [(f.code, f.path) for f in errors(report)] == [("tax-wrong-count", "/rounds/0/taxes/1")]


def test_a_missing_tax_is_an_error_and_no_taxes_at_all_a_warning():
    entry = great_revolution_round()
    del entry["taxes"][3]
    [finding] = found(validate(session(FIVE, entry)), "tax-missing")
    assert (finding.severity, finding.player, finding.path) == ("error", "Dario", "/rounds/0/taxes")
    del entry["taxes"]
    [finding] = found(validate(session(FIVE, entry)), "tax-missing")
    assert (finding.severity, finding.path) == ("warning", "/rounds/0")


def test_a_plain_revolution_cancels_the_taxes():
    hands = hands_for(FIVE, {"Carla": "J J"})
    entry = {"hands": hands, "revolution": "Carla", "tricks": [trick(("Anna", "9"))],
             "taxes": [{"from": "Elena", "to": "Anna", "cards": best(hands["Elena"], 2)}]}
    report = validate(session(FIVE, entry))
    [finding] = errors(report)
    assert (finding.code, finding.player, finding.path) == ("tax-not-due", "Elena", "/rounds/0/taxes/0")
    assert report.rounds[0].revolution_kind == "plain" and report.rounds[0].order == FIVE
    del entry["taxes"]
    assert validate(session(FIVE, entry)).findings[0].code == "incomplete-round"


def test_taxes_in_the_wrong_direction_are_not_due_and_the_due_one_missing():
    entry = great_revolution_round()
    entry["taxes"][0] = {"from": "Elena", "to": "Anna", "cards": worst(entry["hands"]["Elena"], 2)}
    codes = sorted(f.code for f in errors(validate(session(FIVE, entry))))
    assert codes == ["card-not-in-hand", "tax-missing", "tax-not-due"]  # she gives her two 11s twice


def test_a_revolution_without_both_jesters():
    entry = great_revolution_round(revolution="Dario")
    report = validate(session(FIVE, entry))
    [finding] = found(report, "revolution-invalid")
    assert (finding.player, finding.path, where(finding)) == ("Dario", "/rounds/0/revolution", (1, None, None))
    assert "takes effect" in finding.message and report.rounds[0].revolution_kind == "plain"


def test_a_revolution_is_disproved_without_hands_by_a_jester_played_by_another():
    entry = {"revolution": "Bruno", "tricks": [trick(("Anna", "J"))]}
    [finding] = found(validate(session(FIVE, entry, options={"settling_round": False, "auto_revolution": True})),
                      "revolution-invalid")
    assert "Anna" in finding.message


def test_no_revolution_in_a_settling_round():
    entry = great_revolution_round()
    del entry["taxes"]
    report = validate(session(FIVE, entry, options={"settling_round": True}))
    assert [f.code for f in errors(report)] == ["revolution-invalid"]
    assert "settling" in errors(report)[0].message


def test_a_peon_without_hands_is_caught_by_a_better_card_he_played_later():
    entry = great_revolution_round()
    del entry["hands"]
    anna_best = entry["taxes"][0]["cards"]
    entry["taxes"][0]["cards"] = ["9", "9"]
    entry["tricks"] = [trick(("Elena", "J J"), ("Dario", None), ("Carla", None), ("Bruno", None), ("Anna", None)),
                       trick(("Elena", "10"), ("Dario", None), ("Carla", None), ("Bruno", None),
                             ("Anna", anna_best[0]))]
    [finding] = found(validate(session(FIVE, entry)), "tax-wrong-cards")
    assert finding.player == "Anna" and finding.path == "/rounds/0/taxes/0/cards"


def test_giving_a_card_one_does_not_hold():
    entry = great_revolution_round()
    missing = next(str(v) for v in range(1, 12) if str(v) not in entry["hands"]["Dario"])
    entry["taxes"][3]["cards"] = [missing]
    [finding] = found(validate(session(FIVE, entry)), "card-not-in-hand")
    assert (finding.player, finding.path) == ("Dario", "/rounds/0/taxes/3/cards")


def test_a_dalmuti_may_give_back_a_card_just_received():
    entry = great_revolution_round()
    entry["taxes"][2]["cards"] = entry["taxes"][0]["cards"]
    assert errors(validate(session(FIVE, entry))) == []


def market_log(seed=0, **options):
    for attempt in range(seed, seed + 60):
        log = sim(6, attempt, rounds=2, market=True, **options)
        if any(len(entry.get("taxes", [])) == 6 for entry in log["rounds"]):
            return log
    raise AssertionError("no simulated market")


def test_half_a_market_exchange_is_missing():
    log = market_log()
    r = next(index for index, entry in enumerate(log["rounds"]) if len(entry["taxes"]) == 6)
    del log["rounds"][r]["taxes"][5]
    [finding] = found(validate(log), "tax-missing")
    assert finding.path == f"/rounds/{r}/taxes" and where(finding) == (r + 1, None, None)


def test_a_market_without_the_variant_is_not_due():
    log = market_log()
    del log["options"]["market"]
    report = validate(log)
    assert {f.code for f in errors(report)} == {"tax-not-due"}


def test_a_market_swap_of_two_cards():
    log = market_log()
    r = next(index for index, entry in enumerate(log["rounds"]) if len(entry["taxes"]) == 6)
    transfer = log["rounds"][r]["taxes"][4]
    transfer["cards"] = transfer["cards"] * 2
    assert (r + 1, "tax-wrong-count") in [(f.unit("round"), f.code) for f in errors(validate(log))]


def test_market_and_black_market_conflict():
    log = market_log()
    log["options"]["black_market"] = True
    [finding] = found(validate(log), "option-conflict")
    assert finding.path == "/options" and where(finding) == (None, None, None)
    # the variants by their names, each with the key the log writes it as (before: "market and black_market")
    assert finding.message.startswith("The Market (market) and Black Market (black_market) variants conflict")


def test_no_market_with_a_single_merchant():
    log = sim(5, 2, rounds=1, market=True)
    entry = log["rounds"][0]
    merchant, great_dalmuti = entry["ranks"][2], entry["ranks"][0]
    entry["taxes"].append({"from": merchant, "to": great_dalmuti, "cards": entry["hands"][merchant][-1:]})
    [finding] = found(validate(log), "tax-not-due")
    assert finding.path == f"/rounds/0/taxes/{len(entry['taxes']) - 1}" and "two merchants" in finding.message
