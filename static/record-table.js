/*
 * The recorder's view of the game at the current step: every seat (its hand, unseen cards, pile, score and
 * what else the game's State shows of it), the cards in the middle, the game's other facts, and the
 * findings of the log so far; and around it, whose step it is, the steps recorded and the warning before an
 * illegal one. The table comes from the State's view() (POST /api/v1/choices); the game's
 * words for its view come from its setup (#record-setups, each game adapter's recorder): "words" names the
 * keys worth showing, "values" says the game's own values (a medal, a class) in the reader's language.
 * Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var SEAT_KEYS = ["name", "hand", "unseen", "score", "pile"];  // drawn in their own places

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

  function chip(setup, card) {
    var deck = (setup || {}).deck || {};
    var colour = deck.kind === "colour" ? (deck.names || {})[card.charAt(0)] : "rank";
    return element("span", "chip chip-small chip-" + (colour || "unknown"), card);
  }

  // A value as a reader reads it: the game's words for its own values, numbers in the reader's locale.
  function said(value, setup) {
    var values = (setup || {}).values || {};
    if (typeof value === "boolean") {
      return value ? _("yes") : _("no");
    }
    if (typeof value === "number") {
      return window.formatNumber(value);
    }
    if (Array.isArray(value)) {
      return value.map(function (item) { return said(item, setup); }).join(", ");
    }
    if (value !== null && typeof value === "object") {
      return Object.keys(value).map(function (key) {
        return (values[key] || key) + ": " + said(value[key], setup);
      }).join("; ");
    }
    return values[value] || String(value);
  }

  // Nothing to say: no value, no words, an empty list or an empty object (a race's podium before anyone
  // finishes), left out rather than shown as a name with nothing after it.
  function blank(value) {
    return value === null || value === undefined || value === "" || (typeof value === "object" &&
      Object.keys(value).length === 0);
  }

  // A part of a step in words: the game's own names for its parts (its recorder's ``fields``), those every log
  // format shares, the words of its view; a part nothing names shows the game's own key.
  function word(key, setup) {
    var shared = { player: _("Player"), card: _("Card"), cards: _("Cards"), note: _("Note") };
    setup = setup || {};
    return (setup.fields || {})[key] || shared[key] || (setup.words || {})[key] || key;
  }

  // A step entered by hand, in words for the list of steps: a play as "{player} plays {cards}", anything
  // else part by part ("Player: Ann; Passes: yes"), never the log's own keys.
  function stepLabel(action, setup, text) {
    var cards = typeof action.card === "string" ? [action.card] : Array.isArray(action.cards) ? action.cards : null;
    var plain = Object.keys(action).every(function (key) {
      return key === "player" || key === "card" || key === "cards" || (key === "action" && action.action === "play");
    });
    if (plain && cards && typeof action.player === "string") {
      return core.format(text.played_cards, { player: action.player, cards: cards.join(" ") });
    }
    return Object.keys(action).map(function (key) {
      return word(key, setup) + ": " + said(action[key], setup);
    }).join("; ");
  }

  // The label of a key the game names; a game with no words for its view (a plugin) shows its keys.
  function label(key, setup) {
    var words = (setup || {}).words;
    return words ? words[key] : key;
  }

  function drawSeat(seat, toMove, setup, text) {
    var item = element("li", "rec-seat" + (seat.name === toMove ? " is-to-move" : ""));
    var head = element("div", "rec-seat-head");
    head.appendChild(element("strong", "", seat.name));
    if (seat.score !== undefined && seat.score !== null) {
      head.appendChild(element("span", "rec-score", core.format(text.score, { score: seat.score })));
    }
    item.appendChild(head);
    var hand = element("div", "rec-hand-cards");
    (seat.hand || []).forEach(function (card) {
      hand.appendChild(chip(setup, card));
    });
    if (seat.unseen) {
      hand.appendChild(element("span", "rec-unseen", core.format(text.hidden_cards, { count: seat.unseen })));
    }
    item.appendChild(hand);
    Object.keys(seat).forEach(function (key) {
      var value = seat[key];
      if (SEAT_KEYS.indexOf(key) < 0 && !blank(value) && label(key, setup)) {
        item.appendChild(element("div", "rec-seat-fact", label(key, setup) + ": " + said(value, setup)));
      }
    });
    var pile = (setup || {}).pile;  // what a seat's pile is in this game: captures, cards played, medals
    if ((seat.pile || []).length) {
      item.appendChild(element("div", "rec-seat-fact", pile ? pile.words + ": " + (pile.count
        ? window.formatNumber(seat.pile.length) : said(seat.pile, setup)) : _n("{count} card won or put aside",
        "{count} cards won or put aside", seat.pile.length)));
    }
    return item;
  }

  function drawTable(view, toMove, setup, text) {
    var seats = document.getElementById("rec-seats");
    seats.textContent = "";
    (view.seats || []).forEach(function (seat) {
      seats.appendChild(drawSeat(seat, toMove, setup, text));
    });
    var middle = document.getElementById("rec-middle");
    middle.textContent = "";
    if (view.earlier) {
      middle.appendChild(element("span", "center-earlier", _n("{count} earlier play", "{count} earlier plays", view.earlier)));
    }
    (view.middle || []).forEach(function (laid) {
      var group = element("span", "rec-laid");
      group.appendChild(element("span", "rec-laid-player", laid.player));
      (laid.cards || []).forEach(function (card) {
        group.appendChild(chip(setup, card));
      });
      middle.appendChild(group);
    });
    var facts = document.getElementById("rec-facts");
    facts.textContent = "";
    Object.keys(view).forEach(function (key) {
      if (key !== "seats" && key !== "middle" && key !== "earlier" && !blank(view[key]) && label(key, setup)) {
        facts.appendChild(element("dt", "", label(key, setup)));
        facts.appendChild(element("dd", "", said(view[key], setup)));
      }
    });
  }

  // The warnings every unfinished game has (the game, round or trick not over yet), said again after
  // every step while recording: left out until the game is over.
  function unfinishedOnly(finding) {
    return finding.severity !== "error" && (/^incomplete-/.test(finding.code) || finding.code === "trick-size");
  }

  function findingItem(finding) {
    var item = element("li", "finding finding-" + finding.severity);
    var body = element("span", "finding-body");
    body.appendChild(element("span", "finding-severity", finding.severity === "error" ? _("error") : _("warning")));
    body.appendChild(element("code", "finding-code", finding.code));
    body.appendChild(element("span", "finding-message", finding.message));
    item.appendChild(body);
    return item;
  }

  // The errors in full; the warnings folded away under their count, to open when wanted.
  function drawFindings(findings, over) {
    var list = document.getElementById("rec-findings");
    var folded = document.getElementById("rec-warnings");
    list.textContent = "";
    folded.querySelector("ol").textContent = "";
    var shown = findings.filter(function (finding) {
      return over || !unfinishedOnly(finding);
    });
    var warnings = 0;
    shown.forEach(function (finding) {
      if (finding.severity === "error") {
        list.appendChild(findingItem(finding));
      } else {
        warnings += 1;
        folded.querySelector("ol").appendChild(findingItem(finding));
      }
    });
    folded.hidden = !warnings;
    folded.querySelector("summary").textContent = _n("{count} warning", "{count} warnings", warnings);
    document.getElementById("rec-findings-panel").hidden = !shown.length;
  }

  // The findings of the log the last answer is about (``answer``, null when there is none) that lie inside
  // what each of its steps added (``places``: record-core's placesOf of those steps), each given to the step
  // that added the deepest part of its path. A step the answer does not cover (none, or those after the one
  // being changed) keeps its own findings from when it was applied.
  function stepFindings(steps, places, answer) {
    var found = steps.map(function (step, index) {
      return answer && index < places.length ? [] : step.findings || [];
    });
    (answer ? answer.findings || [] : []).forEach(function (finding) {
      if (!answer.over && unfinishedOnly(finding)) {
        return;
      }
      var best = -1;
      var depth = -1;
      places.forEach(function (paths, index) {
        paths.forEach(function (path) {
          var inside = finding.path === path || (finding.path || "").indexOf(path + "/") === 0;
          if (inside && path.length >= depth) {
            best = index;
            depth = path.length;
          }
        });
      });
      if (best >= 0) {
        found[best].push(finding);
      }
    });
    return found;
  }

  // The steps recorded, each a button to change it and one to delete it; an illegal one marked: illegal when
  // recorded, or holding an error of the whole log since.
  function drawSteps(steps, editing, text, places, answer) {
    var list = document.getElementById("rec-steps");
    var found = stepFindings(steps, places, answer);
    list.textContent = "";
    steps.forEach(function (step, index) {
      var illegal = !step.legal || found[index].some(function (finding) { return finding.severity === "error"; });
      var item = element("li", "rec-step" + (illegal ? " is-illegal" : "") + (index === editing ? " is-editing" : ""));
      item.appendChild(element("span", "rec-step-number", _("{number}.", { number: index + 1 })));
      var change = element("button", "rec-step-label", step.label);
      change.type = "button";
      change.dataset.edit = String(index);
      item.appendChild(change);
      if (found[index].length) {
        item.appendChild(element("span", "rec-step-findings", _n("{count} finding", "{count} findings",
          found[index].length)));
      }
      var remove = element("button", "link-button rec-step-delete", "×");
      remove.type = "button";
      remove.dataset.delete = String(index);
      remove.setAttribute("aria-label", core.format(text.delete_step, { number: index + 1 }));
      item.appendChild(remove);
      list.appendChild(item);
    });
    // the latest step in view, or the one being changed
    var shown = list.children[editing === null ? steps.length - 1 : editing];
    if (shown) {
      list.scrollTop += shown.getBoundingClientRect().top - list.getBoundingClientRect().top - list.clientHeight / 2;
    }
  }

  // Whose step it is, in a sentence.
  function statusLine(reply, text) {
    if (reply.over) {
      return text.over;
    }
    if (reply.chance || !reply.to_move) {
      return core.format(text.turn_chance, { moment: reply.place || reply.moment });
    }
    // Il Grande Dalmuti's taxes: every transfer owed is offered at once, whoever gives it
    var givers = (reply.choices || []).map(function (choice) {
      return choice.action.player || choice.action.from;
    }).filter(function (who, index, all) { return who && all.indexOf(who) === index; });
    if (givers.length > 1) {
      return core.format(text.turn_several, { moment: reply.place || reply.moment });
    }
    return core.format(text.turn, { player: reply.to_move });
  }

  // The warning before an illegal step is recorded: what it breaks, in the rules' words.
  function drawWarning(step, text) {
    document.getElementById("rec-warning-title").textContent = text.illegal_title;
    var body = document.getElementById("rec-warning-text");
    body.textContent = "";
    body.appendChild(element("p", "", core.format(text.illegal_intro, { label: step.label })));
    var list = element("ul");
    step.findings.forEach(function (finding) {
      list.appendChild(element("li", "", finding.message));
    });
    body.appendChild(list);
    document.getElementById("rec-warning").hidden = false;
  }

  // A labelled select of [value, words] options with ``chosen`` selected.
  function select(options, chosen, labelText) {
    var made = element("select");
    made.setAttribute("aria-label", labelText);
    options.forEach(function (option) {
      var item = element("option", "", option[1]);
      item.value = option[0];
      item.selected = String(option[0]) === String(chosen);
      made.appendChild(item);
    });
    return made;
  }

  window.RecordTable = { element: element, select: select, chip: chip, said: said, word: word, stepLabel: stepLabel,
    drawTable: drawTable, drawFindings: drawFindings,
    drawSteps: drawSteps, drawWarning: drawWarning, statusLine: statusLine };
})();
