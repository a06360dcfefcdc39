/*
 * The table's own discipline cards (Olympi Cards): the real cards' rules are printed on them and published
 * nowhere, so a table composes each card's rule once, with pickers, from the rule vocabulary of the log
 * format (a comparison of the cards played with the previous play or the player's own last play, a range
 * of values or of sums, all or any of these), reads it back in the validator's own sentence (the State
 * API's view of a race run under it) and keeps the card in this browser for its next games. Kept cards are
 * offered in the nine discipline pickers; resolve() turns a picked one into the discipline the log declares.
 *
 * Olympi's own recorder script (its home's record.js, api.homes.script): the recorder page loads it after the
 * shared recorder's scripts, whose RecordCore, RecordTable and RecordSetup it uses, and fills the box
 * templates/record.html leaves for it (#rec-table-cards). Its words are in the shared scripts catalogue.
 */
(function () {
  "use strict";

  var box = document.getElementById("rec-table-cards");
  var root = document.getElementById("recorder");
  if (!box || !root) {
    return;
  }
  var core = window.RecordCore;
  var element = window.RecordTable.element;
  var select = window.RecordTable.select;
  var KEY = "card-replay.disciplines.v1";
  // a picker's value for a kept card: table:NAME (its name, unique among the kept cards; not its place in the
  // list, which changes when an earlier card is forgotten)
  var TABLE = "table:";
  var OPS = [[">", _("higher than")], [">=", _("at least")], ["<", _("lower than")], ["<=", _("at most")],
    ["==", _("equal to")], ["!=", _("other than")]];
  var REFS = [["previous", _("the previous play")], ["own", _("the player's own last play")]];
  var KINDS = [["value", _("each card's value is")], ["sum", _("the sum of the cards is")],
    ["color", _("the colour is")], ["value_in", _("each card's value is between")],
    ["sum_in", _("the sum is between")], ["free", _("any card may be played")]];
  var COLOURS = [["same", _("the same as")], ["different", _("different from")]];
  var rows = build();
  var asked = 0;  // the latest sentence asked for: an older answer arriving late is not shown
  var lastForgotten = null;  // {card, index, pickers}: the card Undo puts back where it was, and where it was picked
  var changing = null;  // the name of the kept card "Change" opened: keeping the card replaces it, in its place

  // The editor: a name, cards per play, the conditions joined by all or any, the sentence read back.
  function build() {
    box.appendChild(element("summary", "", _("The table's own discipline cards")));
    box.appendChild(element("p", "hint", _("Compose each card's rule as printed on it, once: it is kept in " +
      "this browser and offered above in the next games.")));
    box.appendChild(element("ul", "rec-kept-cards")).id = "rec-kept-cards";
    var forgotten = box.appendChild(element("p", "rec-forgotten"));
    forgotten.id = "rec-forgotten";
    forgotten.setAttribute("aria-live", "polite");
    forgotten.hidden = true;
    forgotten.appendChild(element("span")).id = "rec-forgotten-text";
    var bringBack = forgotten.appendChild(element("button", "rec-button", _("Undo")));
    bringBack.type = "button";
    bringBack.id = "rec-forgotten-undo";
    var name = element("label", "rec-card-field", _("Name on the card"));
    var input = name.appendChild(element("input"));
    input.type = "text";
    input.id = "rec-card-name";
    input.maxLength = 40;
    box.appendChild(name);
    var per = element("label", "rec-card-field", _("Cards per play"));
    per.appendChild(select([["1", "1"], ["2", "2"]], "1", _("Cards per play"))).id = "rec-card-per-play";
    box.appendChild(per);
    var join = element("label", "rec-card-field", _("A play is legal when"));
    join.appendChild(select([["all_of", _("all these hold")], ["any_of", _("any of these holds")]], "all_of",
      _("A play is legal when"))).id = "rec-rule-join";
    box.appendChild(join);
    var list = box.appendChild(element("ol", "rec-rule-rows"));
    list.id = "rec-rule-rows";
    var add = box.appendChild(element("button", "rec-button", _("Add a condition")));
    add.type = "button";
    add.id = "rec-rule-add";
    box.appendChild(element("p", "rec-card-field", _("The rule, as the validator reads it:")));
    var said = box.appendChild(element("p", "rec-rule-sentence"));
    said.id = "rec-rule-sentence";
    said.setAttribute("aria-live", "polite");
    var problem = box.appendChild(element("p", "alert alert-error"));
    problem.id = "rec-card-problem";
    problem.hidden = true;
    var keepButton = box.appendChild(element("button", "button-primary", _("Keep this card")));
    keepButton.type = "button";
    keepButton.id = "rec-card-keep";
    return list;
  }

  function kept() {
    try {
      var found = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(found) ? found : [];
    } catch (error) {
      return [];
    }
  }

  function keep(cards) {
    window.localStorage.setItem(KEY, JSON.stringify(cards));
  }

  function number(value, label) {
    var made = element("input");
    made.type = "number";
    made.min = "1";
    made.max = "99";
    made.inputMode = "numeric";
    made.value = String(value);
    made.setAttribute("aria-label", label);
    return made;
  }

  // One condition of the rule: its kind, then the pickers that kind needs.
  function addRow(rule) {
    var condition = rule || { value: ">", than: "previous" };
    var kind = KINDS.map(function (pair) { return pair[0]; }).filter(function (name) {
      return name in condition;
    })[0] || "value";
    var row = element("li", "rec-rule-row");
    var kindPicker = select(KINDS, kind, _("Condition"));
    row.appendChild(kindPicker);
    var parts = element("span", "rec-rule-parts");
    row.appendChild(parts);
    function fill() {
      parts.textContent = "";
      var chosen = kindPicker.value;
      if (chosen === "value" || chosen === "sum") {
        parts.appendChild(select(OPS, condition[chosen] || ">", _("Comparison")));
        parts.appendChild(select(REFS, condition.than || "previous", _("Compared with")));
      } else if (chosen === "color") {
        parts.appendChild(select(COLOURS, condition.color || "same", _("Colour")));
        parts.appendChild(select(REFS, condition.as || "previous", _("Compared with")));
      } else if (chosen === "value_in" || chosen === "sum_in") {
        var range = condition[chosen] || [1, 9];
        parts.appendChild(number(range[0], _("From")));
        parts.appendChild(element("span", "", _("and")));
        parts.appendChild(number(range[1], _("To")));
      }
    }
    kindPicker.addEventListener("change", fill);
    fill();
    var remove = element("button", "link-button rec-step-delete", "×");
    remove.type = "button";
    remove.setAttribute("aria-label", _("Remove this condition"));
    remove.addEventListener("click", function () {
      row.remove();
      readBack();
    });
    row.appendChild(remove);
    rows.appendChild(row);
  }

  function ruleOf(row) {
    var kind = row.querySelector("select").value;
    var pickers = row.querySelectorAll(".rec-rule-parts select, .rec-rule-parts input");
    var rule = {};
    if (kind === "value" || kind === "sum") {
      rule[kind] = pickers[0].value;
      rule.than = pickers[1].value;
    } else if (kind === "color") {
      rule = { color: pickers[0].value, as: pickers[1].value };
    } else if (kind === "free") {
      rule = { free: true };
    } else {
      rule[kind] = [Number(pickers[0].value), Number(pickers[1].value)];
    }
    return rule;
  }

  // What is wrong with a range condition, in words, or null: both numbers entered, the lower first, a value
  // within 1 to 9, and a sum some play of this many cards can make (one card sums to 1 to 9, two to 2 to 18).
  function rangeProblem(perPlay) {
    var found = null;
    Array.prototype.forEach.call(rows.children, function (row) {
      var kind = row.querySelector("select").value;
      var inputs = row.querySelectorAll(".rec-rule-parts input");
      if (found || (kind !== "value_in" && kind !== "sum_in")) {
        return;
      }
      var low = inputs[0].value.trim(), high = inputs[1].value.trim();
      var least = kind === "sum_in" ? perPlay : 1, most = kind === "sum_in" ? 9 * perPlay : 9;
      if (!low || !high) {
        found = _("Enter both numbers of the range.");
      } else if (Number(low) > Number(high)) {
        found = _("A range runs from the lower number to the higher: {low} is above {high}.", { low: low, high: high });
      } else if (kind === "value_in" && (Number(low) < 1 || Number(high) > 9)) {
        found = _("A card's value is 1 to 9.");
      } else if (Number(high) < least || Number(low) > most) {
        found = _n("No play of {count} card sums to between {low} and {high}: it sums to {least} to {most}.",
          "No play of {count} cards sums to between {low} and {high}: they sum to {least} to {most}.", perPlay,
          { count: perPlay, low: low, high: high, least: least, most: most });
      }
    });
    return found;
  }

  // The card in the editor, as the log format declares a discipline.
  function card() {
    var made = { name: document.getElementById("rec-card-name").value.trim(),
      cards_per_play: Number(document.getElementById("rec-card-per-play").value) };
    var rules = Array.prototype.map.call(rows.children, ruleOf);
    if (rules.length === 1) {
      made.rule = rules[0];
    } else if (rules.length) {
      made.rule = {};
      made.rule[document.getElementById("rec-rule-join").value] = rules;
    }
    return made;
  }

  // The rule in the validator's own words: a race under it, as the State API's view says it. Resolves with
  // what is wrong with the card (the sentence shown), or null when the validator reads its rule.
  function readBack() {
    var made = card();
    var wrongRange = rangeProblem(made.cards_per_play);
    if (wrongRange) {  // said in the editor's own words, before the validator is asked
      ++asked;
      var shown = document.getElementById("rec-rule-sentence");
      shown.classList.add("is-wrong");
      shown.textContent = wrongRange;
      return Promise.resolve(wrongRange);
    }
    var name = made.name || "?";
    // the other eight places of the game, by short names of their own: the card's name may take all 40 characters
    var others = [1, 2, 3, 4, 5, 6, 7, 8].map(function (index) {
      return { name: "·" + index };
    });
    var log = { game: "olympi", players: ["A", "B"], disciplines: [Object.assign({}, made, { name: name })].concat(others),
      races: [{ discipline: name, turns: [] }] };
    var mine = ++asked;
    var said = document.getElementById("rec-rule-sentence");
    return core.post(root.dataset.choices, log, window.RecordSetup.text.offline).then(function (reply) {
      var errors = (reply.data.errors || reply.data.findings || []).filter(function (finding) {
        return finding.severity === "error" || !finding.severity;
      });
      var wrong = reply.status !== 200 || errors.length > 0;
      var sentence = !wrong ? reply.data.view.rule || "" : (errors[0] && errors[0].message) || reply.data.detail ||
        core.format(window.RecordSetup.text.server_problem, { message: reply.status });
      if (mine === asked) {  // the answer for this card, even when a later one is shown instead
        said.classList.toggle("is-wrong", wrong);
        said.textContent = sentence;
      }
      return wrong ? sentence : null;
    }, function (error) {
      if (mine === asked) {
        said.textContent = error.message;
      }
      return error.message;
    });
  }

  // The kept cards: listed with their sentence's source, and offered in every discipline picker.
  function drawKept() {
    var cards = kept();
    var list = document.getElementById("rec-kept-cards");
    list.textContent = "";
    cards.forEach(function (made, index) {
      var item = element("li", "rec-kept-card");
      item.appendChild(element("strong", "", made.name));
      var change = element("button", "rec-button", _("Change"));
      change.type = "button";
      change.dataset.change = String(index);
      var forget = element("button", "rec-button rec-danger", _("Forget"));
      forget.type = "button";
      forget.dataset.forget = String(index);
      item.appendChild(change);
      item.appendChild(forget);
      list.appendChild(item);
    });
    Array.prototype.forEach.call(document.querySelectorAll("select[name=discipline]"), function (picker) {
      var chosen = picker.value;
      var group = picker.querySelector("optgroup") || picker.appendChild(element("optgroup"));
      group.label = _("The table's cards");
      group.textContent = "";
      cards.forEach(function (made) {
        var option = element("option", "", made.name);
        option.value = TABLE + made.name;
        group.appendChild(option);
      });
      picker.value = chosen;
      if (!picker.value) {
        picker.selectedIndex = 0;
      }
    });
  }

  function edit(made) {
    document.getElementById("rec-card-name").value = made ? made.name : "";
    document.getElementById("rec-card-per-play").value = String(made ? made.cards_per_play || 1 : 1);
    rows.textContent = "";
    var rule = made && made.rule;
    var joined = rule && (rule.all_of || rule.any_of);
    document.getElementById("rec-rule-join").value = rule && rule.any_of ? "any_of" : "all_of";
    (joined || (rule ? [rule] : [null])).forEach(addRow);
    if (box.open) {
      readBack();
    }
  }

  document.getElementById("rec-rule-add").addEventListener("click", function () {
    addRow(null);
    readBack();
  });
  box.addEventListener("toggle", function () {
    if (box.open) {
      readBack();
    }
  });
  box.addEventListener("change", readBack);
  box.addEventListener("input", function (event) {
    if (event.target.type === "number" || event.target.id === "rec-card-name") {
      readBack();
    }
  });
  function showProblem(sentence) {
    var problem = document.getElementById("rec-card-problem");
    problem.hidden = !sentence;
    problem.textContent = sentence || "";
  }

  // A card is kept only once the validator reads its rule: a rule it refuses would be offered in every
  // discipline picker and break every game declared with it.
  document.getElementById("rec-card-keep").addEventListener("click", function () {
    var made = card();
    showProblem(made.name ? null : _("Give the card its name, as printed on it."));
    if (!made.name) {
      return;
    }
    readBack().then(function (wrong) {
      showProblem(wrong);
      if (wrong) {
        return;
      }
      // a card kept again under its name, or renamed after "Change", replaces the old one in its place
      var old = kept();
      var place = old.findIndex(function (other) { return other.name === (changing || made.name); });
      var cards = old.filter(function (other) { return other.name !== made.name && other.name !== changing; });
      cards.splice(place < 0 ? cards.length : Math.min(place, cards.length), 0, made);
      var renamed = changing !== null && changing !== made.name ? pickersOf(changing) : [];
      keep(cards);
      closeForgotten();
      drawKept();
      pickAgain(renamed, made.name);
      changing = null;
      if (core.canonical(card()) === core.canonical(made)) {  // nothing changed while it was checked
        edit(null);
      }
    });
  });
  document.getElementById("rec-kept-cards").addEventListener("click", function (event) {
    var button = event.target.closest("button");
    var cards = kept();
    if (button && button.dataset.change) {
      changing = cards[Number(button.dataset.change)].name;
      edit(cards[Number(button.dataset.change)]);
    } else if (button && button.dataset.forget) {
      var index = Number(button.dataset.forget);
      var gone = cards.splice(index, 1)[0];
      lastForgotten = { card: gone, index: index, pickers: pickersOf(gone.name) };
      keep(cards);
      drawKept();
      document.getElementById("rec-forgotten-text").textContent =
        core.format(_("“{name}” is forgotten."), { name: lastForgotten.card.name }) + " ";
      document.getElementById("rec-forgotten").hidden = false;
      document.getElementById("rec-forgotten-undo").focus();
    }
  });
  document.getElementById("rec-forgotten-undo").addEventListener("click", function () {
    if (lastForgotten) {
      var cards = kept();
      cards.splice(Math.min(lastForgotten.index, cards.length), 0, lastForgotten.card);
      keep(cards);
      drawKept();
      pickAgain(lastForgotten.pickers, lastForgotten.card.name);  // the disciplines it was picked for, as they were
    }
    closeForgotten();
  });

  // The discipline pickers showing the kept card ``name``, and the same pickers set to the card ``name`` again
  // (their form hears of it as of a choice made by hand).
  function pickersOf(name) {
    return Array.prototype.filter.call(document.querySelectorAll("select[name=discipline]"), function (picker) {
      return picker.value === TABLE + name;
    });
  }

  function pickAgain(pickers, name) {
    pickers.forEach(function (picker) {
      picker.value = TABLE + name;
      picker.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  // A card kept since is no card to put back before: Undo would bring back a name now taken
  function closeForgotten() {
    lastForgotten = null;
    document.getElementById("rec-forgotten").hidden = true;
  }

  drawKept();
  edit(null);
  window.RecordDisciplines = {
    // a picker's value as the log declares it: a kept card in full, a catalogue id as it is
    resolve: function (value) {
      var name = value.indexOf(TABLE) === 0 ? value.slice(TABLE.length) : null;
      return name === null ? value : kept().filter(function (made) { return made.name === name; })[0];
    }
  };
})();
