/*
 * Cards entered seat by seat, typed ("r12 b3", "3x7 j") or tapped in a grid of the game's deck: the setup's
 * deal, and the chance steps' deals and draws (record-chance.js). Each seat shows how many cards it holds
 * of how many it should (7/15); the grid greys a card once all its copies are entered or known elsewhere (a
 * draw's grid is told the copies the rules place in a hand or on the table), and problems() says in words what is wrong with the
 * entry (a card entered more often than the deck holds it, a seat left short or empty) so that the recorder
 * can explain it before anything is recorded.
 */
(function () {
  "use strict";

  var core = window.RecordCore;

  function element(tag, className, content) {
    var made = document.createElement(tag);
    made.className = className || "";
    if (content !== undefined) {
      made.textContent = content;
    }
    return made;
  }

  // How many copies of ``card`` the deck holds (no limit where the game does not say).
  function copiesOf(deck, card) {
    var copies = deck.copies;
    if (typeof copies === "number") {
      return copies;
    }
    return copies && copies[card] !== undefined ? copies[card] : Infinity;
  }

  // Every card of the deck's grid, once each.
  function cardsOf(deck) {
    return [].concat.apply([], rowsOf(deck)).map(function (cell) { return cell.card; });
  }

  // The letters a log writes are English initials (G is green, whatever "giallo" says): the key names each colour
  // in the reader's words, for the cards typed as for those tapped.
  function colourKey(deck) {
    var key = element("p", "rec-colour-key");
    Object.keys(deck.names).forEach(function (letter) {
      var item = element("span", "rec-colour-key-item");
      item.appendChild(element("span", "chip chip-small chip-" + deck.names[letter], letter));
      item.appendChild(document.createTextNode(" " + deck.words[letter]));
      key.appendChild(item);
    });
    return key;
  }

  // The deck's cards, a row per colour (a rank deck: one row, its Jester last).
  function rowsOf(deck) {
    if (deck.kind === "raw") {
      return [];
    }
    var letters = deck.kind === "colour" ? Object.keys(deck.names) : [null];
    return letters.map(function (letter) {
      var row = [];
      for (var value = deck.values[0]; value <= deck.values[1]; value++) {
        row.push({ card: letter ? letter + value : String(value), style: letter ? deck.names[letter] : "rank",
                   said: letter && deck.words ? deck.words[letter] + " " + value : null });
      }
      if (!letter && deck.jester) {
        row.push({ card: deck.jester, style: "rank" });
      }
      return row;
    });
  }

  // ``options``: deck, seats [{key, label, size}] (size: how many cards it should hold, or null), prefix of
  // the inputs' ids, values {key: "typed text"} to start from.
  function DealEntry(box, options) {
    this.box = box;
    this.deck = options.deck;
    this.seats = options.seats;
    this.known = options.known || {};  // copies of each card known to be elsewhere (in a hand, played)
    this.selected = 0;
    this.list = element("ol", "rec-hands");
    this.grid = element("div", "rec-grid");
    this.grid.setAttribute("role", "group");
    this.grid.setAttribute("aria-label", _("Cards"));
    if (options.gridId) {
      this.grid.id = options.gridId;
    }
    this.note = element("p", "rec-grid-note");  // why a tap added nothing
    this.note.setAttribute("role", "status");
    box.textContent = "";
    box.appendChild(this.list);
    box.appendChild(this.note);
    if (this.deck.kind === "colour" && this.deck.words) {
      box.appendChild(colourKey(this.deck));
    }
    box.appendChild(this.grid);
    var entry = this;
    this.inputs = this.seats.map(function (seat, index) {
      var item = element("li", "rec-hand");
      var label = element("label", "rec-hand-name");
      label.appendChild(element("span", "", seat.label));
      label.appendChild(element("span", "rec-count"));
      var input = element("input");
      input.type = "text";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.id = options.prefix + index;
      input.dataset.seat = seat.key;
      input.value = (options.values || {})[seat.key] || "";
      label.htmlFor = input.id;
      input.addEventListener("focus", function () {
        entry.select(index);
      });
      input.addEventListener("input", function () {
        entry.note.textContent = "";
        entry.refresh();
      });
      item.appendChild(label);
      item.appendChild(input);
      entry.list.appendChild(item);
      return input;
    });
    rowsOf(this.deck).forEach(function (cards) {
      var row = element("div", "rec-grid-row");
      cards.forEach(function (card) {
        var button = element("button", "chip rec-grid-card chip-" + card.style, card.card);
        button.type = "button";
        button.dataset.card = card.card;
        if (card.said) {
          button.title = card.said;
          button.setAttribute("aria-label", card.said);
        }
        row.appendChild(button);
      });
      entry.grid.appendChild(row);
    });
    this.grid.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-card]");
      if (button && !button.disabled) {
        entry.add(button.dataset.card);
      }
    });
    window.RecordKeys.walk(this.grid, ".rec-grid-row");
    this.select(0);
    this.refresh();
  }

  DealEntry.prototype.select = function (index) {
    this.selected = index;
    Array.prototype.forEach.call(this.list.children, function (item, at) {
      item.classList.toggle("is-selected", at === index);
    });
  };

  // A tapped card goes to the selected seat; a seat that is full passes the selection to the next. A seat
  // that holds its size takes no tap: one more card there is a slip of the finger far more often than what
  // the table did, which can still be typed (and is then said to be too many).
  DealEntry.prototype.add = function (card) {
    var input = this.inputs[this.selected];
    if (!input) {
      return;
    }
    var seat = this.seats[this.selected];
    if (seat.size && this.cardsOf(input).length >= seat.size) {
      this.note.textContent = _n("{seat} holds {size} card already: clear it to enter another.",
        "{seat} holds {size} cards already: clear one to enter another.", seat.size,
        { seat: seat.label, size: seat.size });
      return;
    }
    this.note.textContent = "";
    input.value = (input.value.trim() + " " + card).trim();
    if (seat.size && this.cardsOf(input).length >= seat.size && this.selected + 1 < this.inputs.length) {
      this.select(this.selected + 1);
    }
    this.refresh();
  };

  DealEntry.prototype.cardsOf = function (input) {
    return core.parseCards(input.value, this.deck).cards;
  };

  // Every seat's cards, the tokens that are no card, and how many of each card were entered in all.
  DealEntry.prototype.read = function () {
    var entry = this;
    var cards = {};
    var bad = [];
    var counted = {};
    this.inputs.forEach(function (input, index) {
      var read = core.parseCards(input.value, entry.deck);
      cards[entry.seats[index].key] = read.cards;
      if (read.bad.length) {
        bad.push({ seat: entry.seats[index], tokens: read.bad });
      }
      read.cards.forEach(function (card) {
        counted[card] = (counted[card] || 0) + 1;
      });
    });
    return { cards: cards, bad: bad, counted: counted };
  };

  DealEntry.prototype.refresh = function () {
    var read = this.read();
    var entry = this;
    var room = this.seats.some(function (seat) {  // once every seat holds its size, no card can be tapped
      return !seat.size || read.cards[seat.key].length < seat.size;
    });
    this.inputs.forEach(function (input, index) {
      var held = read.cards[entry.seats[index].key].length;
      var size = entry.seats[index].size;
      var count = input.parentNode.querySelector(".rec-count");
      count.textContent = size ? held + "/" + size : String(held);
      count.classList.toggle("is-full", Boolean(size) && held === size);
      count.classList.toggle("is-over", Boolean(size) && held > size);
    });
    var focused = this.grid.contains(document.activeElement) ? document.activeElement : null;
    Array.prototype.forEach.call(this.grid.querySelectorAll("button[data-card]"), function (button) {
      var copies = copiesOf(entry.deck, button.dataset.card);
      var left = copies - (entry.known[button.dataset.card] || 0) - (read.counted[button.dataset.card] || 0);
      button.disabled = left <= 0 || !room;
      if (copies > 1 && copies < Infinity) {
        left = Math.max(left, 0);
        button.dataset.left = String(left);  // of a card the deck holds several times: how many are left
        button.setAttribute("aria-label", _n("{card}: {count} left", "{card}: {count} left", left,
          { card: button.title || button.dataset.card }));
      }
    });
    // a card tapped from the keyboard whose last copy it was: the keyboard goes on to the next card left, or
    // once none is left (the deal whole) to the seat that took the last one
    var used = focused && focused.disabled;
    var kept = window.RecordKeys.settle(this.grid, used ? window.RecordKeys.after(this.grid, ".rec-grid-row", focused)
      : null);
    if (used) {
      (kept || this.inputs[this.selected]).focus();
    }
  };

  // What is wrong with the entry, in sentences: no card typed at all is no problem (nothing entered).
  DealEntry.prototype.problems = function () {
    var read = this.read();
    var entry = this;
    var found = read.bad.map(function (bad) {
      return _("{seat}: not a card: {tokens}.", { seat: bad.seat.label, tokens: bad.tokens.join(" ") });
    });
    Object.keys(read.counted).forEach(function (card) {
      var copies = copiesOf(entry.deck, card);
      if (read.counted[card] > copies) {
        found.push(_n("{card} is entered {times} times; the deck holds it once.",
          "{card} is entered {times} times; the deck holds {count} of it.", copies,
          { card: card, times: read.counted[card] }));
      }
    });
    this.seats.forEach(function (seat) {  // a seat with none is no deal of the wrong size but one not entered
      var held = read.cards[seat.key].length;
      if (seat.size && held && held !== seat.size) {
        found.push(_n("{seat} holds {count} card of {size}.", "{seat} holds {count} cards of {size}.", held,
          { seat: seat.label, size: seat.size }));
      }
    });
    return found;
  };

  // The labels of the seats given a size and left with no card, joined ("Bruno, Chiara"); "" for none. Beside
  // seats entered, such a seat is a hand nobody saw, which a log cannot hold: it records a deal whole or not at
  // all (a hand of no card would break the rules at every play of its player).
  DealEntry.prototype.unentered = function () {
    var cards = this.read().cards;
    return this.seats.filter(function (seat) {
      return seat.size && !cards[seat.key].length;
    }).map(function (seat) { return seat.label; }).join(", ");
  };

  DealEntry.prototype.empty = function () {
    return this.inputs.every(function (input) {
      return !input.value.trim();
    });
  };

  window.RecordDeal = { DealEntry: DealEntry, cardsOf: cardsOf, copiesOf: copiesOf };
})();
