/*
 * What can be recorded now: the legal steps as buttons (a play as its cards, the rest
 * as words), filtered as the user types; what a typed entry means; the game's own example of a step as JSON;
 * and the dock's room under the sticky header (the parts of a step to change are record-fill.js's).
 * The choices come from POST /api/v1/choices through record.js, which owns the draft and the recording.
 * Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var table = window.RecordTable;
  var element = table.element;

  var $ = window.RecordSetup.byId;

  // Without a keyboard, Enter and Backspace mean nothing, and the whole hint did not fit a phone's entry in Italian.
  if (!window.RecordSetup.finePointer() && $("rec-type").dataset.touchPlaceholder) {
    $("rec-type").placeholder = $("rec-type").dataset.touchPlaceholder;
  }

  var drawn = null;   // the last choices drawn, to draw again when a player is picked
  var leader = null;  // the player picked when anyone may play (no dealer said): {moment, name}

  // The players the choices are of, when more than one may play now (a first lead with no dealer said).
  function playersOffered(choices, answer) {
    var found = [];
    choices.forEach(function (choice) {
      var name = choice.action.player;
      if (typeof name === "string" && found.indexOf(name) < 0) {
        found.push(name);
      }
    });
    return !answer || answer.to_move || found.length < 2 ? [] : found;
  }

  // Each typed word begins a word of the label, its ending left free: Polish and Italian change a colour's ending
  // with the card it names ("zielony 7" typed, "zieloną 7" shown; "rosso", "rossa"). A typed word of five letters
  // or more matches a word with the same stem (all but its last two letters) and an ending of up to three; a
  // shorter one (a number, a name's start) must begin the word.
  function inflected(filter, label) {
    var shown = core.plain(label).split(/\s+/);
    return core.plain(filter).split(/\s+/).every(function (word) {
      var stem = word.length >= 5 ? word.slice(0, word.length - 2) : word;
      return shown.some(function (candidate) {
        return candidate.indexOf(stem) === 0 && (stem === word || candidate.length - stem.length <= 3);
      });
    });
  }

  // A button the typed filter keeps: its words ("Cid plays red 6", in the page's language) hold what is typed,
  // or begin with each typed word (``inflected``), or its cards are those typed as the help text shows them
  // ("r6", "3x7"), or begin to be ("r1" of "r12").
  function kept(filter, label, action, deck) {
    var cards = core.cardsOf(action);
    if (!filter || core.plain(label).indexOf(core.plain(filter)) >= 0 || inflected(filter, label)) {
      return true;
    }
    var read = core.parseCards(filter, deck);
    var whole = !read.bad.length && read.cards.length > 0;
    return Boolean(cards) && ((whole && core.choicesWithCards([{ action: action }], read.cards).length > 0) ||
      cards.join(" ").toLowerCase().indexOf(filter) >= 0);
  }

  function drawChoices(choices, answer, setup, text) {
    drawn = { choices: choices, answer: answer, setup: setup, text: text };
    var box = $("rec-choices");
    var had = Array.prototype.indexOf.call(box.querySelectorAll("button"), document.activeElement);
    box.textContent = "";
    var filter = $("rec-type").value.trim().toLowerCase();
    var deck = window.RecordSetup.deck(setup, ((answer && answer.view && answer.view.seats) || []).length,
      window.RecordPlay.current() ? draftGame().options : {});  // a Dalmuti table of 4: no 11s and 12s
    var players = playersOffered(choices, answer);
    var who = answer && answer.to_move;
    if (players.length) {  // who plays first, then their cards: not every player's every card at once
      who = leader && leader.moment === answer.moment ? leader.name : null;
      players.forEach(function (name) {
        var button = element("button", "rec-choice rec-choice-text rec-who", name);
        button.type = "button";
        button.dataset.who = name;
        button.setAttribute("aria-pressed", String(name === who));
        box.appendChild(button);
      });
    }
    // Each hint said once, on a line of its own (below); a choice it concerns names it as its description.
    var hints = [];
    choices.forEach(function (choice) {
      if (choice.hint && hints.indexOf(choice.hint) < 0) {
        hints.push(choice.hint);
      }
    });
    var choiceHints = hints.slice();
    // A step of no cards (a pass, a retirement) comes before the cards: last, it sat below 45 cards of a hand
    // unseen, in a list scrolled inside the dock, where nobody looked for it.
    var firstCards = null;
    choices.forEach(function (choice, index) {
      if (players.length && (!who || choice.action.player !== who) && !filter) {
        return;
      }
      var button = element("button", "rec-choice" + (choice.known ? "" : " is-unknown"));
      var cards = cardsPlayed(choice.action, who);
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
      if (choice.hint) {
        button.setAttribute("aria-describedby", "rec-hint-" + choiceHints.indexOf(choice.hint));
        button.title = (button.title || choice.label) + " (" + choice.hint + ")";
      }
      button.type = "button";
      button.dataset.choice = String(index);
      button.dataset.action = core.canonical(choice.action);
      button.hidden = !kept(filter, choice.label, choice.action, deck);
      if (cards) {
        firstCards = firstCards || button;
        box.appendChild(button);
      } else {
        box.insertBefore(button, firstCards);
      }
    });
    offBook(box, choices, answer, who, setup, text, function (label, action) {
      return kept(filter, label, action, deck);
    });
    compose(choices, answer, who, setup, deck);
    // one Tab stop (record-keys.js); a player picked from the keyboard keeps it where it was
    var stop = window.RecordKeys.settle(box, had >= 0 ? box.querySelectorAll("button")[had] : null);
    if (had >= 0 && stop) {
      stop.focus();
    }
    if (choices.length && choices.every(function (choice) {
      return !choice.known;
    })) {
      hints.unshift(text.choices_unknown);
    }
    if (players.length && !who) {
      hints.unshift(_("Who plays first? Pick the player, then the card."));
    }
    if (answer && answer.truncated) {
      hints.push(core.format(text.choices_truncated, { count: answer.truncated }));
    }
    var list = $("rec-hint");
    list.textContent = "";
    hints.forEach(function (hint) {  // one a line: each is a sentence of its own
      var line = list.appendChild(element("li", "", hint));
      if (choiceHints.indexOf(hint) >= 0) {
        line.id = "rec-hint-" + choiceHints.indexOf(hint);
      }
    });
  }

  // Plays of several cards (a Dalmuti set, two cards in Cycling) are too many to offer each as a button (an unseen
  // hand has hundreds of pairs): the cards are tapped one by one into the typed entry instead, which filters
  // the steps and records what it holds. From the hand where it is known, else from the deck.
  function compose(choices, answer, who, setup, deck) {
    var place = $("rec-compose");
    place.textContent = "";
    var several = choices.some(function (choice) {
      var cards = cardsPlayed(choice.action, who);
      return cards && cards.length > 1;
    });
    var seat = ((answer && answer.view && answer.view.seats) || []).filter(function (found) {
      return found.name === who;
    })[0];
    var cards = !several || !seat ? [] : seat.unseen ? window.RecordDeal.cardsOf(deck)
      : grouped(seat.hand || []).map(function (group) { return group.card; });
    place.hidden = !cards.length;
    cards.forEach(function (card) {
      var button = element("button", "rec-compose-card");
      button.type = "button";
      button.dataset.card = card;
      button.appendChild(table.chip(setup, card));
      button.setAttribute("aria-label", _("Add {card} to the cards typed", { card: card }));
      place.appendChild(button);
    });
  }

  $("rec-compose").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-card]");
    if (!button) {
      return;
    }
    var entry = $("rec-type");
    entry.value = (entry.value.trim() + " " + button.dataset.card).trim();
    entry.dispatchEvent(new Event("input"));  // the steps offered are filtered by what is typed
  });

  // The typed entry emptied in code, which fires no "input": the steps its filter hid come back, even where
  // nothing is recorded (a step that breaks a rule, cancelled; words that are no card).
  function clear() {
    $("rec-type").value = "";
    if (drawn) {
      drawChoices(drawn.choices, drawn.answer, drawn.setup, drawn.text);
    }
  }

  // The cards of a known hand that no legal step plays: tappable too, recorded as played after the warning;
  // ``shown`` says which the typed filter keeps.
  function offBook(box, choices, answer, who, setup, text, shown) {
    var seat = ((answer && answer.view && answer.view.seats) || []).filter(function (found) {
      return found.name === who;
    })[0];
    var model = choices.filter(function (choice) {
      var cards = core.cardsOf(choice.action);
      return choice.action.player === who && cards !== null && cards.length === 1;
    })[0];
    if (!seat || seat.unseen || !model || answer.chance) {
      return;
    }
    var offered = choices.map(function (choice) {
      return core.canonical(choice.action);
    });
    var seen = {};
    (seat.hand || []).forEach(function (card) {
      var action = withCard(model.action, card);
      if (seen[card] || offered.indexOf(core.canonical(action)) >= 0) {
        return;
      }
      seen[card] = true;
      var label = core.format(text.played_cards, { player: who, cards: card });
      var button = element("button", "rec-choice is-illegal");
      button.type = "button";
      button.appendChild(table.chip(setup, card));
      button.setAttribute("aria-label", _("{play} (breaks a rule)", { play: label }));
      button.title = button.getAttribute("aria-label");
      button.dataset.illegal = card;
      button.dataset.action = core.canonical(action);
      button.hidden = !shown(label, action);
      box.appendChild(button);
    });
  }

  function withCard(action, card) {
    var made = JSON.parse(JSON.stringify(action));
    if (typeof made.card === "string") {
      made.card = card;
    } else {
      made.cards = [card];
    }
    return made;
  }

  window.RecordKeys.walk($("rec-choices"));
  $("rec-choices").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-who], button[data-illegal]");
    if (!button || !drawn) {
      return;
    }
    if (button.dataset.who) {
      leader = { moment: drawn.answer.moment, name: button.dataset.who };
      drawChoices(drawn.choices, drawn.answer, drawn.setup, drawn.text);
    } else {
      window.RecordPlay.enter(JSON.parse(button.dataset.action), core.format(drawn.text.played_cards,
        { player: JSON.parse(button.dataset.action).player, cards: button.dataset.illegal }));
    }
  });

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
  function cardsPlayed(action, who) {
    var plain = Object.keys(action).every(function (key) {
      return key === "player" || key === "card" || key === "cards" || (key === "action" && action.action === "play");
    });
    if (!plain || !who || action.player !== who) {
      return null;
    }
    return typeof action.card === "string" ? [action.card] : Array.isArray(action.cards) ? action.cards : null;
  }

  // Typed entry: a choice's label, else cards; cards no legal step plays become an action like the
  // choices' own (the same keys, these cards), to go through /apply. Returns {choice}, {action, label},
  // {problem} or null (nothing typed).
  function readTyped(value, answer, setup, players, text, options) {
    var entry = value.trim();
    if (!entry) {  // "Record" with nothing typed said nothing at all
      return { problem: _("Type a card or a step first, or tap one of the steps offered.") };
    }
    var choices = answer.choices;
    var byLabel = choices.filter(function (choice) {
      return choice.label.toLowerCase() === entry.toLowerCase();
    });
    if (byLabel.length === 1) {
      return { choice: byLabel[0] };
    }
    if (answer.chance) {  // cards typed here would be nobody's play: what was drawn or dealt is asked above
      return { problem: _("This step is the table's, not a player's: enter above what the table saw, or that " +
        "nobody saw it.") };
    }
    var deck = window.RecordSetup.deck(setup, players, options);
    if (core.parseCards(entry, deck).bad.length) {  // words, not cards alone: the one step they keep, if one
      var lowered = entry.toLowerCase();
      var within = choices.filter(function (choice) {  // written as the label writes it: its order too
        return core.plain(choice.label).indexOf(core.plain(lowered)) >= 0;
      });
      var left = within.length ? within : choices.filter(function (choice) {
        return kept(lowered, choice.label, choice.action, deck);
      });
      if (left.length === 1) {
        return { choice: left[0] };
      }
    }
    // "cy b7": a leading word that is no card but the start of one player's name says who played
    var words = entry.split(/[\s,;]+/);
    var named = words.length > 1 && core.parseCards(words[0], deck).bad.length ?
      core.playerByPrefix(words[0], answer.view && answer.view.seats ? answer.view.seats.map(function (seat) {
        return seat.name;
      }) : []) : null;
    var said = named ? words.slice(1).join(" ") : entry;
    var read = core.parseCards(said, deck);
    var who = named || answer.to_move;
    // A Dalmuti tax or return named ("carla 5") is the one whose words begin with that name, as the reader sees
    // it ("Carla gives 5 to Bruno"; in Italian the receiver comes first, "Carla riceve 5 da Bruno"), else one
    // the player gives or receives; unnamed, either may be meant.
    var transfers = choices.filter(function (choice) {
      return choice.action.player === undefined && choice.action.from !== undefined;
    });
    var begun = named ? transfers.filter(function (choice) {
      return choice.label.toLowerCase().indexOf(named.toLowerCase()) === 0;
    }) : [];
    var mine = choices.filter(function (choice) {
      var action = choice.action;
      if (named && transfers.indexOf(choice) >= 0) {
        return begun.length ? begun.indexOf(choice) >= 0 : action.from === named || action.to === named;
      }
      return !who || !action.player || action.player === who;
    });
    if (read.bad.length || !read.cards.length) {
      var step = stepByWord(said, mine);
      return step ? { choice: step } : { problem: core.format(text.not_cards, { tokens: read.bad.join(" ") || entry }) };
    }
    var found = core.choicesWithCards(mine, read.cards);
    if (found.length > 1) {  // a tax and its return of the same card: which one happened, the table says
      var steps = found.map(function (choice) { return choice.label; }).join("; ");
      return { problem: named ?  // the name given is both steps' ("anna 1 3": Anna receives, or gives)
        _("More than one step gives {cards}: {steps}. Tap the one that happened, or type it as it is offered.",
          { cards: read.cards.join(" "), steps: steps }) :
        _("More than one step gives {cards}: {steps}. Tap the one that happened, or type its player's name " +
          "before the cards.", { cards: read.cards.join(" "), steps: steps }) };
    }
    if (found.length) {
      return { choice: found[0] };
    }
    var model = mine.filter(function (choice) {
      return core.cardsOf(choice.action) !== null;
    })[0];
    if (!model && transfers.length) {
      // a transfer no step offered makes: who gives and who receives it are the table's to tap, not to guess
      return { problem: _("No step offered gives {cards}. Tap the one that happened, or type it as it is " +
        "offered.", { cards: read.cards.join(" ") }) };
    }
    var action = model ? JSON.parse(JSON.stringify(model.action)) : { player: who };
    if (named) {
      action.player = named;
    }
    if (model && typeof model.action.card === "string" && read.cards.length === 1) {
      action.card = read.cards[0];
    } else {
      delete action.card;
      action.cards = read.cards;
    }
    return { action: action, label: core.format(text.played_cards, { player: action.player || "", cards: read.cards.join(" ") }) };
  }

  // The one step of no cards whose words, its player's name left out, hold one starting with what was typed: a
  // pass or a retirement typed as "pass", "p", "pas", "ritir" (a list of 45 cards once hid it far below). The
  // log's own words count too, in every language: "pass" on a Polish page, whose word is "pasuje".
  function stepByWord(typed, choices) {
    var start = typed.toLowerCase();
    if (/\s/.test(start)) {  // one word
      return null;
    }
    var found = choices.filter(function (choice) {
      var action = choice.action;
      var words = choice.label.replace(action.player || "", " ").toLowerCase().split(/\s+/);
      Object.keys(action).forEach(function (key) {  // {"pass": true}, {"action": "retire"}
        words.push(action[key] === true ? key : key !== "player" && typeof action[key] === "string" ? action[key] : "");
      });
      return core.cardsOf(action) === null && words.some(function (word) {
        return word && word.indexOf(start) === 0;
      });
    });
    return found.length === 1 ? found[0] : null;
  }

  // Typed entry, recorded: the choice named, else the cards checked by /apply (record.js).
  function typed(value) {
    var play = window.RecordPlay;
    var game = draftGame();
    var read = play.answer() && readTyped(value, play.answer(), game.setup, game.players, window.RecordSetup.text,
      game.options);
    if (read && read.problem) {
      play.problem(read.problem);
    } else if (read) {
      play.enter(read.choice ? read.choice.action : read.action, read.choice ? read.choice.label : read.label);
    }
  }

  function draftGame() {
    var play = window.RecordPlay;
    var log = core.logOf(play.current());
    return { setup: window.RecordSetup.setups[play.current().game], players: (log.players || []).length,
      options: log.options || {} };
  }

  $("rec-other-button").addEventListener("click", function () {
    var action;
    var raw = $("rec-other-text").value;
    try {
      action = JSON.parse(raw);
    } catch (error) {
      window.RecordPlay.problem(core.jsonProblem(raw, error, window.RecordSetup.text));
      return;
    }
    window.RecordPlay.enter(action, table.stepLabel(action, draftGame().setup, window.RecordSetup.text));
  });

  // A value with its contents left out: ["…"] for a list, "…" for a word, an object's keys kept.
  function shapeOf(value) {
    if (Array.isArray(value)) {
      return ["…"];
    }
    if (value && typeof value === "object") {
      var shape = {};
      Object.keys(value).forEach(function (key) {
        shape[key] = shapeOf(value[key]);
      });
      return shape;
    }
    return typeof value === "string" ? "…" : value;
  }

  // The example of a step as JSON is one of this game's own (a Dalmuti play is not a D&G card). A table's
  // step offers either each outcome the log leaves possible (an Olympi race's start from a known discipline
  // deck), one of which is an example, or a single one drawn at random, of which only the shape is shown.
  function drawExample(answer) {
    var offered = answer.choices || [];
    if (offered.length) {
      var example = offered[0].action;
      $("rec-other-example").textContent = JSON.stringify(answer.chance && offered.length === 1 ? shapeOf(example)
        : example);
    }
  }

  // The dock (sticky at the bottom) never grows past the sticky header: taller, its top (whose step it is,
  // what the table saw) would sit above the screen where no scrolling reaches it. It scrolls inside instead.
  function roomForDock() {
    var header = document.querySelector(".site-header");
    var sticky = header && getComputedStyle(header).position === "sticky";
    $("recorder").style.setProperty("--rec-header", (sticky ? header.offsetHeight : 0) + "px");
  }
  roomForDock();
  window.addEventListener("resize", roomForDock);

  window.RecordEntry = { drawChoices: drawChoices, drawExample: drawExample, typed: typed, clear: clear };
})();
