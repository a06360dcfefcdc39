/*
 * The table's steps (a deal, cards drawn, a discipline revealed): the recorder never offers the outcome the
 * server drew at random; it asks what the table saw. The offered step gives only the shape of the answer
 * (which parts, how many cards each); the game gives each part's words (the recorder setup's "chance") and
 * what it may be (the answer's "parts": a discipline's possible names, the copies of each card still free).
 * Cards are entered seat by seat in a grid (record-deal.js) with counts as they fill, a named part picked
 * from a list. What is entered is recorded as entered (record.js checks it through the State API); "Nobody
 * saw it" leaves the step out of the log instead.
 */
(function () {
  "use strict";

  var element = window.RecordTable.element;
  var parts = [];  // the parts drawn: {key, kind, entry|select|input}
  var owner = null;  // the player whose step it is (who draws), when the log says
  var shownFor = null;  // the recorder setup of the game whose step is asked
  // "Leave it out" only where it may be: a race's discipline is always seen, a deal or a draw may not be
  var HINT_UNSEEN = _("Enter what the table saw, as it was. If nobody saw it, leave it out: nothing is recorded " +
    "that nobody entered.");
  var HINT_SEEN = _("Enter what the table saw, as it was: nothing is recorded that nobody entered.");
  document.getElementById("rec-chance-record").textContent = _("Record what the table saw");

  // The words of a part of a table's step, as its game says them (the recorder setup's "chance").
  function words(key, setup) {
    return ((setup || {}).chance || {})[key] || ((setup || {}).words || {})[key] || key;
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

  // The options of a part named by one word: the players (the one the rules say chosen), else what the game
  // says it may be (answer.parts), else at least what the choices offer.
  function optionsOf(key, choices, log, setup, given) {
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
    if (given && Array.isArray(given.values)) {
      return { options: given.values, ruled: false };
    }
    var said = (setup || {}).values || {};
    return { options: offered.map(function (value) { return [value, said[value] || value]; }), ruled: false };
  }

  // The copies of each card known to be elsewhere than among the cards asked for: all but those the game says
  // are free (answer.parts); none where it says nothing (a deal gathers every card).
  function knownElsewhere(given, deck) {
    var known = {};
    if (given && given.cards) {
      window.RecordDeal.cardsOf(deck).forEach(function (card) {
        known[card] = window.RecordDeal.copiesOf(deck, card) - (given.cards[card] || 0);
      });
    }
    return known;
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
    document.getElementById("rec-chance-hint").textContent = answer.may_leave_unseen ? HINT_UNSEEN : HINT_SEEN;
    var model = choices[0].action;
    owner = ownerOf(choices[0], log);
    shownFor = setup;
    var given = answer.parts || {};
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
          known: knownElsewhere(given[key], deck) });
      } else if (typeof value === "string") {
        var found = optionsOf(key, choices, log, setup, given[key]);
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
    if (choices.length > 1) {  // every outcome listed: a part chosen leaves the others only what goes with it
      parts.forEach(function (part) {
        if (part.select) {
          part.select.addEventListener("change", function () { narrow(choices, part); });
        }
      });
      narrow(choices);
    }
    document.getElementById("rec-chance-title").textContent = _("What did the table see?");
  }

  // Each named part's options that some listed outcome has beside the other parts as chosen so far (an
  // Olympi race from a pile of known order: the card postponed, or none, says which is raced); one left is
  // chosen. An optional part's blank is a choice too ("None": nothing postponed), a required one's is not yet.
  // The part just ``changed`` keeps what was chosen: the others follow it.
  function narrow(choices, changed) {
    var named = parts.filter(function (part) { return part.select; });
    named.sort(function (a, b) { return (a === changed) - (b === changed); });
    named.forEach(function (part) {
      var fits = choices.filter(function (choice) {
        return named.every(function (other) {
          return other === part || (!other.select.value && !other.optional) ||
            (choice.action[other.key] || "") === other.select.value;
        });
      }).map(function (choice) { return choice.action[part.key] || ""; });
      Array.prototype.forEach.call(part.select.options, function (option) {
        option.disabled = (Boolean(option.value) || part.optional) && fits.indexOf(option.value) < 0;
      });
      var open = fits.filter(function (value, index) { return fits.indexOf(value) === index; });
      if (part === changed) {
        return;
      }
      if (open.length === 1) {
        part.select.value = open[0];
      } else if (fits.indexOf(part.select.value) < 0 && (part.select.value || part.optional)) {
        part.select.value = "";
      }
    });
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
        var unentered = part.entry.unentered();
        if (unentered && !part.entry.empty() && !missing) {
          missing = _("A deal is recorded whole: enter the cards of {seats} too, or say that nobody saw the deal.",
            { seats: unentered });
        }
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

  // Enter in a typed row records the outcome, as the typed entry records a step
  document.getElementById("rec-chance").addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.tagName === "INPUT") {
      event.preventDefault();
      document.getElementById("rec-chance-record").click();
    }
  });
  document.getElementById("rec-chance-record").addEventListener("click", function () {
    var entered = read();
    if (entered.missing) {
      window.RecordPlay.problem(entered.missing);
    } else {
      window.RecordPlay.problem(null);
      // in the State's words (the offered choice's, or /apply's), as any step typed or picked
      window.RecordPlay.enter(entered.action, window.RecordTable.said(entered.action, shownFor));
    }
  });

  window.RecordChance = { draw: draw, read: read };
})();
