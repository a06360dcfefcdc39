/*
 * The score sheet: what the players wrote down, to be checked against the rules, never trusted. Its last
 * line is each player's score (or total) and the winners; a game that keeps a line per part also gets one
 * box per round or race played so far, with the claims its setup names ("sheet" in #record-setups, each
 * game adapter's recorder): a Dalmuti round's finishing order, points and totals, an Olympi race's medals
 * and who took the First-player card. A part's box is filled from the log where the log already says it
 * (a log continued here), and changes only what is typed. The claims live in the draft (draft.claims)
 * and are written into the log by write(). Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var element = window.RecordTable.element;
  var select = window.RecordTable.select;
  var NOBODY = "\u0000nobody";  // a "player" claim written as null: nobody took it

  function $(id) {
    return document.getElementById(id);
  }

  // -- The last line: scores and winners ------------------------------------------------------------

  function drawFinal(players, draft, match, text) {
    var list = $("rec-claims");
    list.textContent = "";
    players.forEach(function (name, index) {
      var item = element("li", "rec-claim");
      var label = element("label", "", name);
      label.id = "rec-claim-name-" + index;
      var input = numberInput("rec-claim-" + index, (draft.claims.scores || {})[name]);
      input.dataset.player = name;
      label.htmlFor = input.id;
      item.appendChild(label);
      item.appendChild(input);
      if (!match) {
        var winner = element("label", "rec-check");
        var box = element("input");
        box.type = "checkbox";
        box.dataset.winner = name;
        box.checked = (draft.claims.winners || []).indexOf(name) >= 0;
        var said = element("span", "", " " + text.winner);
        said.id = "rec-winner-" + index;
        box.setAttribute("aria-labelledby", label.id + " " + said.id);  // "Ann winner", not "winner" again and again
        winner.appendChild(box);
        winner.appendChild(said);
        item.appendChild(winner);
      }
      list.appendChild(item);
    });
  }

  function numberInput(id, value) {
    var input = element("input");
    input.type = "number";
    input.inputMode = "numeric";
    input.id = id;
    input.value = value !== undefined && value !== null ? value : "";
    return input;
  }

  function filled(input) {
    return input.value !== "" && !isNaN(Number(input.value));
  }

  function each(box, selector, action) {
    Array.prototype.forEach.call(box.querySelectorAll(selector), action);
  }

  // -- A box per part: its claims by kind ------------------------------------------------------------

  // The players of each part: the log's, and those who joined at or before it (a Dalmuti newcomer).
  function playersOf(log, parts, index, joins) {
    var players = (log.players || []).slice();
    parts.slice(0, index + 1).forEach(function (part) {
      ((joins && part[joins]) || []).forEach(function (name) {
        if (players.indexOf(name) < 0) {
          players.push(name);
        }
      });
    });
    return players;
  }

  function at(part, key) {
    return key.split("/").reduce(function (value, token) {
      return value !== null && typeof value === "object" ? value[token] : undefined;
    }, part);
  }

  // Each kind draws its inputs into ``box`` and reads them back: {value} when claimed, null when not.
  var KINDS = {
    order: {
      draw: function (box, claim, value, players) {
        var names = [["", "—"]].concat(players.map(function (name) { return [name, name]; }));
        players.forEach(function (_name, place) {
          var row = element("label", "rec-sheet-row");
          row.appendChild(element("span", "rec-sheet-name", _("{number}.", { number: place + 1 })));
          row.appendChild(select(names, (value || [])[place] || "",
            _("{claim}, place {number}", { claim: claim.label, number: place + 1 })));
          box.appendChild(row);
        });
      },
      read: function (box) {
        var order = [];
        var stopped = false;
        each(box, "select", function (input) {
          stopped = stopped || !input.value;
          if (!stopped) {
            order.push(input.value);
          }
        });
        return order.length ? { value: order } : null;
      }
    },
    numbers: {
      draw: function (box, claim, value, players) {
        players.forEach(function (name) {
          var row = element("label", "rec-sheet-row");
          row.appendChild(element("span", "rec-sheet-name", name));
          var input = numberInput("", (value || {})[name]);
          input.removeAttribute("id");
          input.dataset.player = name;
          input.setAttribute("aria-label", _("{claim}: {player}", { claim: claim.label, player: name }));
          row.appendChild(input);
          box.appendChild(row);
        });
      },
      read: function (box) {
        var scores = {};
        each(box, "input", function (input) {
          if (filled(input)) {
            scores[input.dataset.player] = Number(input.value);
          }
        });
        return Object.keys(scores).length ? { value: scores } : null;
      }
    },
    medals: {
      draw: function (box, claim, value, players, setup) {
        players.forEach(function (name) {
          var row = element("div", "rec-sheet-row rec-sheet-medal-row");
          row.appendChild(element("span", "rec-sheet-name", name));
          // the player's medals kept together: a narrow row moves them under the name as one, never one alone
          // under the next player's name
          var group = element("span", "rec-sheet-medals");
          row.appendChild(group);
          var won = (value || {})[name] || [];
          claim.values.forEach(function (medal) {
            var word = ((setup || {}).values || {})[medal] || medal;
            var cell = element("label", "rec-sheet-medal");
            var count = won.filter(function (item) { return item === medal; }).length;
            var input = numberInput("", value ? count : "");
            input.removeAttribute("id");
            input.min = "0";
            input.max = "9";
            input.dataset.player = name;
            input.dataset.medal = medal;
            input.setAttribute("aria-label", _("{player}: {medal}", { player: name, medal: word }));
            cell.appendChild(element("span", "", word));
            cell.appendChild(input);
            group.appendChild(cell);
          });
          box.appendChild(row);
        });
      },
      read: function (box) {
        var medals = {};
        var any = false;
        each(box, "input", function (input) {
          any = any || filled(input);
          for (var count = filled(input) ? Number(input.value) : 0; count > 0; count -= 1) {
            (medals[input.dataset.player] = medals[input.dataset.player] || []).push(input.dataset.medal);
          }
        });
        return any ? { value: medals } : null;
      }
    },
    player: {
      draw: function (box, claim, value, players) {
        var options = [["", _("not written")], [NOBODY, _("nobody")]].concat(players.map(function (name) {
          return [name, name];
        }));
        box.appendChild(select(options, value === null ? NOBODY : value || "", claim.label));
      },
      read: function (box) {
        var chosen = box.querySelector("select").value;
        return chosen === "" ? null : { value: chosen === NOBODY ? null : chosen };
      }
    }
  };

  function drawParts(draft, setup, log) {
    var sheet = setup && setup.sheet;
    var box = $("rec-sheet-parts");
    var parts = sheet ? log[sheet.parts] || [] : [];
    var shape = draft.id + ":" + parts.length;
    if (box.dataset.shape === shape) {
      return;  // drawn already: redrawing would lose the focus of a box being typed in
    }
    box.dataset.shape = shape;
    box.textContent = "";
    var kept = draft.claims.parts || [];
    parts.forEach(function (part, index) {
      var details = element("details", "rec-sheet-part");
      details.dataset.part = String(index);
      details.open = index === parts.length - 1;
      var unit = String(sheet.unit);
      details.appendChild(element("summary", "", _("{unit} {number}", {
        unit: unit.charAt(0).toUpperCase() + unit.slice(1), number: index + 1 })));
      var players = playersOf(log, parts, index, sheet.joins);
      sheet.claims.forEach(function (claim) {
        if (claim.option && !(log.options || {})[claim.option]) {
          return;
        }
        var mine = kept[index] && claim.key in kept[index] ? kept[index][claim.key] : undefined;
        var value = mine === undefined ? at(part, claim.key) : mine === null ? undefined : mine.value;
        var group = element("fieldset", "rec-sheet-claim");
        group.dataset.claim = claim.key;
        group.dataset.kind = claim.kind;
        group.appendChild(element("legend", "", claim.label));
        KINDS[claim.kind].draw(group, claim, value, players, setup);
        details.appendChild(group);
      });
      box.appendChild(details);
    });
  }

  // -- Drawn, read, written --------------------------------------------------------------------------

  function draw(draft, setup, text, force) {
    var log = core.logOf(draft);
    var match = setup && setup.match && log.game === setup.match;
    draft.claims = draft.claims || { scores: {}, winners: [] };
    $("rec-claims-panel").hidden = !(setup && (setup.claims || match || setup.sheet));
    if (force) {
      drawFinal(log.players || [], draft, match, text);
      $("rec-sheet-parts").dataset.shape = "";
    }
    drawParts(draft, setup, log);
  }

  // What the sheet's boxes say now: the scores typed, the winners ticked, each part's claims.
  function read() {
    var scores = {};
    var winners = [];
    each($("rec-claims"), "input[data-player]", function (input) {
      if (filled(input)) {
        scores[input.dataset.player] = Number(input.value);
      }
    });
    each($("rec-claims"), "input[data-winner]:checked", function (box) {
      winners.push(box.dataset.winner);
    });
    var parts = [];
    each($("rec-sheet-parts"), "details[data-part]", function (details) {
      var claims = {};
      each(details, "fieldset[data-claim]", function (group) {
        claims[group.dataset.claim] = KINDS[group.dataset.kind].read(group);
      });
      parts[Number(details.dataset.part)] = claims;
    });
    return { scores: scores, winners: winners, parts: parts };
  }

  // Where the log keeps its last line: "totals" in a match (whose games name the winners), else the key the
  // setup names (null: none), beside "winners".
  function lastLine(log, setup) {
    var match = Boolean(setup.match && log.game === setup.match);
    return { key: match ? "totals" : setup.claims || null, winners: !match && Boolean(setup.claims) };
  }

  // The last line a log opened here already claims, for the sheet to show it (and the players to correct it):
  // each score given as a number, the winners named.
  function claimsOf(log, setup) {
    var line = lastLine(log, setup);
    var written = line.key && log[line.key] && typeof log[line.key] === "object" && !Array.isArray(log[line.key]) ?
      log[line.key] : {};
    var scores = {};
    Object.keys(written).forEach(function (name) {
      if (typeof written[name] === "number") {
        scores[name] = written[name];
      }
    });
    var winners = line.winners && Array.isArray(log.winners) ? log.winners.filter(function (name) {
      return typeof name === "string";
    }) : [];
    return { scores: scores, winners: winners };
  }

  // The claims written into a copy of the log: the last line where the setup says, and each part's claims, a
  // claim emptied taking its value out of the log (a line the log came with too: the sheet showed it).
  function write(log, draft, setup) {
    var claims = draft.claims || {};
    var line = lastLine(log, setup);
    if (line.key && Object.keys(claims.scores || {}).length) {
      log[line.key] = claims.scores;
    } else if (line.key) {
      delete log[line.key];
    }
    if (line.winners && (claims.winners || []).length) {
      log.winners = claims.winners;
    } else if (line.winners) {
      delete log.winners;
    }
    var parts = setup.sheet ? log[setup.sheet.parts] || [] : [];
    (claims.parts || []).forEach(function (part, index) {
      Object.keys(part || {}).forEach(function (path) {
        if (parts[index]) {
          put(parts[index], path.split("/"), part[path]);
        }
      });
    });
    return log;
  }

  function put(into, tokens, claimed) {
    var last = tokens[tokens.length - 1];
    for (var index = 0; index < tokens.length - 1; index += 1) {
      if (into[tokens[index]] === null || typeof into[tokens[index]] !== "object") {
        if (!claimed) {
          return;  // nothing there to take out
        }
        into[tokens[index]] = {};
      }
      into = into[tokens[index]];
    }
    if (claimed) {
      into[last] = claimed.value;
    } else {
      delete into[last];
    }
  }

  window.RecordSheet = { draw: draw, read: read, write: write, claimsOf: claimsOf };
})();
