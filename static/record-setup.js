/*
 * The recorder's setup form: the game, the players in seating order, the dealer or first player, the
 * variants, the end, the disciplines and, optionally, the deal (typed, or tapped in a colour × value grid).
 * It turns the form into the game's setup: a log with no steps yet, in the game's own format. What each
 * game asks comes from the page's #record-setups block (api/record.py); the sentences from #record-text.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var form = document.getElementById("rec-setup");
  if (!form) {
    return;
  }
  var setups = {};
  JSON.parse(document.getElementById("record-setups").textContent).forEach(function (setup) {
    setups[setup.id] = setup;
  });
  var text = JSON.parse(document.getElementById("record-text").textContent);
  var players = document.getElementById("rec-players");
  var hands = document.getElementById("rec-hands");
  var grid = document.getElementById("rec-deal-grid");
  var first = document.getElementById("rec-first");
  var selectedHand = 0;

  function setup() {
    var checked = form.querySelector("input[name=game]:checked") || form.querySelector("input[name=game]");
    return setups[checked.value];
  }

  function names() {
    return Array.prototype.map.call(players.querySelectorAll("input"), function (input) {
      return input.value.trim();
    });
  }

  // The deck of the deal entry: a colour deck's values run to 3 × players where the game says so.
  function deck(game, count) {
    if (!game || !game.deck) {
      return { kind: "raw" };  // a game the form does not know: cards taken as typed
    }
    var made = JSON.parse(JSON.stringify(game.deck));
    if (made.kind === "colour" && !made.values) {
      made.values = [1, 3 * Math.max(count, game.players[0])];
    }
    return made;
  }

  function addPlayer(name) {
    var item = document.createElement("li");
    var input = document.createElement("input");
    input.type = "text";
    input.maxLength = 40;
    input.autocomplete = "off";
    input.value = name || "";
    input.setAttribute("aria-label", core.format(text.player_label, { number: players.children.length + 1 }));
    input.addEventListener("input", refreshPlayers);
    item.appendChild(input);
    players.appendChild(item);
  }

  function refreshPlayers() {
    var game = setup();
    var list = names();
    var kept = first.value;
    while (first.options.length > 1) {
      first.remove(1);
    }
    list.forEach(function (name) {
      if (name) {
        first.add(new Option(name, name));
      }
    });
    first.value = list.indexOf(kept) >= 0 ? kept : "";
    document.getElementById("rec-players-hint").textContent =
      core.format(text.players_needed, { low: game.players[0], high: game.players[1] });
    refreshHands(list);
  }

  function refreshHands(list) {
    var kept = {};
    Array.prototype.forEach.call(hands.querySelectorAll("input"), function (input) {
      kept[input.dataset.player] = input.value;
    });
    hands.textContent = "";
    list.forEach(function (name, index) {
      var item = document.createElement("li");
      item.className = "rec-hand" + (index === selectedHand ? " is-selected" : "");
      var label = document.createElement("label");
      label.textContent = name || core.format(text.player_label, { number: index + 1 });
      var input = document.createElement("input");
      input.type = "text";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.dataset.player = String(index);
      input.id = "rec-hand-" + index;
      label.htmlFor = input.id;
      input.value = kept[String(index)] || "";
      input.addEventListener("focus", function () {
        select(index);
      });
      item.appendChild(label);
      item.appendChild(input);
      hands.appendChild(item);
    });
    drawGrid(list.length);
  }

  function select(index) {
    selectedHand = index;
    Array.prototype.forEach.call(hands.children, function (item, at) {
      item.classList.toggle("is-selected", at === index);
    });
  }

  function drawGrid(count) {
    var game = setup();
    var cards = deck(game, count);
    grid.textContent = "";
    var rows = cards.kind === "colour" ? Object.keys(cards.names) : [null];
    rows.forEach(function (letter) {
      var row = document.createElement("div");
      row.className = "rec-grid-row";
      for (var value = cards.values[0]; value <= cards.values[1]; value++) {
        row.appendChild(gridButton(letter ? letter + value : String(value), letter ? cards.names[letter] : "rank"));
      }
      if (!letter && cards.jester) {
        row.appendChild(gridButton(cards.jester, "rank"));
      }
      grid.appendChild(row);
    });
  }

  function gridButton(card, colour) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "chip rec-grid-card chip-" + colour;
    button.textContent = card;
    button.dataset.card = card;
    return button;
  }

  grid.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-card]");
    var input = hands.querySelectorAll("input")[selectedHand];
    if (!button || !input) {
      return;
    }
    input.value = (input.value.trim() + " " + button.dataset.card).trim();
    var size = setup().hand_size;
    var held = core.parseCards(input.value, deck(setup(), names().length)).cards.length;
    if (size && held >= size && selectedHand + 1 < hands.children.length) {
      select(selectedHand + 1);  // a full hand: the next player's cards come next
    }
  });

  function showFor(game) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-game]"), function (part) {
      part.hidden = part.dataset.game !== game.id;
    });
    var wanted = { dealer: game.first === "dealer", first_player: game.first === "first_player",
      match: Boolean(game.match), end: Boolean(game.end), deal: game.hands === "setup" };
    Array.prototype.forEach.call(form.querySelectorAll("[data-for]"), function (part) {
      part.hidden = !part.dataset.for.split(" ").some(function (key) {
        return wanted[key];
      });
    });
  }

  function changeGame() {
    var game = setup();
    var count = players.children.length;
    var wanted = Math.min(Math.max(count || 4, game.players[0]), game.players[1]);
    while (players.children.length < wanted) {
      addPlayer("");
    }
    while (players.children.length > wanted) {
      players.removeChild(players.lastChild);
    }
    showFor(game);
    refreshPlayers();
  }

  // The form as a setup log, or a sentence saying what is missing.
  function build() {
    var game = setup();
    var list = names();
    var distinct = list.filter(function (name, index) {
      return name && list.indexOf(name) === index;
    });
    if (distinct.length !== list.length || list.length < game.players[0] || list.length > game.players[1]) {
      return { problem: core.format(text.players_needed, { low: game.players[0], high: game.players[1] }) };
    }
    var log = { game: game.game, players: list };
    if (game.first && first.value) {
      log[game.first] = first.value;
    }
    var options = {};
    Array.prototype.forEach.call(form.querySelectorAll("[data-game='" + game.id + "'] input[name=option]:checked"), function (box) {
      options[box.value] = true;
    });
    if (Object.keys(options).length) {
      log.options = options;
    }
    var endKind = document.getElementById("rec-end-kind").value;
    var endValue = Number(document.getElementById("rec-end-value").value);
    if (game.end && endKind && endValue >= 1) {
      log.end = {};
      log.end[endKind] = endValue;
    }
    if (game.disciplines) {
      var declared = document.getElementById("rec-declared").value.trim();
      if (declared) {
        var parsed = null;
        try {
          parsed = JSON.parse(declared);
        } catch (error) {
          parsed = null;
        }
        if (!Array.isArray(parsed) || parsed.length !== game.disciplines.count) {
          return { problem: core.format(text.disciplines_problem, { count: game.disciplines.count }) };
        }
        log.disciplines = parsed;
      } else {
        log.disciplines = Array.prototype.map.call(form.querySelectorAll("select[name=discipline]"), function (choice) {
          return choice.value;
        });
      }
    }
    if (game.hands === "setup") {
      var dealt = deal(game, list);
      if (dealt.problem) {
        return dealt;
      }
      if (dealt.hands) {
        log.hands = dealt.hands;
      }
    }
    log[game.steps] = JSON.parse(JSON.stringify(game.start || []));
    if (game.match && document.getElementById("rec-match").checked) {
      log = { game: game.match, players: list, games: [log] };
    }
    var title = document.getElementById("rec-game-title").value.trim();
    if (title) {
      log.meta = { title: title };
    }
    return { log: log, title: title || text.untitled, game: game.id };
  }

  // The typed hands: none at all (no deal recorded) or one per player.
  function deal(game, list) {
    var cards = deck(game, list.length);
    var found = {};
    var typed = 0;
    var problem = null;
    Array.prototype.forEach.call(hands.querySelectorAll("input"), function (input, index) {
      var read = core.parseCards(input.value, cards);
      if (read.bad.length && !problem) {
        problem = core.format(text.hand_problem, { player: list[index],
          problem: core.format(text.not_cards, { tokens: read.bad.join(" ") }) });
      }
      if (read.cards.length) {
        typed += 1;
      }
      found[list[index]] = read.cards;
    });
    if (problem) {
      return { problem: problem };
    }
    return typed ? { hands: found } : {};
  }

  Array.prototype.forEach.call(form.querySelectorAll("input[name=game]"), function (radio) {
    radio.addEventListener("change", changeGame);
  });
  document.getElementById("rec-add-player").addEventListener("click", function () {
    if (players.children.length < setup().players[1]) {
      addPlayer("");
      refreshPlayers();
      players.lastChild.querySelector("input").focus();
    }
  });
  document.getElementById("rec-remove-player").addEventListener("click", function () {
    if (players.children.length > setup().players[0]) {
      players.removeChild(players.lastChild);
      refreshPlayers();
    }
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var problem = document.getElementById("rec-setup-problem");
    var built = build();
    problem.hidden = !built.problem;
    problem.textContent = built.problem || "";
    if (!built.problem) {
      document.dispatchEvent(new CustomEvent("record:setup", { detail: built }));
    }
  });

  changeGame();
  window.RecordSetup = { setups: setups, text: text, deck: deck, byId: function (id) {
    return document.getElementById(id);
  }, showProblem: function (message) {
    var problem = document.getElementById("rec-setup-problem");
    problem.textContent = message;
    problem.hidden = false;
  } };
})();
