"""What the recorder's browser tests share: the test plays the table. At each step it taps the offered choice
whose patch writes what the simulated log says happened next (``contained``: the log so far is a part of the
whole game), as a person copying a score sheet would. It reads the choices the page holds
(``RecordPlay.answer()``) only to know which button that is; every step is a real tap on the page."""

from __future__ import annotations

import json

import pytest

from dalmuti_replay.simulate import simulate as dalmuti_simulate
from tests.conftest import until
from tests.state_helpers import patched

MAX_STEPS = 3000
# The recorder's last answer and the log so far, read in one round trip as JSON text: a string crosses
# Playwright's driver far more cheaply than the same value as a tree of objects, and a game taps hundreds of
# steps.
HELD = "JSON.stringify([RecordPlay.answer(), RecordCore.logOf(RecordPlay.current())])"


def contained(part: object, whole: object) -> bool:
    """``part`` is ``whole`` so far: every member it has, ``whole`` has alike (a null one may be left out, as
    the formats allow); every list a prefix of its own."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(contained(value, whole[key]) if key in whole else value is None
                                               for key, value in part.items())
    if isinstance(part, list):
        return isinstance(whole, list) and len(part) <= len(whole) and all(map(contained, part, whole))
    return part == whole and type(part) is type(whole)


def fits(log: dict, choices: list[dict], target: dict) -> list[int]:
    """The choices whose patch writes a part of ``target``, those that write the most of it first (a race
    revealed with the discipline postponed before it, rather than the same race with nothing postponed)."""
    fitting = [index for index, choice in enumerate(choices) if contained(patched(log, choice["patch"]), target)]
    return sorted(fitting, key=lambda index: -len(json.dumps(choices[index]["patch"])))


def settled(page, steps: int, then: str = "true"):
    """Wait until the recorder holds ``steps`` steps and has the server's answer for them; what ``then``
    evaluates to at that moment."""
    return until(page, f"(r => r.dataset.steps === '{steps}' && !r.hasAttribute('aria-busy'))"
                       f"(document.getElementById('recorder'))", timeout=20, then=then)


def held(page, steps: int) -> tuple[dict, dict]:
    """Once ``settled``, the recorder's last answer and the log so far."""
    answer, log = json.loads(settled(page, steps, HELD))
    return answer, log


def recorded_log(page) -> dict:
    return json.loads(page.evaluate("JSON.stringify(RecordCore.logOf(RecordPlay.current()))"))


def tap_through(page, target: dict, steps: int = 0) -> int:
    """Record, step after step, the next part of ``target`` until the game is over (``next_step``)."""
    for _ in range(MAX_STEPS):
        answer, log = held(page, steps)
        if answer["over"]:
            return steps
        steps = next_step(page, target, steps, (answer, log))
    pytest.fail("the game did not end")


def next_step(page, target: dict, steps: int, seen: tuple[dict, dict] | None = None) -> int:
    """Tap the choice that writes the next part of ``target``; at the table's steps (a deal, a draw, a
    discipline revealed) enter what the target says was seen, or leave it unseen where the target leaves it
    out. ``seen`` is the answer and the log the page holds (``held``), read here when not given. Returns the
    number of steps recorded after it."""
    answer, log = seen or json.loads(page.evaluate(HELD))
    assert answer["valid"], answer["findings"]
    if not answer["chance"]:
        press(page.locator(f"#rec-choices button[data-choice='{fits(log, answer['choices'], target)[0]}']"))
        return steps + 1
    offered = answer["choices"][0]
    assert page.locator("#rec-choices button").count() == 0, "no drawn outcome is offered to tap"
    if answer["may_leave_unseen"] and not written(target, offered["patch"][0]["path"]):
        # a deal or a draw the target leaves out: nobody saw it, and the next step is recorded straight on
        press(page.locator("#rec-unseen"))
        until(page, "RecordPlay.answer() && RecordPlay.answer().left_unseen")
        return steps
    enter_seen(page, log, offered, target)
    return steps + 1


def written(target: dict, path: str) -> bool:
    """The target has something at this JSON Pointer (a deal, the cards of a draw)."""
    where: object = target
    for token in path.split("/")[1:]:
        if isinstance(where, list) and token.isdigit() and int(token) < len(where):
            where = where[int(token)]
        elif isinstance(where, dict) and token in where:
            where = where[token]
        else:
            return False
    return True


def seen_outcome(log: dict, offered: dict, target: dict) -> dict:
    """What the target says the table saw at this step, as an action of the offered step's shape."""
    operation = offered["patch"][0]
    *parents, last = operation["path"].split("/")[1:]
    where, seen = target, log
    for token in parents:
        where, seen = where[int(token) if isinstance(where, list) else token], \
            seen[int(token) if isinstance(seen, list) else token]
    index = len(seen) if last == "-" else last
    wanted = where[int(index)] if isinstance(where, list) else where[index]
    if not isinstance(wanted, dict) or offered["action"] == {"hands": operation["value"]}:
        return {key: wanted for key in offered["action"]}  # the step is one part: the cards drawn or dealt
    return {key: wanted.get(key) for key in {**offered["action"], "postponed": None}}


def enter_seen(page, log: dict, offered: dict, target: dict) -> None:
    """Enter the table's step as the target has it, in the pickers: cards typed seat by seat, a discipline or
    a player chosen by name; then record it."""
    for key, value in seen_outcome(log, offered, target).items():
        part = page.locator(f"#rec-chance-parts fieldset[data-key='{key}']")
        if part.count() == 0:
            assert value is None, key
        elif part.locator("select").count():
            part.locator("select").select_option(value or "")
        else:
            for field in part.locator("input").all():
                cards = value if isinstance(value, list) else value[field.get_attribute("data-seat")]
                field.fill(" ".join(card.lower() for card in cards))
    press(page.locator("#rec-chance-record"))


# The element is seen whole: within the window, within every box that clips it (the dock, which scrolls
# inside), and nothing else lies over its middle (the sticky dock over the page, say).
SEEN = """e => {
  const r = e.getBoundingClientRect();
  if (!r.height || r.top < 0 || r.bottom > innerHeight + 1) return false;
  for (let box = e.parentElement; box && box !== document.body; box = box.parentElement) {
    if (getComputedStyle(box).overflowY !== "visible") {
      const b = box.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1) return false;
    }
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit) && (e === hit || e.contains(hit));
}"""


def in_view(page, selector: str) -> bool:
    """The first element ``selector`` finds is seen whole on the screen (``SEEN``): not scrolled away, in the
    page or inside the dock, nor covered."""
    return page.locator(selector).first.evaluate(SEEN)


def press(locator) -> None:
    """A tap on a touch screen (the phone), a click with the mouse (the desktop)."""
    page = locator.page
    if not hasattr(page, "has_touch"):  # a page's context keeps its screen: asked once, not every tap
        page.has_touch = page.evaluate("'ontouchstart' in window")
    if page.has_touch:
        locator.tap()
    else:
        locator.click()


def continued(page, live_server, log: dict, language: str = "en") -> None:
    """The recorder opened on ``log`` (pasted into "Continue a log"), in ``language``."""
    page.goto(f"{live_server.url}/record?lang={language}")
    press(page.locator("#rec-open summary"))
    page.fill("#rec-open-text", json.dumps(log))
    press(page.locator("#rec-open-button"))
    settled(page, 0)


def fill_players(page, game: str, players: list[str], first: str | None = None) -> None:
    page.locator(f"input[name=game][value='{game}']").check()
    while page.locator("#rec-players input").count() < len(players):
        press(page.locator("#rec-add-player"))
    while page.locator("#rec-players input").count() > len(players):
        press(page.locator("#rec-remove-player"))
    for index, name in enumerate(players):
        page.locator("#rec-players input").nth(index).fill(name)
    if first:
        page.select_option("#rec-first", first)


def tap_deal(page, hands: dict[str, list[str]], players: list[str]) -> None:
    """The deal tapped in the grid: a full hand moves the selection to the next player by itself."""
    press(page.locator("#rec-deal summary"))
    page.locator("#rec-hand-0").focus()
    for name in players:
        for card in hands[name]:
            press(page.locator(f"#rec-deal-grid button[data-card='{card}']"))


def type_deal(page, hands: dict[str, list[str]], players: list[str]) -> None:
    """The deal typed, one line per player, in lower case as a phone's keyboard gives it."""
    press(page.locator("#rec-deal summary"))
    for index, name in enumerate(players):
        page.fill(f"#rec-hand-{index}", " ".join(card.lower() for card in hands[name]))


def begin_david_and_goliath(page, live_server, target: dict, tapped: bool = False) -> None:
    """A David & Goliath game set up as ``target`` is, its deal tapped in the grid or typed."""
    page.goto(live_server.url + "/record?game=david-goliath")
    fill_players(page, "david-goliath", target["players"], target["dealer"])
    (tap_deal if tapped else type_deal)(page, target["hands"], target["players"])
    no_sideways_scroll(page)
    start(page)


def start(page) -> None:
    """Start recording, and wait for the server's first answer."""
    press(page.locator(".rec-start-button"))
    until(page, "!document.getElementById('rec-play').hidden")
    settled(page, 0)


def played_to_the_end(page, target: dict, steps: int = 0) -> int:
    """Tap through to the end; the page has no sideways scroll and the report is the target's own."""
    steps = tap_through(page, target, steps)
    no_sideways_scroll(page)
    same_report(page, recorded_log(page), target)
    return steps


def same_report(page, recorded: dict, target: dict) -> None:
    """The same report but for the title (the recorder names a game with no title typed)."""
    ours = page.request.post(page.url.split("/record")[0] + "/api/v1/validate", data=json.dumps(recorded),
                             headers={"Content-Type": "application/json"}).json()
    theirs = page.request.post(page.url.split("/record")[0] + "/api/v1/validate", data=json.dumps(target),
                               headers={"Content-Type": "application/json"}).json()
    ours.pop("meta", None)
    theirs.pop("meta", None)
    assert ours == theirs, first_difference(ours, theirs)


def first_difference(ours: object, theirs: object, where: str = "") -> str:
    """Where two JSON values first differ, for a readable failure."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in dict.fromkeys([*ours, *theirs]):
            if ours.get(key, "<absent>") != theirs.get(key, "<absent>"):
                return first_difference(ours.get(key, "<absent>"), theirs.get(key, "<absent>"), f"{where}/{key}")
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        for index, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
            if mine != other:
                return first_difference(mine, other, f"{where}/{index}")
    return f"{where}: recorded {ours!r}, simulated {theirs!r}"


def no_sideways_scroll(page) -> None:
    """Nothing is wider than the screen (390 px on the phone)."""
    wide = page.evaluate("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > "
                         "innerWidth + 1).map(e => e.id || e.className).slice(0, 5)")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), wide


def dalmuti_session(players: int, seed: int, **options: bool) -> dict:
    """A session of two rounds, not the simulator's three: the second already has taxes paid by the first's
    ranks and ends the session, and each round taps some eighty steps through the browser."""
    return dalmuti_simulate(players, seed, rounds=2, **options)


def sheet_part(page, index: int):
    """The score sheet's box of a round or race, opened."""
    part = page.locator(f"#rec-sheet-parts details[data-part='{index}']")
    if part.get_attribute("open") is None:
        press(part.locator("summary"))
    return part


def sheet_end(page, players: list[str], scores: dict[str, int], winners: list[str]) -> None:
    """The sheet's last line: every score or total, the winners ticked; nothing wider than the screen."""
    for index, name in enumerate(players):
        page.fill(f"#rec-claim-{index}", str(scores[name]))
        if name in winners:
            page.locator(f"#rec-claims input[data-winner='{name}']").check()
    no_sideways_scroll(page)


def tap_through_some(page, target: dict, count: int) -> int:
    """Like ``tap_through``, for ``count`` steps only."""
    for steps in range(count):
        answer, log = held(page, steps)
        index = fits(log, answer["choices"], target)[0]
        press(page.locator(f"#rec-choices button[data-choice='{index}']"))
    settled(page, count)
    return count


# Three players, values 1–9: Andrea holds 1–3, Ben 4–6 and Clara 7–9 of every colour; Clara deals, so
# Andrea leads the first trick (the choices API's own worked example).
HANDS = {name: [f"{colour}{value}" for colour in "BYGRP" for value in range(low, low + 3)]
         for name, low in (("Andrea", 1), ("Ben", 4), ("Clara", 7))}
