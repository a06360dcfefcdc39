/*
 * The table's steps (a deal, cards drawn, a discipline revealed): the recorder never offers the outcome the
 * server drew at random; it asks what the table saw. The offered step gives only the shape of the answer
 * (which parts, how many cards each): cards are entered seat by seat in a grid (record-deal.js) with
 * counts as they fill, a discipline or a player picked by name. What is entered is recorded as entered
 * (record.js checks it through the State API); "Nobody saw it" leaves the step out of the log instead.
 */
(function () {
  "use strict";

  var element = window.RecordTable.element;
  var parts = [];  // the parts drawn: {key, kind, entry|select|input}
  var owner = null;  // the player whose step it is (who draws), when the log says
  var titles = {};   // the disciplines' names as people call them, by their names in the log
  document.getElementById("rec-chance-hint").textContent = _("Enter what the table saw, as it was. If nobody " +
    "saw it, leave it out: nothing is recorded that nobody entered.");
  document.getElementById("rec-chance-record").textContent = _("Record what the table saw");

  // The words of the parts a table's step may have; a part the page has no word for shows the game's own.
  function words(key, setup) {
    var known = {
      hands: _("The cards dealt"), draw: _("The cards drawn"), dealer: _("Who deals"),
      discipline: _("The discipline raced"), postponed: _("Revealed first and postponed (if it was)")
    };
    return known[key] || ((setup || {}).words || {})[key] || key;
  }

  // A discipline as people call it: its catalogue title for a catalogue id, else its name.
  function disciplineNames(log, setup) {
    var titles = {};
    (((setup || {}).disciplines || {}).catalogue || []).forEach(function (entry) {
      titles[entry.id] = entry.title;
    });
    return (log.disciplines || []).map(function (entry) {
      var name = typeof entry === "string" ? entry : entry && entry.name;
      return name ? [name, titles[name] || name] : null;
    }).filter(Boolean);
  }

  // The player whose step this is: the "player" of the object the offered step writes into (a turn whose
  // cards are drawn), read from the log as it stands; none for a deal or a race revealed.
  function ownerOf(choice, log) {
    var path = ((choice.patch || [])[0] || {}).path || "";
    var where = log;
    path.split("/").slice(1, -1).forEach(function (token) {
      where = where && typeof where === "object" ? where[token.replace(/~1/g, "/").replace(/~0/g, "~")] : null;
    });
    return where && !Array.isArray(where) && typeof where.player === "string" ? where.player : null;
  }

  // The disciplines already raced: those of the races in the log (the steps' parts), but the race the offered
  // step writes into (a race revealed is a new one, "/races/-"). A discipline is raced once in a game.
  function racedOf(choice, log, setup) {
    var key = (setup || {}).steps;
    var tokens = (((choice.patch || [])[0] || {}).path || "").split("/");
    var into = tokens[1] === key && /^\d+$/.test(tokens[2] || "") ? Number(tokens[2]) : -1;
    return (Array.isArray(log[key]) ? log[key] : []).map(function (part, index) {
      return index !== into && part && typeof part.discipline === "string" ? part.discipline : null;
    }).filter(Boolean);
  }

  // The copies of each card known to be somewhere else than in the cards drawn: in the hands as the view
  // shows them (their known cards) and played in this game (the steps' turns). Cards played before the deck
  // ran out were shuffled into the new deck unseen: once the hands and the cards played outnumber the deck,
  // only the cards played in the race under way are counted (the discards' order is unknown again).
  function knownElsewhere(view, log, setup, deck) {
    var known = {};
    function count(card) {
      known[card] = (known[card] || 0) + 1;
    }
    var held = 0;
    ((view || {}).seats || []).forEach(function (seat) {
      (seat.hand || []).forEach(count);
      held += (seat.hand || []).length + (seat.unseen || 0);
    });
    var parts = (setup || {}).steps && Array.isArray(log[setup.steps]) ? log[setup.steps] : [];
    var played = parts.map(function (part) {
      var cards = [];
      ((part && part.turns) || []).forEach(function (turn) {
        (turn && Array.isArray(turn.cards) ? turn.cards : []).forEach(function (card) {
          if (typeof card === "string") {
            cards.push(card);
          }
        });
      });
      return cards;
    });
    var all = [].concat.apply([], played);
    (held + all.length > window.RecordDeal.sizeOf(deck) ? played[played.length - 1] || [] : all).forEach(count);
    return known;
  }

  // The options of a named part: the players, or the disciplines, or at least what the choices offer.
  function optionsOf(key, choices, log, setup) {
    var offered = [];
    choices.forEach(function (choice) {
      var value = choice.action[key];
      if (typeof value === "string" && offered.indexOf(value) < 0) {
        offered.push(value);
      }
    });
    var players = log.players || [];
    if (offered.length && offered.every(function (value) { return players.indexOf(value) >= 0; })) {
      return { options: players.map(function (name) { return [name, name]; }), ruled: true };
    }
    var raced = racedOf(choices[0], log, setup);
    var named = disciplineNames(log, setup).filter(function (pair) {
      return raced.indexOf(pair[0]) < 0;  // not offered again: the rules give wrong-discipline
    });
    if (named.length) {
      return { options: named, ruled: false };
    }
    return { options: offered.map(function (value) { return [value, value]; }), ruled: false };
  }

  // ``was``: the step being changed, if one is (what the table was said to see, to correct rather than
  // enter again).
  function draw(answer, setup, log, was) {
    var box = document.getElementById("rec-chance");
    var fields = document.getElementById("rec-chance-parts");
    fields.textContent = "";
    parts = [];
    var choices = answer && answer.chance && !answer.over ? answer.choices || [] : [];
    box.hidden = !choices.length;
    if (!choices.length) {
      return;
    }
    var model = choices[0].action;
    owner = ownerOf(choices[0], log);
    titles = {};
    disciplineNames(log, setup).forEach(function (pair) {
      titles[pair[0]] = pair[1];
    });
    var keys = Object.keys(model);
    var extras = [];
    ((setup || {}).fill_keys ? Object.keys(setup.fill_keys) : []).forEach(function (key) {
      setup.fill_keys[key].forEach(function (extra) {
        if (keys.indexOf(key) >= 0) {
          extras.push(extra);
          keys = [extra].concat(keys.filter(function (other) { return other !== extra; }));  // what happens first is asked first: the discipline postponed, then the one raced
        }
      });
    });
    var players = (log.players || []).length;
    var deck = window.RecordSetup.deck(setup, players, log.options || {});
    keys.forEach(function (key) {
      var value = key in model ? model[key] : "";
      var group = element("fieldset", "rec-chance-part");
      group.dataset.key = key;
      group.appendChild(element("legend", "", words(key, setup)));
      var part = { key: key, optional: extras.indexOf(key) >= 0 || choices.some(function (choice) { return !(key in choice.action); }) };
      if (Array.isArray(value) || (value && typeof value === "object")) {
        var seats = Array.isArray(value) ? [{ key: "", label: owner || words(key, setup), size: value.length }]
          : Object.keys(value).map(function (name) {
            return { key: name, label: name, size: Array.isArray(value[name]) ? value[name].length : null };
          });
        var holder = element("div");
        group.appendChild(holder);
        part.kind = Array.isArray(value) ? "cards" : "seats";
        var before = (was || {})[key];
        var values = {};
        seats.forEach(function (seat) {
          var cards = seat.key ? (before || {})[seat.key] : before;
          values[seat.key] = Array.isArray(cards) ? cards.join(" ") : "";
        });
        // cards drawn come from what is not known elsewhere; a deal gathers every card first
        part.entry = new window.RecordDeal.DealEntry(holder, { deck: deck, seats: seats, values: values,
          prefix: "rec-chance-" + key + "-",
          known: part.kind === "cards" ? knownElsewhere(answer.view, log, setup, deck) : {} });
      } else if (typeof value === "string") {
        var found = optionsOf(key, choices, log, setup);
        var select = element("select");
        select.dataset.key = key;
        select.setAttribute("aria-label", words(key, setup));
        var blank = element("option", "", part.optional ? _("None") : _("Choose…"));
        blank.value = "";
        select.appendChild(blank);
        found.options.forEach(function (option) {
          var item = element("option", "", option[1]);
          item.value = option[0];
          select.appendChild(item);
        });
        // who deals next the rules say; which card turned up, only the table knows
        select.value = typeof (was || {})[key] === "string" ? was[key] : found.ruled ? value : "";
        part.kind = "name";
        part.select = select;
        group.appendChild(select);
      } else {
        part.kind = "raw";
        part.input = element("input");
        part.input.type = "text";
        part.input.dataset.key = key;
        part.input.setAttribute("aria-label", words(key, setup));
        group.appendChild(part.input);
      }
      parts.push(part);
      fields.appendChild(group);
    });
    document.getElementById("rec-chance-title").textContent = _("What did the table see?");
  }

  // What was entered, as the step's action, or {missing: sentence} while a named part is not chosen.
  function read() {
    var action = {};
    var missing = null;
    parts.forEach(function (part) {
      var sized = part.entry && part.entry.seats.some(function (seat) { return seat.size; });
      if (sized && part.entry.empty() && !missing) {
        // no card entered is no outcome: the table names what it saw, or says nobody saw it
        missing = _("Enter the cards the table saw, or say that nobody saw them.");
      }
      var bad = part.entry ? part.entry.read().bad : [];
      if (bad.length && !missing) {
        missing = _("{seat}: not a card: {tokens}.", { seat: bad[0].seat.label, tokens: bad[0].tokens.join(" ") });
      }
      if (part.kind === "cards") {
        action[part.key] = part.entry.read().cards[""];
      } else if (part.kind === "seats") {
        action[part.key] = part.entry.read().cards;
      } else if (part.kind === "name") {
        if (part.select.value) {
          action[part.key] = part.select.value;
        } else if (!part.optional && !missing) {
          missing = _("Choose {part} first.", { part: part.select.getAttribute("aria-label") });
        }
      } else if (part.input.value.trim()) {
        var raw = part.input.value.trim();
        action[part.key] = isNaN(Number(raw)) ? raw : Number(raw);
      }
    });
    return missing ? { missing: missing } : { action: action };
  }

  // The step in a sentence for the list of steps: a discipline by its title, a draw by who drew.
  function label(action) {
    var said = [];
    if (action.dealer) {
      said.push(_("{player} deals", { player: action.dealer }));
    }
    if (action.postponed) {
      said.push(_("{discipline} postponed", { discipline: titles[action.postponed] || action.postponed }));
    }
    if (action.discipline) {
      said.push(_("{discipline} is raced", { discipline: titles[action.discipline] || action.discipline }));
    }
    if (action.hands) {
      said.push(_("the deal entered"));
    }
    if (action.draw) {
      var cards = action.draw.join(" ") || "–";
      said.push(owner ? _("{player} draws {cards}", { player: owner, cards: cards }) : _("drawn: {cards}", { cards: cards }));
    }
    return said.join("; ") || window.RecordTable.said(action);
  }

  document.getElementById("rec-chance-record").addEventListener("click", function () {
    var entered = read();
    if (entered.missing) {
      window.RecordPlay.problem(entered.missing);
    } else {
      window.RecordPlay.problem(null);
      // its own words, even where the step is the outcome offered (whose label names a discipline by its id)
      window.RecordPlay.enter(entered.action, label(entered.action), true);
    }
  });

  window.RecordChance = { draw: draw, read: read, label: label };
})();
