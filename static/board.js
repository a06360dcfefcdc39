/*
 * The table view: every seat's hand and pile, and the cards in the middle, at one moment of the game.
 *
 * The server sends the starting hands and, per moment, only what changes (#board-data): cards leaving and
 * joining hands, joining piles, lying in the middle, hand sizes where not every card is seen, and a fresh
 * deal for a new round; a missing field is an empty one. A moment is shown by applying every change up to
 * it in order. The cards a finding is about (bad) and those that prove it (proof) are marked. Seats sit
 * round the table: the first half across the top, the rest back along the bottom, the middle between
 * them. Hands are grouped by style (colour, rank class) and sorted by value, however the cards came in (a
 * tax, a draw); piles show each group's count. Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  function element(tag, className, text) {
    var made = document.createElement(tag);
    made.className = className;
    if (text !== undefined) {
      made.textContent = text;
    }
    return made;
  }

  // The hands, piles and known hand sizes after the moments ids[0..index].
  function replay(board, ids, index) {
    var table = {};
    function deal(dealt) {
      table = { seats: dealt.seats, sources: dealt.sources, hands: {}, piles: {}, sizes: {} };
      dealt.seats.forEach(function (name) {
        table.hands[name] = (dealt.start[name] || []).slice();
        table.piles[name] = [];
      });
    }
    deal(board);
    for (var i = 0; i <= index; i++) {
      var change = board.moments[ids[i]];
      if (!change) {
        continue;
      }
      if (change.deal) {
        deal(change.deal);  // a game of several rounds deals afresh: its seats, hands and how they are known
      }
      Object.keys(change.leave || {}).forEach(function (name) {
        change.leave[name].forEach(function (card) {
          var at = (table.hands[name] || []).indexOf(card);
          if (at >= 0) {
            table.hands[name].splice(at, 1);
          }
        });
      });
      Object.keys(change.join || {}).forEach(function (name) {
        table.hands[name] = (table.hands[name] || []).concat(change.join[name]);
      });
      Object.keys(change.pile || {}).forEach(function (name) {
        table.piles[name] = (table.piles[name] || []).concat(change.pile[name]);
      });
      Object.keys(change.sizes || {}).forEach(function (name) {
        table.sizes[name] = change.sizes[name];
      });
    }
    return table;
  }

  function markedBy(pairs, card, owner) {
    return (pairs || []).some(function (pair) {
      return pair[1] === card && (owner === undefined || pair[0] === owner);
    });
  }

  function chip(board, card, marks, owner) {
    var made = element("span", "chip chip-small chip-" + ((board.styles || {})[card] || "unknown"), card);
    made.classList.toggle("is-flagged", markedBy(marks.bad, card, owner));
    made.classList.toggle("is-proof", markedBy(marks.proof, card, owner));
    return made;
  }

  function handNote(table, name) {
    var held = table.hands[name].length;
    if (typeof table.sizes[name] === "number") {
      var unseen = table.sizes[name] - held;
      var inHand = _("{count} in hand", {count: table.sizes[name]});
      return unseen > 0 ? inHand + " · " + _n("{count} unseen", "{count} unseen", unseen) : inHand;
    }
    return table.sources[name] === "dealt" ? _("{count} in hand", {count: held})
      : _("{count} proven in hand", {count: held});
  }

  // Styles in the order the game lists its cards: the order of a hand's groups.
  function styleRanks(board) {
    if (!board.styleRanks) {
      board.styleRanks = {};
      var next = 0;
      Object.keys(board.styles || {}).forEach(function (card) {
        if (!(board.styles[card] in board.styleRanks)) {
          board.styleRanks[board.styles[card]] = next++;
        }
      });
    }
    return board.styleRanks;
  }

  function styleOf(board, card) {
    return (board.styles || {})[card] || "unknown";
  }

  function value(card) {
    var digits = /\d+/.exec(card);
    return digits ? Number(digits[0]) : Infinity;
  }

  function sortedCards(board, cards) {
    var ranks = styleRanks(board);
    function rank(card) {
      var style = styleOf(board, card);
      return style in ranks ? ranks[style] : Infinity;
    }
    return cards.slice().sort(function (a, b) {
      return (rank(a) - rank(b)) || (value(a) - value(b)) || (a < b ? -1 : a > b ? 1 : 0);
    });
  }

  function hand(board, cards, name, marks) {
    var row = element("div", "seat-hand", cards.length ? undefined : "—");
    var group = null;
    var groupStyle = null;
    sortedCards(board, cards).forEach(function (card) {
      if (styleOf(board, card) !== groupStyle) {
        groupStyle = styleOf(board, card);
        group = element("span", "hand-group");
        row.appendChild(group);
      }
      group.appendChild(chip(board, card, marks, name));
    });
    return row;
  }

  // A card that is a word (an Olympi medal: "gold") in the reader's words, which the game's list of moments
  // gives (#card-words, read once); any other card is its own name.
  var cardWords = null;

  function said(card) {
    if (cardWords === null) {
      var block = document.getElementById("card-words");
      cardWords = block ? JSON.parse(block.textContent) : {};
    }
    return Object.prototype.hasOwnProperty.call(cardWords, card) ? cardWords[card] : card;
  }

  // A pile by group: one chip per style with its count, the cards themselves in its title.
  function pile(board, cards) {
    var taken = element("div", "seat-taken");
    var counts = {};
    var order = [];
    sortedCards(board, cards).forEach(function (card) {
      var style = styleOf(board, card);
      if (!counts[style]) {
        counts[style] = [];
        order.push(style);
      }
      counts[style].push(card);
    });
    order.forEach(function (style) {
      var group = element("span", "chip chip-small pile-group chip-" + style, "×" + counts[style].length);
      group.title = counts[style].map(said).join(" ");
      taken.appendChild(group);
    });
    return taken;
  }

  function seat(board, table, name, marks) {
    var item = element("li", "seat");
    var head = element("div", "seat-head");
    head.appendChild(element("strong", "seat-name", name));
    head.appendChild(element("span", "seat-source", handNote(table, name)));
    head.appendChild(element("span", "seat-pile", (board.pile || _("Pile")) + ": " + table.piles[name].length));
    item.appendChild(head);
    item.appendChild(hand(board, table.hands[name], name, marks));
    if (table.piles[name].length) {
      item.appendChild(pile(board, table.piles[name]));
    }
    item.classList.toggle("has-error", (marks.bad || []).some(function (pair) { return pair[0] === name; }));
    return item;
  }

  var MIDDLE_SHOWN = 10;  // a race of twenty turns shows its last ten plays and counts the earlier ones

  function middle(board, now, marks, into) {
    into.textContent = "";
    var plays = now.center || [];
    var hidden = Math.max(0, plays.length - MIDDLE_SHOWN);
    var earlier = hidden + (now.earlier || 0);  // a long race's moment lists only its latest cards
    if (earlier) {
      into.appendChild(element("span", "center-earlier", _n("{count} earlier play", "{count} earlier plays", earlier)));
    }
    plays.forEach(function (pair, position) {
      if (position < hidden) {
        return;
      }
      var play = element("span", "center-play");
      var card = chip(board, pair[1], marks, pair[0]);
      card.classList.toggle("is-high", now.high === position + 1);
      card.classList.toggle("is-low", now.low === position + 1);
      play.appendChild(card);
      play.appendChild(element("span", "center-player", pair[0] === null ? "?" : pair[0]));
      into.appendChild(play);
    });
  }

  // The middle again in the phone's pinned bar (#step-strip), faded at its edge where it runs past it.
  var phone = window.matchMedia("(max-width: 640px)");
  function drawStrip(board, now, marks) {
    var strip = document.getElementById("step-strip");
    if (strip) {
      middle(board, now, marks, strip);
      strip.classList.toggle("is-cut", phone.matches && strip.scrollWidth > strip.clientWidth + 1);
    }
  }

  // Shows moment ids[index] in #board-label, #board-center and #board-seats (and the middle in the phone's
  // pinned bar, #step-strip); label is its fallback title.
  function drawBoard(board, ids, index, label) {
    var table = replay(board, ids, index);
    var now = board.moments[ids[index]] || {};
    var marks = { bad: now.bad || [], proof: now.proof || [] };
    document.getElementById("board-label").textContent = now.label || label;
    middle(board, now, marks, document.getElementById("board-center"));
    drawStrip(board, now, marks);
    var seats = document.getElementById("board-seats");
    seats.textContent = "";
    var top = Math.ceil(table.seats.length / 2);
    var boardElement = document.getElementById("board");
    boardElement.style.setProperty("--top-seats", String(top));
    boardElement.querySelector(".board-center").style.order = String(top);
    table.seats.forEach(function (name, position) {
      var made = seat(board, table, name, marks);
      // clockwise: left to right across the top, then right to left along the bottom
      made.style.order = String(position < top ? position : top + table.seats.length - position);
      seats.appendChild(made);
    });
  }

  // A position of a hypothetical branch, from the State's view (seats with hand, unseen, pile, score; the
  // middle as plays), drawn in the same places.
  function drawView(board, view, label) {
    var marks = { bad: [], proof: [] };
    var table = { seats: [], hands: {}, piles: {}, sizes: {}, sources: {} };
    view.seats.forEach(function (seatView) {
      table.seats.push(seatView.name);
      table.hands[seatView.name] = seatView.hand || [];
      table.piles[seatView.name] = seatView.pile || [];
      table.sources[seatView.name] = "dealt";
      if (seatView.unseen) {
        table.sizes[seatView.name] = (seatView.hand || []).length + seatView.unseen;
      }
    });
    var center = [];
    (view.middle || []).forEach(function (play) {
      (play.cards || []).forEach(function (card) { center.push([play.player, card]); });
    });
    document.getElementById("board-label").textContent = label;
    // A trick the State has just resolved (David & Goliath's view says which) is marked as the game's are.
    var taken = view.resolved && view.taken && view.taken.trick === view.trick ? view.taken : {};
    var now = { center: center, earlier: view.earlier || 0, high: taken.high, low: taken.low };
    middle(board, now, marks, document.getElementById("board-center"));
    drawStrip(board, now, marks);
    var seats = document.getElementById("board-seats");
    seats.textContent = "";
    var top = Math.ceil(table.seats.length / 2);
    document.getElementById("board").style.setProperty("--top-seats", String(top));
    document.querySelector("#board .board-center").style.order = String(top);
    view.seats.forEach(function (seatView, position) {
      var made = seat(board, table, seatView.name, marks);
      if (typeof seatView.score === "number") {
        made.querySelector(".seat-head").appendChild(element("span", "seat-score", _n("{count} point", "{count} points", seatView.score)));
      }
      made.style.order = String(position < top ? position : top + table.seats.length - position);
      seats.appendChild(made);
    });
  }

  window.CardReplay = window.CardReplay || {};
  window.CardReplay.drawBoard = drawBoard;
  window.CardReplay.drawView = drawView;
  window.CardReplay.element = element;
})();
