/*
 * The computer analysis on a game's page: asks for it (POST to the page's data-analysis address when it was
 * never made), polls its progress (GET, less often the longer it waits) and then shows it: each play's
 * value, cost and best choice in the step panel as the board walks the moments (app.js tells each selection with a
 * "cardreplay:select" event), each player's accuracy, the evaluation chart (a click picks the play's
 * moment), and the mistakes and blunders in their own list and, those valued exactly, among the key moments
 * (N and P walk the rules' findings only, as the page's help says).
 * A 429 says when to ask again (Retry-After), and the page asks again then.
 * Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var POLL_MS = 1500;  // the first wait between two looks at the progress, growing to POLL_MAX_MS
  var POLL_MAX_MS = 10000;
  var wait = POLL_MS;
  var panel = document.getElementById("computer-panel");
  if (!panel) {
    return;
  }
  var address = panel.getAttribute("data-analysis");
  var status = document.getElementById("computer-status");
  var line = document.getElementById("step-analysis");
  var plays = {};
  var unit = "";  // the phrase the values are said in: "in points"
  var markWords = {};  // the marks in the reader's words, as the server names them in the marked plays
  var waiting = null;  // results that came before the board's moments

  function say(text) {
    status.textContent = text;
  }

  function later(method, milliseconds) {
    window.setTimeout(function () { ask(method); }, milliseconds);
  }

  function ask(method) {
    fetch(address, { method: method, headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 429) {
          var seconds = parseInt(response.headers.get("Retry-After"), 10) || 10;
          // a short wait is for the analyses under way; a long one, for the hour's (every upload has one)
          say(seconds < 120 ? _("Other analyses of your games are under way: this one will be asked for again in "
                                + "{seconds} s.", { seconds: seconds })
            : _n("Your games' analyses have reached this hour's limit (each game uploaded counts): this one will be "
                 + "asked for again in {count} minute.",
                 "Your games' analyses have reached this hour's limit (each game uploaded counts): this one will be "
                 + "asked for again in {count} minutes.", Math.ceil(seconds / 60)));
          later("POST", seconds * 1000);
          return null;
        }
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.json();
      })
      .then(function (answer) {
        if (answer) {
          progress(answer);
        }
      }, function () {
        say(_("The computer analysis could not be loaded: reload the page to try again."));
      });
  }

  // A long queue (or no worker at all) is looked at less and less often.
  function poll() {
    later("GET", wait);
    wait = Math.min(wait * 1.5, POLL_MAX_MS);
  }

  function progress(answer) {
    if (answer.state === "none") {
      ask("POST");
    } else if (answer.state === "queued") {
      say(answer.ahead ? _n("Queued for the computer analysis: {count} game ahead.",
                            "Queued for the computer analysis: {count} games ahead.", answer.ahead)
        : _("Queued for the computer analysis: next."));
      poll();
    } else if (answer.state === "running") {
      say(_("The computer is analysing this game…"));
      poll();
    } else if (answer.state === "failed") {
      say(_("The computer analysis of this game failed."));
    } else if (!answer.analysis) {
      say(answer.note || _("This game offers no computer analysis yet."));
    } else if (document.querySelector("[data-moments][aria-busy]")) {
      waiting = answer;  // shown with the first moment the board selects: the key moments' order needs them
    } else {
      show(answer.analysis, answer.rules);
    }
  }

  function show(analysis, rules) {
    plays = analysis.steps;
    unit = analysis.unit;
    markWords = analysis.mark_words || {};
    var total = Object.keys(plays).length;
    say(_n("{count} play of {total} valued.", "{count} plays of {total} valued.", analysis.valued,
           { total: total }) + (analysis.unsearched ? " " + _n(
      "{count} other step could not be searched.", "{count} other steps could not be searched.",
      analysis.unsearched) : "") +
      (analysis.unlisted ? " " + _n("{count} later play of the log was not analysed: a bound on the work one " +
        "game may cost.", "{count} later plays of the log were not analysed: a bound on the work one game may cost.",
        analysis.unlisted) : ""));
    seats(analysis.seats);
    badges();
    chart(analysis.figure);
    marks(analysis.marked);
    if (rules) {
      document.getElementById("computer-rules").setAttribute("href", rules);
      document.getElementById("computer-help").hidden = false;
    }
    panel.setAttribute("data-state", "done");
    var selected = document.querySelector("[data-moments]");
    describe(selected ? selected.getAttribute("data-selected") : null);
  }

  // Beside each play in the game's list of moments (where it lists plays): what the play cost, if anything.
  function badges() {
    document.querySelectorAll(".analysis-main [data-step-id]").forEach(function (element) {
      var play = plays[element.getAttribute("data-step-id")];
      if (!play || play.cost === "" || play.cost === "0") {
        return;
      }
      var badge = document.createElement("span");
      badge.className = "play-cost" + (play.mark ? " mark-" + play.mark : "");
      badge.textContent = "−" + play.cost;
      badge.title = _("Cost {cost}; best: {best} ({best_value})", { cost: play.cost, best: play.best.join(", "),
                                                                  best_value: play.best_value });
      element.appendChild(badge);
    });
  }

  // A cell says its column too (data-label), which a phone shows beside it: the table's five columns, in
  // Polish 760 px wide, scrolled sideways in a box a third as wide.
  function cell(row, text, label) {
    var element = document.createElement("td");
    element.textContent = text;
    element.setAttribute("data-label", label);
    row.appendChild(element);
  }

  // A mean cost with two decimals, as the step panel writes values (0.1, 0.425 and 0.067 side by side read badly).
  function mean(value) {
    return window.Intl ? new Intl.NumberFormat(document.documentElement.lang || undefined,
      { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value) : value.toFixed(2);
  }

  // Only the columns some player has plays for: with no deal in the log every play is an estimate, and a phone
  // showed three columns of "0 — —" with the figures off its edge.
  function seats(accuracy) {
    var body = document.getElementById("computer-seats");
    var players = Object.keys(accuracy);
    var exact = players.some(function (player) { return accuracy[player].plays > 0; });
    var guessed = players.some(function (player) { return (accuracy[player].estimated || {}).plays > 0; });
    var heads = body.parentNode.querySelectorAll("thead th");
    [1, 2, 3].forEach(function (index) { heads[index].hidden = !exact; });
    heads[4].hidden = !guessed;
    players.forEach(function (player) {
      var seat = accuracy[player];
      var row = document.createElement("tr");
      var name = document.createElement("th");
      name.scope = "row";
      name.textContent = player;
      row.appendChild(name);
      if (exact) {
        cell(row, String(seat.plays), heads[1].textContent);
        cell(row, seat.best_share === null ? "—" : Math.round(seat.best_share * 100) + " %", heads[2].textContent);
        cell(row, seat.mean_cost === null ? "—" : mean(seat.mean_cost), heads[3].textContent);
      }
      var estimated = seat.estimated;
      if (guessed) {
        cell(row, estimated && estimated.plays ? _("{plays}: {share} %, {cost}", {
          plays: estimated.plays, share: Math.round(estimated.best_share * 100),
          cost: mean(estimated.mean_cost) }) : "—", heads[4].textContent);
      }
      body.appendChild(row);
    });
    document.getElementById("computer-seats-box").hidden = !body.children.length;
  }

  function chart(figure) {
    var element = document.getElementById("chart-evaluation");
    if (typeof Plotly === "undefined" || !figure.data.length) {
      return;
    }
    element.hidden = false;
    Plotly.newPlot(element, figure.data, figure.layout, { responsive: true, displaylogo: false,
                                                           displayModeBar: false }).then(function () {
      element.setAttribute("data-rendered", "true");
      element.on("plotly_click", function (event) {
        window.CardReplay.charts.tapped(event, element);
        var point = event && event.points && event.points[0];
        if (point && point.customdata && window.CardReplay.returnTo) {
          window.CardReplay.returnTo(point.customdata);
        }
      });
    });
  }

  function link(mark, className) {
    var anchor = document.createElement("a");
    anchor.className = className;
    anchor.href = "#" + mark.step;
    anchor.textContent = mark.label;
    return anchor;
  }

  // The page's key moments, or a panel of them made for the marks when the game had none.
  function keyList() {
    var keys = document.querySelector(".key-panel .key-moments");
    if (keys) {
      return keys;
    }
    var section = document.createElement("section");
    section.className = "panel key-panel";
    var title = document.createElement("h2");
    title.className = "panel-title";
    title.textContent = _("Key moments");
    keys = document.createElement("ol");
    keys.className = "key-moments";
    section.appendChild(title);
    section.appendChild(keys);
    panel.parentNode.insertBefore(section, panel.parentNode.firstChild);
    return keys;
  }

  // In a list of their own, drawn as findings (the moment's panel lists them), and among the key moments.
  function marks(marked) {
    var list = document.getElementById("computer-marks");
    var proven = marked.filter(function (mark) { return mark.exact !== false; });  // estimates: listed only
    var keys = proven.length ? keyList() : null;
    marked.forEach(function (mark) {
      var item = document.createElement("li");
      item.className = "finding finding-mark mark-" + mark.kind;
      item.setAttribute("data-anchor", mark.step);
      var body = link(mark, "finding-body finding-link");
      body.textContent = "";
      var message = document.createElement("span");
      message.className = "finding-message";
      message.textContent = mark.label;
      body.appendChild(message);
      item.appendChild(body);
      list.appendChild(item);
      if (mark.exact !== false) {
        var key = document.createElement("li");
        key.appendChild(link(mark, "key key-" + mark.kind));
        keys.insertBefore(key, following(keys, mark.step));
      }
    });
  }

  // The first key moment after a step in the game (null: none, the end of the list).
  function following(keys, step) {
    var rank = window.CardReplay.rank;
    var place = rank(step);
    var after = Array.prototype.find.call(keys.children, function (item) {
      var anchor = item.querySelector("[href^='#']");
      return anchor && rank(anchor.getAttribute("href").slice(1)) > place;
    });
    return after || null;
  }

  function describe(id) {
    var play = id ? plays[id] : null;
    if (!line) {
      return;
    }
    line.hidden = !play;
    line.className = "step-analysis" + (play && play.mark ? " mark-" + play.mark : "");
    if (!play) {
      return;
    }
    var params = { player: play.player, played: play.played, value: play.value, cost: play.cost,
                   best: play.best.join(", "), best_value: play.best_value, unit: unit };
    if (!play.legal) {
      line.textContent = _("Computer: a play the rules refuse is not valued.");
    } else if (play.value === "") {
      line.textContent = _("Computer: not valued (past what the search could reach).");
    } else if (play.short) {
      // worlds searched only so far ahead: results so far there, no claim about the end (and no mark)
      line.textContent = play.cost === "0"
        ? _("Computer ({unit}, a guess looking only a few plays ahead): a best play there, worth about {value}.",
            params)
        : _("Computer ({unit}, a guess looking only a few plays ahead): {best} about {best_value} there; {played} " +
            "about {value}. Not what the end of the game gives.", params);
    } else if (play.cost === "0") {
      line.textContent = (play.exact ? _("Computer ({unit}): a best play; {player} can make sure of {value}.", params)
        : _("Computer ({unit}): a best play by the estimate, worth about {value}.", params));
    } else {
      // the play made said apart from the best, which it is not; its mark, where it has one, first. Several best
      // plays are said as several ("Migliori", not "Migliore", in Italian).
      line.textContent = (play.mark ? (markWords[play.mark] || play.mark) + " · " : "") + (play.exact
        ? _n("Computer ({unit}): costs {cost}. Best: {best}, making sure of {best_value}. Played: {played}, making " +
             "sure of {value}.",
             "Computer ({unit}): costs {cost}. Best: {best}, each making sure of {best_value}. Played: {played}, " +
             "making sure of {value}.", play.best.length, params)
        : _n("Computer (estimate, {unit}): costs {cost}. Best: {best}, about {best_value}. Played: {played}, about " +
             "{value}.",
             "Computer (estimate, {unit}): costs {cost}. Best: {best}, each about {best_value}. Played: {played}, " +
             "about {value}.", play.best.length, params));
    }
  }

  document.addEventListener("cardreplay:select", function (event) {
    if (waiting) {
      var answer = waiting;
      waiting = null;
      show(answer.analysis, answer.rules);
    }
    describe(event.detail.id);
  });
  ask("GET");
})();
