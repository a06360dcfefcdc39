/*
 * The table view: every seat's hand and pile, and the cards in the middle, at one moment of the game.
 *
 * The server sends the starting hands and, per moment, only what changes (#board-data): cards leaving and
 * joining hands, joining piles, lying in the middle, hand sizes where not every card is seen, and a fresh
 * deal for a new round; a missing field is an empty one. A moment is shown by applying every change up to
 * it in order. The cards a finding is about (bad) and those that prove it (proof) are marked. Text from
 * logs is only ever set with textContent, never as HTML.
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
      return table.sizes[name] + " in hand" + (unseen > 0 ? " · " + unseen + " unseen" : "");
    }
    return held + (table.sources[name] === "dealt" ? " in hand" : " proven in hand");
  }

  function seat(board, table, name, marks) {
    var item = element("li", "seat");
    var head = element("div", "seat-head");
    head.appendChild(element("strong", "", name));
    head.appendChild(element("span", "seat-source", handNote(table, name)));
    head.appendChild(element("span", "seat-pile", (board.pile || "Pile") + ": " + table.piles[name].length));
    item.appendChild(head);
    var hand = element("div", "seat-hand", table.hands[name].length ? undefined : "—");
    table.hands[name].forEach(function (card) { hand.appendChild(chip(board, card, marks, name)); });
    item.appendChild(hand);
    if (table.piles[name].length) {
      var taken = element("div", "seat-taken");
      table.piles[name].forEach(function (card) { taken.appendChild(chip(board, card, {}, name)); });
      item.appendChild(taken);
    }
    item.classList.toggle("has-error", (marks.bad || []).some(function (pair) { return pair[0] === name; }));
    return item;
  }

  // Shows moment ids[index] in #board-label, #board-center and #board-seats; label is its fallback title.
  function drawBoard(board, ids, index, label) {
    var table = replay(board, ids, index);
    var now = board.moments[ids[index]] || {};
    var marks = { bad: now.bad || [], proof: now.proof || [] };
    document.getElementById("board-label").textContent = now.label || label;
    var center = document.getElementById("board-center");
    center.textContent = "";
    (now.center || []).forEach(function (pair, position) {
      var play = element("span", "center-play");
      var card = chip(board, pair[1], marks, pair[0]);
      card.classList.toggle("is-high", now.high === position + 1);
      card.classList.toggle("is-low", now.low === position + 1);
      play.appendChild(card);
      play.appendChild(element("span", "center-player", pair[0] === null ? "?" : pair[0]));
      center.appendChild(play);
    });
    var seats = document.getElementById("board-seats");
    seats.textContent = "";
    table.seats.forEach(function (name) { seats.appendChild(seat(board, table, name, marks)); });
  }

  window.CardReplay = window.CardReplay || {};
  window.CardReplay.drawBoard = drawBoard;
})();
