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
  var first = document.getElementById("rec-first");
  var dealEntry = null;

  function setup() {
    var checked = form.querySelector("input[name=game]:checked") || form.querySelector("input[name=game]");
    return setups[checked.value];
  }

  function names() {
    return Array.prototype.map.call(players.querySelectorAll("input"), function (input) {
      return input.value.trim();
    });
  }

  // The deck of the deal entry: a colour deck's values run to 3 × players where the game says so; a rank
  // deck stops at its top value for this many players ("top"), unless the full_deck variant is on.
  function deck(game, count, options) {
    if (!game || !game.deck) {
      return { kind: "raw" };  // a game the form does not know: cards taken as typed
    }
    var made = JSON.parse(JSON.stringify(game.deck));
    if (made.kind === "colour" && !made.values) {
      made.values = [1, 3 * Math.max(count, game.players[0])];
    }
    if (options && made.top && made.top[String(count)] && !options.full_deck) {
      made.values = [made.values[0], made.top[String(count)]];
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

  // What the deal entry holds, as typed text by seat ("0": "r12 b3").
  function typedHands() {
    var kept = dealEntry ? dealEntry.read().cards : {};
    var typed = {};
    Object.keys(kept).forEach(function (key) {
      typed[key] = kept[key].join(" ");
    });
    return typed;
  }

  // Two cards of the game's own deck as they are typed: a colour deck's first colour at its top value and its
  // second at 3 ("r12 b3"), a rank deck's three 7s and a Jester ("3x7 j").
  function example(made) {
    if (made.kind === "colour" && made.values) {
      var letters = Object.keys(made.colours);
      return letters[0] + made.values[1] + " " + letters[1 % letters.length] + "3";
    }
    return made.kind === "rank" ? "3x7 " + (made.jester || "").toLowerCase() : "";
  }

  // The deal entry, drawn again when the players change; what was typed stays with its seat.
  function refreshHands(list, restored) {
    var game = setup();
    var typed = restored || typedHands();
    byId("rec-deal-example").textContent = example(deck(game, list.length)).trim();
    dealEntry = new window.RecordDeal.DealEntry(document.getElementById("rec-deal-entry"), {
      deck: deck(game, list.length), prefix: "rec-hand-", gridId: "rec-deal-grid", values: typed,
      seats: list.map(function (name, index) {
        return { key: String(index), label: name || core.format(text.player_label, { number: index + 1 }),
          size: game.hand_size || null };
      }) });
  }

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
    // A row left empty is no player: a table of two need not remove the form's other rows first.
    var rows = names();
    var seats = rows.map(function (name, row) { return row; }).filter(function (row) { return rows[row]; });
    var list = seats.map(function (row) { return rows[row]; });
    var twice = list.filter(function (name, index) { return list.indexOf(name) !== index; })[0];
    if (twice !== undefined) {
      return { problem: _("{name} is written twice: each player needs a name of their own.", { name: twice }) };
    }
    if (list.length < game.players[0] || list.length > game.players[1]) {
      return { problem: core.format(text.players_needed, { low: game.players[0], high: game.players[1] }) };
    }
    var log = { game: game.game, players: list };
    var doubts = [];
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
          return window.RecordDisciplines ? window.RecordDisciplines.resolve(choice.value) : choice.value;
        });
      }
    }
    if (game.hands === "setup") {
      var dealt = deal(seats, list);
      if (dealt.problem) {
        return dealt;
      }
      if (dealt.hands) {
        log.hands = dealt.hands;
        doubts = dealt.doubts;
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
    return { log: log, title: title || defaultTitle(game.name, list), game: game.id, doubts: doubts };
  }

  // A game with no title typed is called by its game, players and day (and stored so, not "Uploaded game").
  function defaultTitle(name, list) {
    return _("{game} · {players} · {date}", { game: name, players: list.join(", "),
      date: new Date().toLocaleDateString(document.documentElement.lang || undefined) });
  }

  // The typed hands, by name (``seats``: each player's row in the form): none at all (no deal recorded) or
  // one per player, with what is wrong with them; a problem where some are entered and others not.
  function deal(seats, list) {
    if (dealEntry.empty()) {
      return {};
    }
    var read = dealEntry.read();
    if (read.bad.length) {  // every hand's words that are no card, and what else is wrong, said at once
      var said = read.bad.map(function (bad) {
        return core.format(text.hand_problem, { player: bad.seat.label,
          problem: core.format(text.not_cards, { tokens: bad.tokens.join(" ") }) });
      });
      return { problem: said.concat(dealEntry.problems().slice(read.bad.length)).join(" ") };
    }
    var unentered = dealEntry.unentered();
    if (unentered) {
      return { problem: _("A deal is recorded whole: enter the cards of {seats} too, or leave every hand empty " +
        "when nobody saw the deal.", { seats: unentered }) };
    }
    var found = {};
    list.forEach(function (name, index) {
      found[name] = read.cards[String(seats[index])];
    });
    return { hands: found, doubts: dealEntry.problems() };
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
  // A deal that breaks the rules is explained before the game starts; it may still be recorded as it was.
  var doubted = null;
  document.getElementById("rec-deal-doubts-title").textContent = _("This deal breaks the rules");
  document.getElementById("rec-deal-fix").textContent = _("Correct the deal");
  document.getElementById("rec-deal-anyway").textContent = _("Start with the deal as it was");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var problem = document.getElementById("rec-setup-problem");
    var built = build();
    problem.hidden = !built.problem;
    problem.textContent = built.problem || "";
    var doubts = document.getElementById("rec-deal-doubts");
    var list = document.getElementById("rec-deal-doubt-list");
    list.textContent = "";
    (built.doubts || []).forEach(function (doubt) {
      var item = document.createElement("li");
      item.textContent = doubt;
      list.appendChild(item);
    });
    doubts.hidden = built.problem || !(built.doubts || []).length;
    doubted = doubts.hidden ? null : built;
    if (!doubts.hidden) {
      doubts.scrollIntoView({ block: "center" });
      document.getElementById("rec-deal-fix").focus();  // the safe answer first, as for a step's warning
    } else if (!built.problem) {
      document.dispatchEvent(new CustomEvent("record:setup", { detail: built }));
    }
  });
  document.getElementById("rec-deal-anyway").addEventListener("click", function () {
    if (doubted) {
      document.getElementById("rec-deal-doubts").hidden = true;
      document.dispatchEvent(new CustomEvent("record:setup", { detail: doubted }));
      doubted = null;
    }
  });
  document.getElementById("rec-deal-fix").addEventListener("click", function () {
    document.getElementById("rec-deal-doubts").hidden = true;
    document.getElementById("rec-deal").open = true;
    document.getElementById("rec-hand-0").focus();
  });

  // The number of rounds or points is asked only once an end is declared: under "None declared" its box
  // asked for nothing; what a session with none declared is, only while none is.
  function showEndValue() {
    var declared = Boolean(document.getElementById("rec-end-kind").value);
    document.getElementById("rec-end-value").hidden = !declared;
    document.getElementById("rec-end-hint").hidden = declared;
  }
  document.getElementById("rec-end-kind").addEventListener("change", showEndValue);
  showEndValue();

  /*
   * A half-filled form outlives a reload (a phone's browser drops a tab in the background while the table is
   * still dealing): it is kept in this tab's sessionStorage as it changes, given back on the same address, and
   * forgotten once the game starts (its draft keeps it from then on).
   */
  var KEPT = "card-replay.setup.v1";

  function fields() {
    return { game: setup().id, players: names(), first: first.value, title: byId("rec-game-title").value,
      match: byId("rec-match").checked, endKind: byId("rec-end-kind").value, endValue: byId("rec-end-value").value,
      declared: (byId("rec-declared") || {}).value || "", hands: typedHands(),
      options: Array.prototype.map.call(form.querySelectorAll("input[name=option]:checked"), function (box) {
        return box.closest("[data-game]").dataset.game + ":" + box.value;
      }),
      disciplines: Array.prototype.map.call(form.querySelectorAll("select[name=discipline]"), function (choice) {
        return choice.value;
      }) };
  }

  function keep() {
    try {
      window.sessionStorage.setItem(KEPT, JSON.stringify({ at: location.pathname + location.search, form: fields() }));
    } catch (error) {
      // storage full or refused (a private window): the form simply is not kept
    }
  }

  function restore() {
    var kept = null;
    try {
      kept = JSON.parse(window.sessionStorage.getItem(KEPT) || "null");
    } catch (error) {
      kept = null;
    }
    var radio = kept && kept.at === location.pathname + location.search &&
      form.querySelector("input[name=game][value='" + kept.form.game + "']");
    if (!radio) {
      return;
    }
    var saved = kept.form;
    radio.checked = true;
    players.textContent = "";
    saved.players.forEach(addPlayer);
    changeGame();
    first.value = saved.first;
    byId("rec-game-title").value = saved.title;
    byId("rec-match").checked = saved.match;
    byId("rec-end-kind").value = saved.endKind;
    byId("rec-end-value").value = saved.endValue;
    showEndValue();
    if (byId("rec-declared")) {
      byId("rec-declared").value = saved.declared;
    }
    Array.prototype.forEach.call(form.querySelectorAll("input[name=option]"), function (box) {
      box.checked = saved.options.indexOf(box.closest("[data-game]").dataset.game + ":" + box.value) >= 0;
    });
    Array.prototype.forEach.call(form.querySelectorAll("select[name=discipline]"), function (choice, index) {
      if (saved.disciplines[index] !== undefined) {
        choice.value = saved.disciplines[index];
      }
    });
    refreshHands(names(), saved.hands);
    byId("rec-deal").open = Object.keys(saved.hands).some(function (seat) { return saved.hands[seat]; });
  }

  function byId(id) {
    return document.getElementById(id);
  }

  // A mouse or a trackpad, so a keyboard beside it: the typed entry may take the focus (a phone's would open
  // its on-screen keyboard over the table).
  function finePointer() {
    return Boolean(window.matchMedia && window.matchMedia("(pointer: fine)").matches);
  }

  changeGame();
  ["input", "change", "click"].forEach(function (kind) {
    form.addEventListener(kind, keep);
  });
  document.addEventListener("record:setup", function () {
    window.setTimeout(function () {  // once the tap that started the game has passed through the form (keep)
      try {
        window.sessionStorage.removeItem(KEPT);
      } catch (error) {
        // nothing was kept
      }
    });
  });
  // after every script of the page has run: a game's own choices (its kept discipline cards) are offered by then
  document.addEventListener("DOMContentLoaded", restore);
  window.RecordSetup = { setups: setups, text: text, deck: deck, defaultTitle: defaultTitle, byId: byId,
    finePointer: finePointer, showProblem: function (message) {
    var problem = document.getElementById("rec-setup-problem");
    problem.textContent = message;
    problem.hidden = false;
  } };
})();
