/*
 * What can be recorded now: the legal steps as buttons (a play as its cards, the rest
 * as words), filtered as the user types; the parts of a step as fields, to change into what really
 * happened at the table (a discipline revealed, cards drawn, a deal); and what a typed entry means.
 * The choices come from POST /api/v1/choices through record.js, which owns the draft and the recording.
 * Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var table = window.RecordTable;
  var element = table.element;

  function $(id) {
    return document.getElementById(id);
  }

  function drawChoices(choices, answer, setup, text) {
    var box = $("rec-choices");
    box.textContent = "";
    var filter = $("rec-type").value.trim().toLowerCase();
    choices.forEach(function (choice, index) {
      var button = element("button", "rec-choice" + (choice.known ? "" : " is-unknown"));
      var cards = cardsPlayed(choice.action, answer);
      if (cards) {  // a play of the player to move: its cards, as chips; the whole sentence for screen readers
        grouped(cards).forEach(function (group) {
          var made = table.chip(setup, group.card);
          if (group.count > 1) {
            made.textContent = group.card + " ×" + group.count;  // a set of equal cards: 7 ×3
          }
          button.appendChild(made);
        });
        button.setAttribute("aria-label", choice.label);
        button.title = choice.label;
      } else {
        button.textContent = choice.label;
        button.classList.add("rec-choice-text");
      }
      button.type = "button";
      button.dataset.choice = String(index);
      button.dataset.action = core.canonical(choice.action);
      button.hidden = Boolean(filter) && choice.label.toLowerCase().indexOf(filter) < 0;
      box.appendChild(button);
    });
    var hints = [];
    choices.forEach(function (choice) {
      if (choice.hint && hints.indexOf(choice.hint) < 0) {
        hints.push(choice.hint);
      }
    });
    if (choices.length && choices.every(function (choice) {
      return !choice.known;
    })) {
      hints.unshift(text.choices_unknown);
    }
    if (answer && answer.truncated) {
      hints.push(core.format(text.choices_truncated, { count: answer.truncated }));
    }
    $("rec-hint").textContent = hints.join(" ");
  }

  // The parts of the first offered step, each an input holding its value as typed text, to change into
  // what really happened: at the table's steps (a discipline revealed, cards drawn) the drawn outcome is
  // rarely what the table saw.
  function drawFields(choices, chance, setup) {
    var box = $("rec-fields");
    box.textContent = "";
    var model = choices.length ? choices[0].action : null;
    $("rec-fill").hidden = !model;
    $("rec-fill").open = Boolean(model && chance);
    var keys = Object.keys(model || {});
    var more = (setup || {}).fill_keys || {};
    keys.slice().forEach(function (key) {
      (more[key] || []).forEach(function (extra) {
        if (keys.indexOf(extra) < 0) {
          keys.push(extra);
        }
      });
    });
    keys.forEach(function (key) {
      var value = key in model ? model[key] : undefined;
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        Object.keys(value).forEach(function (member) {  // a deal: one line of cards per player
          box.appendChild(field(key + " · " + member, key, member, value[member]));
        });
      } else {
        box.appendChild(field(key, key, null, value));
      }
    });
  }

  function field(name, key, member, value) {
    var kind = Array.isArray(value) ? "list" : value === null ? "null" : value === undefined ? "optional" : typeof value;
    var row = element("label", "rec-field");
    row.appendChild(element("span", "rec-field-name", name));
    var input = element("input");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.dataset.key = key;
    if (member !== null) {
      input.dataset.member = member;
    }
    input.dataset.kind = kind;
    input.value = kind === "list" ? value.join(" ") : kind === "null" || kind === "optional" ? "" : String(value);
    row.appendChild(input);
    return row;
  }

  // Typed cards as the game writes them ("3x7 j" → 7 7 7 J); other words (names) as they are.
  function listOf(raw, setup, players) {
    var read = core.parseCards(raw, window.RecordSetup.deck(setup, players));
    return read.bad.length ? raw.split(/[\s,;]+/) : read.cards;
  }

  function filledAction(setup, players) {
    var action = {};
    Array.prototype.forEach.call($("rec-fields").querySelectorAll("input"), function (input) {
      var raw = input.value.trim();
      var kind = input.dataset.kind;
      if (input.dataset.member !== undefined) {
        action[input.dataset.key] = action[input.dataset.key] || {};
        action[input.dataset.key][input.dataset.member] = raw ? listOf(raw, setup, players) : [];
      } else if (kind === "list") {
        action[input.dataset.key] = raw ? listOf(raw, setup, players) : [];
      } else if (kind === "number") {
        action[input.dataset.key] = Number(raw);
      } else if (kind === "boolean") {
        action[input.dataset.key] = raw === "true";
      } else if (raw !== "" || kind !== "optional") {
        action[input.dataset.key] = raw === "" ? null : raw;
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

  function grouped(cards) {
    var groups = [];
    cards.forEach(function (card) {
      var last = groups[groups.length - 1];
      if (last && last.card === card) {
        last.count += 1;
      } else {
        groups.push({ card: card, count: 1 });
      }
    });
    return groups;
  }

  // The cards of a plain play by the player to move (nothing else in the action), else null.
  function cardsPlayed(action, answer) {
    var plain = Object.keys(action).every(function (key) {
      return key === "player" || key === "card" || key === "cards" || (key === "action" && action.action === "play");
    });
    if (!plain || !answer || action.player !== answer.to_move) {
      return null;
    }
    return typeof action.card === "string" ? [action.card] : Array.isArray(action.cards) ? action.cards : null;
  }

  // Typed entry: a choice's label, else cards; cards no legal step plays become an action like the
  // choices' own (the same keys, these cards), to go through /apply. Returns {choice}, {action, label},
  // {problem} or null (nothing typed).
  function readTyped(value, answer, setup, players, text) {
    var entry = value.trim();
    if (!entry) {
      return null;
    }
    var choices = answer.choices;
    var byLabel = choices.filter(function (choice) {
      return choice.label.toLowerCase() === entry.toLowerCase();
    });
    if (byLabel.length === 1) {
      return { choice: byLabel[0] };
    }
    var read = core.parseCards(entry, window.RecordSetup.deck(setup, players));
    if (read.bad.length || !read.cards.length) {
      return { problem: core.format(text.not_cards, { tokens: read.bad.join(" ") || entry }) };
    }
    var mine = choices.filter(function (choice) {
      return !answer.to_move || !choice.action.player || choice.action.player === answer.to_move;
    });
    var found = core.choicesWithCards(mine, read.cards);
    if (found.length) {
      return { choice: found[0] };
    }
    var model = mine.filter(function (choice) {
      return core.cardsOf(choice.action) !== null;
    })[0];
    var action = model ? JSON.parse(JSON.stringify(model.action)) : { player: answer.to_move };
    if (model && typeof model.action.card === "string" && read.cards.length === 1) {
      action.card = read.cards[0];
    } else {
      delete action.card;
      action.cards = read.cards;
    }
    return { action: action, label: core.format(text.played_cards, { player: action.player || "", cards: read.cards.join(" ") }) };
  }

  window.RecordEntry = { drawChoices: drawChoices, drawFields: drawFields, filledAction: filledAction,
    readTyped: readTyped };
})();
