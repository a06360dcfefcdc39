/*
 * Hypothetical branches, as hanab.live has them: from any moment of a replay, try another play and play on
 * as far as you like, the table and scores following; step back; return to the real game. A branch is
 * shareable: the URL hash carries the moment and the actions tried ("#trick-6-play-2~try=…").
 *
 * As lichess keeps variations, the branch's line stays in the list of moments under the moment it leaves
 * from, its plays clickable; ← and → step along it (→ replays a play stepped back over, and says so where the
 * line ends), and the controls show the branch's position in words. Among the first choices the play the
 * game really made is marked.
 *
 * The rules stay on the server: the log up to the moment comes from "…/before/<moment>.json" (with the log
 * just after the real play), and each position's legal choices, its table and its findings from a branch the
 * server keeps (POST /api/v1/branches once with that log; then each step sends only the branch's id, the
 * step it stands on and one action). The client keeps the log too, applying the JSON Patch that comes with
 * each choice: where the server no longer keeps the branch (404), it starts it again from that log. Text from
 * logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var panel = document.getElementById("branch");
  var opener = document.querySelector("[data-branch]");
  // {moment, logs: [log, …], actions: [action, …], labels: [label, …], ahead: [{action, label}, …] (stepped
  // back over, for →), answer, played (the log after the real play), key (the server's id of the branch),
  // base (the index in logs where the server's branch starts)}
  var branch = null;
  var line = null;  // the last branch's {moment, moves: [{action, label}, …]}, kept in the list once left
  var busy = false;
  // Opened by its button, which the open branch hides: the focus goes to the first play offered (else to <body>).
  var focusChoices = false;

  var element = window.CardReplay.element;  // board.js's

  // RFC 6902, as far as a recorded action needs it: add (with "-" for the end of a list), replace, remove.
  function applyPatch(document, operations) {
    var copy = JSON.parse(JSON.stringify(document));
    operations.forEach(function (operation) {
      var keys = operation.path.split("/").slice(1)
        .map(function (key) { return key.replace(/~1/g, "/").replace(/~0/g, "~"); });
      var last = keys.pop();
      var parent = keys.reduce(function (node, key) { return node[Array.isArray(node) ? Number(key) : key]; }, copy);
      if (Array.isArray(parent)) {
        var at = last === "-" ? parent.length : Number(last);
        if (operation.op === "add") {
          parent.splice(at, 0, operation.value);
        } else if (operation.op === "replace") {
          parent[at] = operation.value;
        } else if (operation.op === "remove") {
          parent.splice(at, 1);
        }
      } else if (operation.op === "remove") {
        delete parent[last];
      } else {
        parent[last] = operation.value;
      }
    });
    return copy;
  }

  function encode(actions) {
    return btoa(unescape(encodeURIComponent(JSON.stringify(actions))))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decode(text) {
    try {
      return JSON.parse(decodeURIComponent(escape(atob(text.replace(/-/g, "+").replace(/_/g, "/")))));
    } catch (error) {
      return [];
    }
  }

  function json(response) {
    if (!response.ok) {
      throw new Error(response.status);  // by its number: ask() starts a branch again on "404" or "409"
    }
    return response.json();
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
    }).then(json);
  }

  // The server keeps the branch from logs[at] on.
  function open(at) {
    return post("/api/v1/branches", branch.logs[at]).then(function (answer) {
      branch.key = answer.branch;
      branch.base = at;
      return answer;
    });
  }

  // The answer where the branch stands after `count` plays, then `action` if one is given (its log already
  // kept by take): one small request while the server keeps the branch, else (gone, or not where this page
  // left it) the branch started again there.
  function ask(count, action) {
    var reopen = function () { return open(action === undefined ? count : count + 1); };
    if (!branch.key || count < branch.base) {
      return reopen();
    }
    var body = { steps: count - branch.base };
    if (action !== undefined) {
      body.action = action;
    }
    return post("/api/v1/branches/" + encodeURIComponent(branch.key), body).catch(function (error) {
      if (error.message !== "404" && error.message !== "409") {
        throw error;
      }
      return reopen();
    });
  }

  function say(text) {
    document.getElementById("branch-status").textContent = text;
  }

  // The end of a branch in words, with each player's score there (every game's view gives a seat its "score"):
  // on a phone the table's last seats may lie under the pinned controls.
  function over(answer) {
    var scores = ((answer.view || {}).seats || []).filter(function (seat) {
      return typeof seat.score === "number";
    }).map(function (seat) { return _("{player} {score}", { player: seat.name, score: seat.score }); });
    return scores.length ? _("The game is over in this branch: {scores}.", { scores: scores.join(", ") })
      : _("The game is over in this branch.");
  }

  // Whether a log made by a choice is the one the game went on to: every part of it is in the real log after
  // the play (which may hold more, such as the players' notes).
  function within(part, whole) {
    if (Array.isArray(part)) {
      return Array.isArray(whole) && part.length === whole.length &&
        part.every(function (item, index) { return within(item, whole[index]); });
    }
    if (part && typeof part === "object") {
      return Boolean(whole) && typeof whole === "object" &&
        Object.keys(part).every(function (key) { return key in whole && within(part[key], whole[key]); });
    }
    return part === whole;
  }

  // The branch's line in the list of moments, right after the moment it leaves from: its plays as buttons,
  // the one shown marked.
  function drawLine() {
    var old = document.getElementById("branch-line");
    var focused = Boolean(old) && old.contains(document.activeElement);  // redrawn, the line keeps the focus
    if (old) {
      old.parentNode.removeChild(old);
    }
    var anchor = line && document.querySelector(".analysis-main [data-step-id='" + line.moment + "']");
    if (!anchor || !line.moves.length) {
      return;
    }
    var tag = anchor.tagName === "LI" ? "li" : anchor.tagName === "TR" ? "tr" : "div";
    var holder = element(tag, "branch-line");
    holder.id = "branch-line";
    var into = holder;
    if (tag === "tr") {
      into = element("td", "");
      into.colSpan = 99;
      holder.appendChild(into);
    }
    into.appendChild(element("span", "branch-line-title", _("Tried here:")));
    var shown = branch && branch.moment === line.moment ? branch.actions.length : -1;
    line.moves.forEach(function (move, index) {
      var button = element("button", "branch-move", move.label);
      button.type = "button";
      button.classList.toggle("is-current", index + 1 === shown);
      button.addEventListener("click", function () { goTo(index + 1); });
      into.appendChild(button);
    });
    anchor.parentNode.insertBefore(holder, anchor.nextSibling);
    if (focused) {
      (holder.querySelector(".is-current") || holder.querySelector("button")).focus();
    }
  }

  // The controls tell the branch's position: where it is, in words, and the play that led there.
  function drawControls(label) {
    var tried = branch.labels.length;
    document.getElementById("step-status").textContent = label;  // a branch's page has the stepper's lines
    document.getElementById("step-story").textContent = tried ? _("Tried: {play}", {play: branch.labels[tried - 1]})
      : _("From here the game is yours: pick a play. Nothing you try changes the log.");
    document.querySelectorAll("button[data-step=prev], button[data-step=next]").forEach(function (button) {
      button.disabled = false;
    });
  }

  function draw() {
    var answer = branch.answer;
    var list = document.getElementById("branch-choices");
    // the button pressed is about to be redrawn or disabled, or hidden (the opener)
    var focused = panel.contains(document.activeElement) || focusChoices;
    focusChoices = false;
    list.textContent = "";
    var tried = branch.actions.length;
    var log = branch.logs[branch.logs.length - 1];
    document.getElementById("branch-note").textContent = tried === 0
      ? _("From here the game is yours: pick a play. Nothing you try changes the log.")
      : _n("{count} play tried since this moment; not what happened.",
           "{count} plays tried since this moment; not what happened.", tried);
    say(answer.over ? over(answer)
      : answer.to_move ? _("{player} to play.", {player: answer.to_move})
        : answer.chance ? _("Chance decides here: pick what happens.") : "");
    answer.choices.forEach(function (choice) {
      var item = element("li", "");
      var button = element("button", "branch-choice", choice.label);
      button.type = "button";
      if (choice.hint) {
        button.title = choice.hint;
      }
      if (tried === 0 && branch.played && within(applyPatch(log, choice.patch), branch.played)) {
        button.classList.add("is-played");
        button.appendChild(element("span", "branch-played", _("played in the game")));
      }
      button.addEventListener("click", function () { choose(choice); });
      item.appendChild(button);
      list.appendChild(item);
    });
    panel.querySelector("[data-branch-back]").disabled = tried === 0;
    if (focused && (!panel.contains(document.activeElement) || document.activeElement.disabled)) {
      (list.querySelector("button") || panel.querySelector("[data-branch-return]")).focus();
    }
    // The place is the step to be chosen now, not the one the table shows last ("next": after a trick's last
    // play the table shows the trick taken, and the place is the next trick's lead).
    var label = answer.moment ? _("Hypothetical · next: {place}", {place: answer.place || answer.moment})
      : _("Hypothetical · the end");
    window.CardReplay.drawView(window.CardReplay.boardData(), answer.view, label);
    drawControls(label);
    line = { moment: branch.moment, moves: branch.actions.map(function (action, index) {
      return { action: action, label: branch.labels[index] };
    }).concat(branch.ahead) };
    drawLine();
    var hash = "#" + branch.moment + "~try=" + encode(branch.actions);
    if (window.location.hash !== hash) {
      window.history.replaceState(null, "", hash);
    }
  }

  // Nothing else is tried while `work` runs (each step builds on the one before); then the branch is drawn,
  // or `failed` runs.
  function settle(work, failed) {
    busy = true;
    return work.then(function () {
      busy = false;
      draw();
    }, failed && function () {
      busy = false;
      failed();
    });
  }

  function stuck() {
    say(_("This position could not be played on; return to the game."));
  }

  function show(count, action) {
    return settle(ask(count, action).then(function (answer) { branch.answer = answer; }), stuck);
  }

  function offered(action) {
    var wanted = JSON.stringify(action);
    return branch.answer.choices.filter(function (choice) { return JSON.stringify(choice.action) === wanted; })[0];
  }

  function take(choice) {
    branch.logs.push(applyPatch(branch.logs[branch.logs.length - 1], choice.patch));
    branch.actions.push(choice.action);
    branch.labels.push(choice.label);
  }

  // Back along the line to just after its `count`th play, the plays stepped back over kept for →.
  function rewind(count) {
    while (branch.actions.length > count) {
      branch.logs.pop();
      branch.ahead.unshift({ action: branch.actions.pop(), label: branch.labels.pop() });
    }
    show(count);
  }

  // A play tried here: the one stepped back over keeps the rest of the line ahead; another starts a new line.
  function choose(choice) {
    if (busy) {
      return;
    }
    var next = branch.ahead[0];
    if (next && JSON.stringify(next.action) === JSON.stringify(choice.action)) {
      branch.ahead.shift();
    } else {
      branch.ahead = [];
    }
    take(choice);
    show(branch.actions.length - 1, choice.action);
  }

  // ←: one play back along the line; at its start, back to the game at the moment the branch left from.
  function back() {
    if (busy) {
      return;
    }
    if (branch.logs.length < 2) {
      var moment = branch.moment;
      leave();
      window.CardReplay.returnTo(moment);
      return;
    }
    rewind(branch.actions.length - 1);
  }

  // →: the play stepped back over, again; where the line ends, a word rather than silence.
  function forward() {
    if (busy) {
      return;
    }
    var next = branch.ahead[0];
    var match = next && offered(next.action);
    if (!match) {
      say(branch.answer.over ? over(branch.answer)
        : _("The branch goes no further: pick a play to go on."));
      return;
    }
    choose(match);
  }

  // Replays the actions of a shared branch one by one, each through the choices offered at its position.
  function replayActions(actions) {
    if (!actions.length) {
      return Promise.resolve();
    }
    var match = offered(actions[0]);
    if (!match) {
      say(_("A play of the shared branch is not legal here; the branch stops before it."));
      return Promise.resolve();
    }
    take(match);
    return ask(branch.actions.length - 1, match.action).then(function (answer) {
      branch.answer = answer;
      return replayActions(actions.slice(1));
    });
  }

  // A play of the line in the list: back along the line, or on along it, to just after that play.
  function goTo(count) {
    if (busy) {
      return;
    }
    if (!branch || branch.moment !== line.moment) {
      var kept = line.moves;
      start(line.moment, kept.slice(0, count).map(function (move) { return move.action; }), kept.slice(count));
      return;
    }
    if (count <= branch.actions.length) {
      rewind(count);
      return;
    }
    var onward = branch.ahead.splice(0, count - branch.actions.length);
    settle(replayActions(onward.map(function (move) { return move.action; })), stuck);
  }

  function start(moment, actions, ahead) {
    if (!panel || !opener) {
      return;
    }
    var url = opener.getAttribute("data-branch") + encodeURIComponent(moment) + ".json";
    settle(fetch(url).then(json).then(function (found) {
      branch = { moment: found.moment, logs: [found.log], actions: [], labels: [], ahead: ahead || [],
                 answer: null, played: found.played, key: null, base: 0 };
      panel.hidden = false;
      document.body.classList.add("in-branch");
      return open(0).then(function (answer) {
        branch.answer = answer;
        return replayActions(actions || []);
      });
    }), function () {
      panel.hidden = false;
      say(_("No other play can be tried from this moment."));
      if (focusChoices) {
        focusChoices = false;
        panel.querySelector("[data-branch-return]").focus();
      }
    }).then(function () { window.CardReplay.moments.reveal(panel); });  // once drawn: its choices push it down
  }

  function leave() {
    if (!branch && (!panel || panel.hidden)) {
      return;
    }
    var focused = panel.contains(document.activeElement);
    branch = null;
    panel.hidden = true;
    document.body.classList.remove("in-branch");  // "Try another play" is shown again (board.css)
    if (focused) {
      opener.focus();  // the button pressed is hidden with the panel: back to the one that opened it
    }
    drawLine();  // the line stays in the list, none of its plays shown
  }

  if (panel && opener) {
    opener.addEventListener("click", function () {
      var selected = document.querySelector("[data-moments]").getAttribute("data-selected");
      if (selected) {
        focusChoices = true;
        start(selected, []);
      }
    });
    panel.querySelector("[data-branch-back]").addEventListener("click", back);
    panel.querySelector("[data-branch-return]").addEventListener("click", returnToGame);
  }

  function returnToGame() {
    var moment = branch ? branch.moment : null;
    leave();
    window.CardReplay.returnTo(moment);
  }

  // Escape (controls.js's keys): as "Return to the game" where the branch's panel is shown; false elsewhere.
  function leaveByKey() {
    if (!panel || panel.hidden) {
      return false;
    }
    if (panel.contains(document.activeElement) || document.activeElement === document.body) {
      panel.querySelector("[data-branch-return]").focus();  // leave() then gives it to "Try another play"
    }
    returnToGame();
    return true;
  }

  window.CardReplay = window.CardReplay || {};
  window.CardReplay.branch = { start: start, leave: leave, decode: decode, back: back, forward: forward,
                               leaveByKey: leaveByKey, active: function () { return branch !== null; } };
})();
