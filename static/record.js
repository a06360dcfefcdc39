/*
 * The recorder at play: asks POST /api/v1/choices what the log so far allows, shows whose turn it is, the
 * table and the findings, and records the step picked (a tap, typed cards + Enter, or a step as JSON).
 * A legal choice carries its own patch; anything else goes through POST /api/v1/apply, and a step that
 * breaks a rule is recorded only after a warning that shows what it breaks. Every step is saved in this
 * browser before anything else happens (record-core.js's Drafts), so a reload or a lost connection loses
 * nothing. A past step can be changed or deleted; the steps after it are applied again, one by one.
 * Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var root = document.getElementById("recorder");
  if (!root || !window.RecordSetup) {
    return;
  }
  var setups = window.RecordSetup.setups;
  var text = window.RecordSetup.text;
  var $ = window.RecordSetup.byId;
  var drafts = new core.Drafts(window.localStorage);
  var draft = null;      // the game being recorded
  var answer = null;     // the last answer of /choices
  var editing = null;    // the index of the step being changed, or null
  var pending = null;    // an illegal step waiting for "record it as played"
  var busy = false;

  function element(tag, className, content) {
    var made = document.createElement(tag);
    if (className) {
      made.className = className;
    }
    if (content !== undefined) {
      made.textContent = content;
    }
    return made;
  }

  function announce(message) {
    $("rec-announce").textContent = message;
  }

  function problem(message, retry) {
    $("rec-problem").textContent = message || "";
    $("rec-problem-box").hidden = !message;
    $("rec-retry").hidden = !retry;
  }

  // POST JSON; resolves with {status, data}; a lost connection rejects with the "offline" sentence.
  function post(url, body) {
    return fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body), credentials: "same-origin" }).then(function (response) {
      return response.json().catch(function () {
        return {};
      }).then(function (data) {
        return { status: response.status, data: data };
      });
    }, function () {
      throw new Error(text.offline);
    });
  }

  function refused(reply) {
    var detail = reply.data && (reply.data.detail || reply.data.title || reply.data.message);
    return new Error(core.format(text.server_problem, { message: detail || String(reply.status) }));
  }

  function setupOf(game) {
    return setups[game] || null;
  }

  function currentLog() {
    return core.logOf(draft, editing === null ? draft.steps.length : editing);
  }

  // -- Showing the game ------------------------------------------------------------------------------

  function chip(card) {
    var deck = (setupOf(draft.game) || {}).deck || {};
    var colour = deck.kind === "colour" ? (deck.names || {})[card.charAt(0)] : "rank";
    return element("span", "chip chip-small chip-" + (colour || "unknown"), card);
  }

  function brief(value) {
    if (Array.isArray(value)) {
      return value.map(brief).join(", ");
    }
    if (value !== null && typeof value === "object") {
      return Object.keys(value).map(function (key) {
        return key + ": " + brief(value[key]);
      }).join("; ");
    }
    return String(value);
  }

  function shortFact(value) {
    return typeof value === "number" || typeof value === "string" || (Array.isArray(value) && value.every(function (item) {
      return typeof item === "string";
    }));
  }

  function drawTable(view, toMove) {
    var seats = $("rec-seats");
    var more = {};
    seats.textContent = "";
    (view.seats || []).forEach(function (seat) {
      var item = element("li", "rec-seat" + (seat.name === toMove ? " is-to-move" : ""));
      var head = element("div", "rec-seat-head");
      head.appendChild(element("strong", "", seat.name));
      if (seat.score !== undefined && seat.score !== null) {
        head.appendChild(element("span", "rec-score", core.format(text.score, { score: seat.score })));
      }
      item.appendChild(head);
      var hand = element("div", "rec-hand-cards");
      (seat.hand || []).forEach(function (card) {
        hand.appendChild(chip(card));
      });
      if (seat.unseen) {
        hand.appendChild(element("span", "rec-unseen", core.format(text.hidden_cards, { count: seat.unseen })));
      }
      item.appendChild(hand);
      Object.keys(seat).forEach(function (key) {
        var value = seat[key];
        if (["name", "hand", "unseen", "score", "pile"].indexOf(key) >= 0 || value === null || value === "") {
          return;
        }
        if (shortFact(value)) {  // a rank, medals: beside the seat; the rest with the table's other keys
          item.appendChild(element("div", "rec-seat-fact", key + ": " + brief(value)));
        } else {
          more[seat.name + " · " + key] = value;
        }
      });
      if ((seat.pile || []).length) {
        item.appendChild(element("div", "rec-seat-fact", core.format(text.pile, { count: seat.pile.length })));
      }
      seats.appendChild(item);
    });
    var middle = $("rec-middle");
    middle.textContent = "";
    (view.middle || []).forEach(function (laid) {
      var group = element("span", "rec-laid");
      group.appendChild(element("span", "rec-laid-player", laid.player));
      (laid.cards || []).forEach(function (card) {
        group.appendChild(chip(card));
      });
      middle.appendChild(group);
    });
    var facts = $("rec-facts");
    facts.textContent = "";
    Object.keys(view).forEach(function (key) {
      if (key !== "seats" && key !== "middle" && view[key] !== null) {
        more[key] = view[key];
      }
    });
    Object.keys(more).forEach(function (key) {
      facts.appendChild(element("dt", "", key));
      facts.appendChild(element("dd", "", brief(more[key])));
    });
  }

  function drawFindings(findings) {
    var list = $("rec-findings");
    list.textContent = "";
    findings.forEach(function (finding) {
      var item = element("li", "finding finding-" + finding.severity);
      var body = element("span", "finding-body");
      body.appendChild(element("span", "finding-severity", finding.severity));
      body.appendChild(element("span", "finding-code", finding.code));
      body.appendChild(element("span", "finding-message", finding.message));
      item.appendChild(body);
      list.appendChild(item);
    });
    $("rec-findings-panel").hidden = !findings.length;
  }

  function drawSteps() {
    var list = $("rec-steps");
    list.textContent = "";
    draft.steps.forEach(function (step, index) {
      var item = element("li", "rec-step" + (step.legal ? "" : " is-illegal") + (index === editing ? " is-editing" : ""));
      var change = element("button", "rec-step-label", step.label);
      change.type = "button";
      change.dataset.edit = String(index);
      item.appendChild(change);
      if ((step.findings || []).length) {
        item.appendChild(element("span", "rec-step-findings", core.format(text.step_findings, { count: step.findings.length })));
      }
      var remove = element("button", "link-button rec-step-delete", "×");
      remove.type = "button";
      remove.dataset.delete = String(index);
      remove.setAttribute("aria-label", core.format(text.delete_step, { number: index + 1 }));
      item.appendChild(remove);
      list.appendChild(item);
    });
  }

  function drawChoices(choices) {
    var box = $("rec-choices");
    box.textContent = "";
    var filter = $("rec-type").value.trim().toLowerCase();
    choices.forEach(function (choice, index) {
      var button = element("button", "rec-choice" + (choice.known ? "" : " is-unknown"));
      var cards = cardsPlayed(choice.action);
      if (cards) {  // a play of the player to move: its cards, as chips; the whole sentence for screen readers
        grouped(cards).forEach(function (group) {
          var made = chip(group.card);
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
  function drawFields(choices, chance) {
    var box = $("rec-fields");
    box.textContent = "";
    var model = choices.length ? choices[0].action : null;
    $("rec-fill").hidden = !model;
    $("rec-fill").open = Boolean(model && chance);
    var keys = Object.keys(model || {});
    var more = (setupOf(draft.game) || {}).fill_keys || {};
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
  function listOf(raw) {
    var setup = setupOf(draft.game);
    var read = core.parseCards(raw, window.RecordSetup.deck(setup, (currentLog().players || []).length));
    return read.bad.length ? raw.split(/[\s,;]+/) : read.cards;
  }

  function filledAction() {
    var action = {};
    Array.prototype.forEach.call($("rec-fields").querySelectorAll("input"), function (input) {
      var raw = input.value.trim();
      var kind = input.dataset.kind;
      if (input.dataset.member !== undefined) {
        action[input.dataset.key] = action[input.dataset.key] || {};
        action[input.dataset.key][input.dataset.member] = raw ? listOf(raw) : [];
      } else if (kind === "list") {
        action[input.dataset.key] = raw ? listOf(raw) : [];
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
  function cardsPlayed(action) {
    var plain = Object.keys(action).every(function (key) {
      return key === "player" || key === "card" || key === "cards" || (key === "action" && action.action === "play");
    });
    if (!plain || !answer || action.player !== answer.to_move) {
      return null;
    }
    return typeof action.card === "string" ? [action.card] : Array.isArray(action.cards) ? action.cards : null;
  }

  function drawClaims() {
    var setup = setupOf(draft.game);
    var list = $("rec-claims");
    list.textContent = "";
    var log = core.logOf(draft);
    var match = setup && setup.match && log.game === setup.match;
    $("rec-claims-panel").hidden = !(setup && (setup.claims || match));  // where the claims go, if known
    (log.players || []).forEach(function (name, index) {
      var item = element("li", "rec-claim");
      var label = element("label", "", name);
      var input = element("input");
      input.type = "number";
      input.inputMode = "numeric";
      input.id = "rec-claim-" + index;
      input.dataset.player = name;
      input.value = (draft.claims.scores || {})[name] !== undefined ? draft.claims.scores[name] : "";
      label.htmlFor = input.id;
      item.appendChild(label);
      item.appendChild(input);
      if (!match) {
        var winner = element("label", "rec-check");
        var box = element("input");
        box.type = "checkbox";
        box.dataset.winner = name;
        box.checked = (draft.claims.winners || []).indexOf(name) >= 0;
        winner.appendChild(box);
        winner.appendChild(document.createTextNode(" " + text.winner));
        item.appendChild(winner);
      }
      list.appendChild(item);
    });
  }

  function statusLine(reply) {
    if (reply.over) {
      return text.over;
    }
    if (reply.chance || !reply.to_move) {
      return core.format(text.turn_chance, { moment: reply.moment });
    }
    return core.format(text.turn, { player: reply.to_move });
  }

  function show(reply) {
    answer = reply;
    var errors = (reply.findings || []).filter(function (finding) {
      return finding.severity === "error";
    }).length;
    $("rec-status").textContent = errors ? core.format(text.errors_so_far, { status: statusLine(reply), count: errors })
      : statusLine(reply);
    drawTable(reply.view || {}, reply.to_move);
    drawFindings(reply.findings || []);
    drawChoices(reply.choices || []);
    drawFields(reply.choices || [], reply.chance);
    drawSteps();
    $("rec-editing").hidden = editing === null;
    $("rec-editing-text").textContent = editing === null ? "" : core.format(text.editing, { number: editing + 1 });
  }

  // Ask the server what the log so far allows; the draft is already saved, so a failure loses nothing.
  function refresh(message) {
    busy = true;
    root.setAttribute("aria-busy", "true");
    return post(root.dataset.choices, currentLog()).then(function (reply) {
      if (reply.status !== 200) {
        throw refused(reply);
      }
      problem(null);
      show(reply.data);
      announce([message, $("rec-status").textContent].filter(Boolean).join(" "));
    }).catch(function (error) {
      // The choices shown belong to the log before this step: none may be tapped until the server answers.
      answer = null;
      drawChoices([]);
      drawFields([], false);
      drawSteps();
      problem(error.message, true);
      announce(error.message);
    }).then(function () {
      busy = false;
      root.removeAttribute("aria-busy");
      root.dataset.steps = String(draft.steps.length);
      var focused = document.activeElement;
      if (answer && window.matchMedia("(pointer: fine)").matches &&
          (!focused || focused === document.body || $("rec-dock").contains(focused))) {
        $("rec-type").focus();  // on a desktop, the next card is typed at once
      }
    });
  }

  // -- Recording -------------------------------------------------------------------------------------

  function save() {
    drafts.save(draft);
  }

  function record(step) {
    var message = core.format(step.legal ? text.recorded : text.recorded_illegal, { label: step.label });
    if (editing !== null) {
      var at = editing;
      return guarded(function () {
        return replay(at, [step], at + 1).then(function () {
          return refresh(core.format(text.replaced, { number: at + 1 }));
        });
      });
    }
    draft.steps.push(step);
    save();
    return refresh(message);
  }

  // Steps ``from`` on replaced by ``inserted`` and then the old steps from ``resume`` on, each applied
  // again to the log before it (its patch and findings are those of its new place).
  function replay(from, inserted, resume) {
    var kept = draft.steps.slice(0, from).concat(inserted);
    var again = draft.steps.slice(resume);
    var trial = { setup: draft.setup, steps: kept };
    var chain = Promise.resolve();
    again.forEach(function (old) {
      chain = chain.then(function () {
        return post(root.dataset.apply, { log: core.logOf(trial), action: old.action }).then(function (reply) {
          if (reply.status !== 200) {
            throw refused(reply);
          }
          trial.steps.push({ action: old.action, label: old.label, patch: reply.data.patch,
            legal: reply.data.legal, findings: reply.data.findings });
        });
      });
    });
    return chain.then(function () {
      draft.steps = trial.steps;
      editing = null;
      save();
    });
  }

  function pick(choice) {
    return record({ action: choice.action, label: choice.label, patch: choice.patch, legal: true, findings: [] });
  }

  // A step not among the choices: checked by /apply; recorded at once when legal, else after the warning.
  // While ``work`` runs, nothing else may be recorded (a second tap would be applied to a log about to change).
  function guarded(work) {
    busy = true;
    return work().catch(function (error) {
      problem(error.message);
      announce(error.message);
    }).then(function () {
      busy = false;
    });
  }

  function attempt(action, label) {
    busy = true;
    return post(root.dataset.apply, { log: currentLog(), action: action }).then(function (reply) {
      busy = false;
      if (reply.status !== 200) {
        throw refused(reply);
      }
      var step = { action: action, label: label, patch: reply.data.patch, legal: reply.data.legal,
        findings: reply.data.findings || [] };
      if (step.legal) {
        return record(step);
      }
      warn(step);
    }).catch(function (error) {
      busy = false;
      problem(error.message);
      announce(error.message);
    });
  }

  function warn(step) {
    pending = step;
    $("rec-warning-title").textContent = text.illegal_title;
    var body = $("rec-warning-text");
    body.textContent = "";
    body.appendChild(element("p", "", core.format(text.illegal_intro, { label: step.label })));
    var list = element("ul");
    step.findings.forEach(function (finding) {
      list.appendChild(element("li", "", finding.message));
    });
    body.appendChild(list);
    $("rec-warning").hidden = false;
    announce(text.illegal_title + ". " + step.findings.map(function (finding) {
      return finding.message;
    }).join(" "));
    $("rec-as-played").focus();
  }

  function closeWarning() {
    pending = null;
    $("rec-warning").hidden = true;
  }

  // Typed entry: a choice's label, else cards; cards no legal step plays become an action like the
  // choices' own (the same keys, these cards) and go through /apply.
  function typed(value) {
    var entry = value.trim();
    if (!entry || !answer) {
      return;
    }
    var choices = answer.choices;
    var byLabel = choices.filter(function (choice) {
      return choice.label.toLowerCase() === entry.toLowerCase();
    });
    if (byLabel.length === 1) {
      pick(byLabel[0]);
      return;
    }
    var setup = setupOf(draft.game);
    var read = core.parseCards(entry, window.RecordSetup.deck(setup, (currentLog().players || []).length));
    if (read.bad.length || !read.cards.length) {
      problem(core.format(text.not_cards, { tokens: read.bad.join(" ") || entry }));
      return;
    }
    var mine = choices.filter(function (choice) {
      return !answer.to_move || !choice.action.player || choice.action.player === answer.to_move;
    });
    var found = core.choicesWithCards(mine, read.cards);
    if (found.length) {
      pick(found[0]);
      return;
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
    attempt(action, core.format(text.played_cards, { player: action.player || "", cards: read.cards.join(" ") }));
  }

  function undo() {
    if (editing !== null) {
      editing = null;
      refresh();
      return;
    }
    var last = draft.steps.pop();
    if (!last) {
      announce(text.nothing_to_undo);
      return;
    }
    save();
    refresh(core.format(text.undone, { label: last.label }));
  }

  function deleteStep(index) {
    guarded(function () {
      return replay(index, [], index + 1).then(function () {
        return refresh(core.format(text.deleted, { number: index + 1 }));
      });
    });
  }

  window.RecordPlay = {
    open: function (opened, message) {
      draft = opened;
      editing = null;
      closeWarning();
      $("rec-start").hidden = true;
      $("rec-play").hidden = false;
      $("rec-play-title").textContent = draft.title;
      root.dataset.draft = draft.id;
      if (location.hash !== "#draft=" + draft.id) {
        history.replaceState(null, "", "#draft=" + draft.id);
      }
      drawClaims();
      return refresh(message);
    },
    close: function () {
      draft = null;
      $("rec-play").hidden = true;
      $("rec-start").hidden = false;
      history.replaceState(null, "", location.pathname + location.search);
    },
    current: function () {
      return draft;
    },
    answer: function () {
      return answer;
    },
    post: post,
    refused: refused
  };

  // -- Wiring ----------------------------------------------------------------------------------------

  $("rec-choices").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-choice]");
    if (button && !busy && answer) {
      $("rec-type").value = "";
      pick(answer.choices[Number(button.dataset.choice)]);
    }
  });
  $("rec-entry").addEventListener("submit", function (event) {
    event.preventDefault();
    if (!busy) {
      var value = $("rec-type").value;
      $("rec-type").value = "";
      typed(value);
    }
  });
  $("rec-type").addEventListener("input", function () {
    drawChoices((answer && answer.choices) || []);
  });
  $("rec-type").addEventListener("keydown", function (event) {
    if (event.key === "Backspace" && !event.target.value && !busy) {
      event.preventDefault();
      undo();
    }
  });
  $("rec-undo").addEventListener("click", function () {
    if (!busy) {
      undo();
    }
  });
  $("rec-as-played").addEventListener("click", function () {
    var step = pending;
    closeWarning();
    if (step) {
      record(step);
    }
  });
  $("rec-cancel").addEventListener("click", closeWarning);
  $("rec-fill-form").addEventListener("submit", function (event) {
    event.preventDefault();
    if (busy || !answer) {
      return;
    }
    var action = filledAction();
    var same = answer.choices.filter(function (choice) {
      return core.canonical(choice.action) === core.canonical(action);
    });
    if (same.length) {
      pick(same[0]);
    } else {
      attempt(action, brief(action));
    }
  });
  $("rec-other-button").addEventListener("click", function () {
    var action;
    try {
      action = JSON.parse($("rec-other-text").value);
    } catch (error) {
      problem(core.format(text.json_problem, { message: error.message }));
      return;
    }
    attempt(action, brief(action));
  });
  $("rec-steps").addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || busy) {
      return;
    }
    if (target.dataset.delete !== undefined) {
      deleteStep(Number(target.dataset.delete));
    } else if (target.dataset.edit !== undefined) {
      editing = Number(target.dataset.edit);
      refresh(core.format(text.editing, { number: editing + 1 }));
    }
  });
  $("rec-retry").addEventListener("click", function () {
    if (!busy) {
      refresh();
    }
  });
  $("rec-edit-cancel").addEventListener("click", function () {
    editing = null;
    refresh();
  });
  $("rec-claims").addEventListener("input", function () {
    var scores = {};
    var winners = [];
    Array.prototype.forEach.call($("rec-claims").querySelectorAll("input[data-player]"), function (input) {
      if (input.value !== "" && !isNaN(Number(input.value))) {
        scores[input.dataset.player] = Number(input.value);
      }
    });
    Array.prototype.forEach.call($("rec-claims").querySelectorAll("input[data-winner]:checked"), function (box) {
      winners.push(box.dataset.winner);
    });
    draft.claims = { scores: scores, winners: winners };
    save();
  });
})();
