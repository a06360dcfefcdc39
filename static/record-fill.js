/*
 * "Something else happened": the first step offered, part by part, to change into what really happened at
 * the table. Every part is named in the page's words, never by the log's key, and asked as what it is: a
 * player picked among those seated, what a player does picked among what the choices offer (in the game's
 * words, never "retire"), a yes or no ticked, cards typed as in the typed entry, a number as a number. What
 * is recorded is the step as the log format writes it (docs/games/<id>/format.md); record.js checks it
 * through the State API, whose answer also words it for the list of steps. Text from logs is only ever set
 * with textContent.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var table = window.RecordTable;
  var element = table.element;

  var $ = window.RecordSetup.byId;

  // The values the offered choices give a part, in the order met: the set a picker offers.
  function offeredValues(key, choices) {
    var found = [];
    choices.forEach(function (choice) {
      var value = choice.action[key];
      if (typeof value === "string" && found.indexOf(value) < 0) {
        found.push(value);
      }
    });
    return found;
  }

  // How a part is asked, from the value the offered step gives it.
  function kindOf(key, value, players, deck) {
    if (typeof value === "boolean" || typeof value === "number") {
      return typeof value;
    }
    if (Array.isArray(value)) {
      return "cards";
    }
    if (typeof value !== "string") {
      return value === null ? "null" : "optional";
    }
    if (players.indexOf(value) >= 0) {
      return "player";
    }
    var read = deck.kind === "raw" ? { bad: [value] } : core.parseCards(value, deck);
    return !read.bad.length && read.cards.length === 1 ? "card" : "pick";
  }

  function picker(options, chosen) {
    var select = element("select");
    options.forEach(function (option) {
      var item = element("option", "", option[1]);
      item.value = option[0];
      select.appendChild(item);
    });
    select.value = chosen;
    return select;
  }

  function row(name, input, key, member, kind) {
    var made = element("label", "rec-field");
    made.appendChild(element("span", "rec-field-name", name));
    input.dataset.key = key;
    if (member !== null) {
      input.dataset.member = member;
    }
    input.dataset.kind = kind;
    made.appendChild(input);
    return made;
  }

  function typedInput(value) {
    var input = element("input");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.value = value;
    return input;
  }

  function field(key, value, context) {
    var name = table.word(key, context.setup);
    var kind = kindOf(key, value, context.players, context.deck);
    var input;
    if (kind === "player") {
      input = picker(context.players.map(function (player) { return [player, player]; }), value);
    } else if (kind === "pick") {  // in the game's words (its recorder's values: an Olympi turn's "retire")
      input = picker(offeredValues(key, context.choices).map(function (option) {
        return [option, table.said(option, context.setup)];
      }), value);
    } else if (kind === "boolean") {
      input = element("input");
      input.type = "checkbox";  // a yes or no is ticked, never typed as "true"
      input.checked = value;
    } else if (kind === "number") {
      input = typedInput(String(value));
      input.inputMode = "numeric";
    } else {
      input = typedInput(kind === "cards" ? value.join(" ") : typeof value === "string" ? value : "");
    }
    return row(name, input, key, null, kind);
  }

  // The parts of the first offered step (and those the game says may come with it), to change; the players
  // picked among are those the table view seats (a newcomer of a later round too).
  function draw(choices, setup, log, answer) {
    var box = $("rec-fields");
    box.textContent = "";
    var model = choices.length ? choices[0].action : null;
    $("rec-fill").hidden = !model;
    var keys = Object.keys(model || {});
    var more = (setup || {}).fill_keys || {};
    keys.slice().forEach(function (key) {
      (more[key] || []).forEach(function (extra) {
        if (keys.indexOf(extra) < 0) {
          keys.push(extra);
        }
      });
    });
    var seats = (answer && answer.view && answer.view.seats) || [];
    var players = seats.length ? seats.map(function (seat) { return seat.name; }) : (log && log.players) || [];
    var context = { setup: setup, players: players, choices: choices,
      deck: window.RecordSetup.deck(setup, ((log && log.players) || []).length, (log && log.options) || {}) };
    keys.forEach(function (key) {
      var value = key in model ? model[key] : undefined;
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        Object.keys(value).forEach(function (member) {  // a deal: one line of cards per player
          box.appendChild(row(table.word(key, setup) + " · " + member, typedInput([].concat(value[member]).join(" ")), key,
            member, "cards"));
        });
      } else {
        box.appendChild(field(key, value, context));
      }
    });
  }

  // Typed cards as the game writes them ("3x7 j" → 7 7 7 J); other words (names) as they are.
  function listOf(raw, deck) {
    var read = core.parseCards(raw, deck);
    return read.bad.length ? raw.split(/[\s,;]+/) : read.cards;
  }

  // The step as the log writes it: a list of cards left empty is left out (a retire has none), as is an
  // optional part left empty.
  function filled(setup, log) {
    var action = {};
    var deck = window.RecordSetup.deck(setup, (log.players || []).length, log.options || {});
    Array.prototype.forEach.call($("rec-fields").querySelectorAll("input, select"), function (input) {
      var raw = input.value.trim();
      var key = input.dataset.key;
      var kind = input.dataset.kind;
      if (input.dataset.member !== undefined) {
        action[key] = action[key] || {};
        action[key][input.dataset.member] = raw ? listOf(raw, deck) : [];
      } else if (kind === "cards") {
        if (raw) {
          action[key] = listOf(raw, deck);
        }
      } else if (kind === "card") {
        var read = core.parseCards(raw, deck);
        action[key] = read.cards.length === 1 && !read.bad.length ? read.cards[0] : raw;
      } else if (kind === "number") {
        action[key] = Number(raw);
      } else if (kind === "boolean") {
        action[key] = input.checked;
      } else if (raw !== "" || kind !== "optional") {
        action[key] = raw === "" ? null : raw;
      }
    });
    Object.keys(action).forEach(function (key) {  // a deal with no card typed is a deal not recorded
      var value = action[key];
      if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).every(function (member) {
        return Array.isArray(value[member]) && !value[member].length;
      })) {
        delete action[key];
      }
    });
    return action;
  }

  $("rec-fill-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var play = window.RecordPlay;
    var setup = window.RecordSetup.setups[play.current().game];
    var action = filled(setup, core.logOf(play.current()));
    play.enter(action, table.stepLabel(action, setup, window.RecordSetup.text));
  });

  window.RecordFill = { draw: draw };
})();
