/*
 * Hypothetical branches, as hanab.live has them: from any moment of a replay, try another play and play on
 * as far as you like, the table and scores following; step back; return to the real game. A branch is
 * shareable: the URL hash carries the moment and the actions tried ("#trick-6-play-2~try=…").
 *
 * The rules stay on the server: the log up to the moment comes from "…/before/<moment>.json", and each
 * position's legal choices, its table and its findings from POST /api/v1/choices; a choice is recorded by
 * applying the JSON Patch that comes with it. Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var panel = document.getElementById("branch");
  var opener = document.querySelector("[data-branch]");
  var branch = null;  // {moment, logs: [log, …], actions: [action, …], answer}
  var busy = false;

  var element = window.CardReplay.element;  // board.js's

  // RFC 6902, as far as a recorded action needs it: add (with "-" for the end of a list), replace, remove.
  function applyPatch(document, operations) {
    var copy = JSON.parse(JSON.stringify(document));
    operations.forEach(function (operation) {
      var keys = operation.path.split("/").slice(1).map(function (key) {
        return key.replace(/~1/g, "/").replace(/~0/g, "~");
      });
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
      var padded = text.replace(/-/g, "+").replace(/_/g, "/");
      return JSON.parse(decodeURIComponent(escape(atob(padded))));
    } catch (error) {
      return [];
    }
  }

  function ask(log) {
    return fetch("/api/v1/choices", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(log)
    }).then(function (response) {
      if (!response.ok) {
        throw new Error(response.status);
      }
      return response.json();
    });
  }

  function say(text) {
    document.getElementById("branch-status").textContent = text;
  }

  function draw() {
    var answer = branch.answer;
    var list = document.getElementById("branch-choices");
    list.textContent = "";
    var tried = branch.actions.length;
    document.getElementById("branch-note").textContent = tried === 0
      ? _("From here the game is yours: pick a play. Nothing you try changes the log.")
      : _n("{count} play tried since this moment; not what happened.",
           "{count} plays tried since this moment; not what happened.", tried);
    say(answer.over ? _("The game is over in this branch.")
      : (answer.to_move ? _("{player} to play.", {player: answer.to_move}) : ""));
    answer.choices.forEach(function (choice) {
      var item = element("li", "");
      var button = element("button", "branch-choice", choice.label);
      button.type = "button";
      if (choice.hint) {
        button.title = choice.hint;
      }
      button.addEventListener("click", function () { choose(choice); });
      item.appendChild(button);
      list.appendChild(item);
    });
    panel.querySelector("[data-branch-back]").disabled = tried === 0;
    window.CardReplay.drawView(window.CardReplay.boardData(), answer.view,
                               answer.moment ? _("Hypothetical · {moment}", {moment: answer.moment}) : _("Hypothetical · the end"));
    var hash = "#" + branch.moment + "~try=" + encode(branch.actions);
    if (window.location.hash !== hash) {
      window.history.replaceState(null, "", hash);
    }
  }

  function show(log) {
    busy = true;
    return ask(log).then(function (answer) {
      busy = false;
      branch.answer = answer;
      draw();
    }, function () {
      busy = false;
      say(_("This position could not be played on; return to the game."));
    });
  }

  function choose(choice) {
    if (busy) {
      return;
    }
    var log = applyPatch(branch.logs[branch.logs.length - 1], choice.patch);
    branch.logs.push(log);
    branch.actions.push(choice.action);
    show(log);
  }

  function back() {
    if (busy || branch.logs.length < 2) {
      return;
    }
    branch.logs.pop();
    branch.actions.pop();
    show(branch.logs[branch.logs.length - 1]);
  }

  // Replays the actions of a shared branch one by one, each through the choices offered at its position.
  function replayActions(actions) {
    if (!actions.length) {
      return Promise.resolve();
    }
    var wanted = JSON.stringify(actions[0]);
    var match = branch.answer.choices.filter(function (choice) { return JSON.stringify(choice.action) === wanted; })[0];
    if (!match) {
      say(_("A play of the shared branch is not legal here; the branch stops before it."));
      return Promise.resolve();
    }
    var log = applyPatch(branch.logs[branch.logs.length - 1], match.patch);
    branch.logs.push(log);
    branch.actions.push(match.action);
    return ask(log).then(function (answer) {
      branch.answer = answer;
      return replayActions(actions.slice(1));
    });
  }

  function start(moment, actions) {
    if (!panel || !opener) {
      return;
    }
    busy = true;
    fetch(opener.getAttribute("data-branch") + encodeURIComponent(moment) + ".json")
      .then(function (response) {
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.json();
      })
      .then(function (found) {
        branch = { moment: found.moment, logs: [found.log], actions: [], answer: null };
        panel.hidden = false;
        document.body.classList.add("in-branch");
        return ask(found.log).then(function (answer) {
          branch.answer = answer;
          return replayActions(actions || []);
        });
      })
      .then(function () {
        busy = false;
        draw();
      }, function () {
        busy = false;
        panel.hidden = false;
        say(_("No other play can be tried from this moment."));
      });
  }

  function leave() {
    if (!branch && (!panel || panel.hidden)) {
      return false;
    }
    branch = null;
    panel.hidden = true;
    document.body.classList.remove("in-branch");
    return true;
  }

  if (panel && opener) {
    opener.addEventListener("click", function () {
      var selected = document.querySelector("[data-moments]").getAttribute("data-selected");
      if (selected) {
        start(selected, []);
      }
    });
    panel.querySelector("[data-branch-back]").addEventListener("click", back);
    panel.querySelector("[data-branch-return]").addEventListener("click", function () {
      var moment = branch ? branch.moment : null;
      leave();
      window.CardReplay.returnTo(moment);
    });
  }

  window.CardReplay = window.CardReplay || {};
  window.CardReplay.branch = { start: start, leave: leave, decode: decode,
                               active: function () { return branch !== null; } };
})();
