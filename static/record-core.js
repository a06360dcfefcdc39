/*
 * The recorder's pure pieces, with no page behind them (tests/test_record_core.py runs them under Node):
 * applying the RFC 6902 patches the State API answers, reading typed cards ("r12 b3", "3x7 j"), matching
 * typed cards to the offered choices, and the drafts kept in the browser's storage.
 *
 * A draft is the game's setup (a log with no steps yet) and its steps in order, each with the action
 * chosen, the patch that records it and the findings of that step alone; the log is the setup with every
 * step's patch applied, so undo is dropping the last step and nothing else has to be kept in sync.
 */
(function (root, factory) {
  "use strict";
  var core = factory();
  if (typeof module === "object" && module.exports) {
    module.exports = core;
  } else {
    root.RecordCore = core;
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var DRAFT_PREFIX = "card-replay.record.v1.";

  function copy(value) {
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  }

  // "/a/b~1c/-" → ["a", "b/c", "-"] (RFC 6901: ~1 is "/", ~0 is "~", in that order).
  function tokens(pointer) {
    if (pointer === "") {
      return [];
    }
    if (pointer.charAt(0) !== "/") {
      throw new Error("A JSON pointer must start with '/': " + pointer);
    }
    return pointer.slice(1).split("/").map(function (token) {
      return token.replace(/~1/g, "/").replace(/~0/g, "~");
    });
  }

  function arrayIndex(token, length, adding) {
    if (token === "-" && adding) {
      return length;
    }
    if (!/^(0|[1-9][0-9]*)$/.test(token)) {
      throw new Error("Not an array index: " + token);
    }
    var index = Number(token);
    if (index > length || (!adding && index === length)) {
      throw new Error("Array index out of range: " + token);
    }
    return index;
  }

  // One operation on ``doc`` in place; returns the document (a new one when the whole document is replaced).
  function applyOperation(doc, operation) {
    var path = tokens(operation.path);
    var op = operation.op;
    if (op !== "add" && op !== "replace" && op !== "remove") {
      throw new Error("Unsupported patch operation: " + op);
    }
    if (path.length === 0) {
      if (op === "remove") {
        throw new Error("Cannot remove the whole document");
      }
      return copy(operation.value);
    }
    var parent = doc;
    for (var i = 0; i < path.length - 1; i++) {
      var step = Array.isArray(parent) ? arrayIndex(path[i], parent.length, false) : path[i];
      if (parent === null || typeof parent !== "object" || !(step in parent)) {
        throw new Error("No such location: " + operation.path);
      }
      parent = parent[step];
    }
    var last = path[path.length - 1];
    if (parent === null || typeof parent !== "object") {
      throw new Error("No such location: " + operation.path);
    }
    if (Array.isArray(parent)) {
      var index = arrayIndex(last, parent.length, op === "add");
      if (op === "add") {
        parent.splice(index, 0, copy(operation.value));
      } else if (op === "replace") {
        parent[index] = copy(operation.value);
      } else {
        parent.splice(index, 1);
      }
    } else {
      if (op !== "add" && !Object.prototype.hasOwnProperty.call(parent, last)) {
        throw new Error("No such member: " + operation.path);
      }
      if (op === "remove") {
        delete parent[last];
      } else {
        parent[last] = copy(operation.value);
      }
    }
    return doc;
  }

  // The document with every operation applied in order; ``doc`` itself is left as it was.
  function applyPatch(doc, patch) {
    var result = copy(doc);
    (patch || []).forEach(function (operation) {
      result = applyOperation(result, operation);
    });
    return result;
  }

  // A draft's log: its setup with every step's patch applied.
  function logOf(draft, upTo) {
    var end = upTo === undefined ? draft.steps.length : upTo;
    var log = copy(draft.setup);
    for (var i = 0; i < end; i++) {
      draft.steps[i].patch.forEach(function (operation) {
        log = applyOperation(log, operation);
      });
    }
    return log;
  }

  // Where each step's patch put what it added, as JSON pointers with every "-" made the index it became
  // ("/tricks/5/plays/1"): the whole log's findings are placed by their path, so a step holds the findings
  // inside what it added, even one proven only by a later step (a revoke shown by the card played after).
  function placesOf(draft) {
    var log = copy(draft.setup);
    return draft.steps.map(function (step) {
      return step.patch.map(function (operation) {
        var path = operation.path;
        var cut = path.lastIndexOf("/");
        if (operation.op === "add" && path.slice(cut + 1) === "-") {
          var parent = log;
          tokens(path.slice(0, cut)).forEach(function (token) {
            parent = parent && typeof parent === "object" ? parent[token] : undefined;
          });
          path = path.slice(0, cut + 1) + (Array.isArray(parent) ? parent.length : 0);
        }
        log = applyOperation(log, operation);
        return path;
      });
    });
  }

  // Typed cards. ``deck`` is {"kind": "colour", "colours": {"r": "R", …}, "values": [1, n]},
  // {"kind": "rank", "values": [1, 12], "jester": "J"}, or {"kind": "raw"} (a game not described: as typed). "r12 b3", "R12,B3", "3x7 j", "7 7 7 J".
  // Returns {"cards": [card text …], "bad": [tokens that are not cards]}.
  function parseCards(text, deck) {
    var cards = [];
    var bad = [];
    var tokens = String(text || "").split(/[\s,;]+/);
    tokens.forEach(function (raw, index) {
      var token = raw.trim();
      if (!token) {
        return;
      }
      var letter = /^[0-9]+$/.test(tokens[index + 1] || "") ? colourNamed(token, deck) : null;
      if (letter) {  // "nero 1", "zieloną 2": the colour in the reader's words, its value next
        tokens[index + 1] = letter + tokens[index + 1];
        return;
      }
      var count = 1;
      var repeat = /^([1-9][0-9]?)[x×*](.+)$/i.exec(token);
      if (repeat && deck.kind === "rank") {
        count = Number(repeat[1]);
        token = repeat[2];
      }
      var card = cardOf(token, deck);
      if (card === null) {
        bad.push(raw.trim());
        return;
      }
      for (var i = 0; i < count; i++) {
        cards.push(card);
      }
    });
    return { cards: cards, bad: bad };
  }

  // The letter of the colour ``word`` names in the reader's language, whatever its ending and accents ("rossa"
  // for "rosso", "zielony" or "zielona" for "zielony", "zolta" for "żółty"): the first letters alike, all but
  // the last two of the shorter word and three at least; else null. A colour deck only.
  function colourNamed(word, deck) {
    var words = deck.kind === "colour" && deck.words;
    var typed = plain(word);
    var found = null;
    Object.keys(words || {}).forEach(function (letter) {
      var name = plain(String(words[letter]));
      var alike = Math.max(3, Math.min(typed.length, name.length) - 2);
      if (typed.length >= 3 && typed.slice(0, alike) === name.slice(0, alike)) {
        found = letter;
      }
    });
    return found;
  }

  // Words as a phone keyboard without accents types them: "zolta" for "żółta", "lucja" for "Łucja".
  function plain(written) {
    return written.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ł/g, "l");
  }

  function inRange(digits, values) {
    if (!/^[1-9][0-9]?$/.test(digits)) {
      return false;
    }
    var value = Number(digits);
    return value >= values[0] && value <= values[1];
  }

  function cardOf(token, deck) {
    if (deck.kind === "raw") {
      return token;
    }
    if (deck.kind === "rank") {
      if (token.toLowerCase() === String(deck.jester).toLowerCase()) {
        return deck.jester;
      }
      return inRange(token, deck.values) ? String(Number(token)) : null;
    }
    var letter = deck.colours[token.charAt(0).toLowerCase()];
    var digits = token.slice(1);
    return letter && inRange(digits, deck.values) ? letter + Number(digits) : null;
  }

  // The cards an action carries, whatever the game calls them ("card" or "cards"), as a sorted list.
  function cardsOf(action) {
    if (!action || typeof action !== "object") {
      return null;
    }
    if (typeof action.card === "string") {
      return [action.card];
    }
    if (Array.isArray(action.cards)) {
      return action.cards.slice().sort();
    }
    return null;
  }

  // The offered choices whose action carries exactly these cards (in any order).
  function choicesWithCards(choices, cards) {
    var wanted = JSON.stringify(cards.slice().sort());
    return choices.filter(function (choice) {
      var held = cardsOf(choice.action);
      return held !== null && JSON.stringify(held) === wanted;
    });
  }

  // The one player whose name starts with ``prefix`` (any case; a whole name wins over longer ones), else null.
  function playerByPrefix(prefix, players) {
    var wanted = String(prefix).toLowerCase();
    var exact = players.filter(function (name) {
      return name.toLowerCase() === wanted;
    });
    var starting = players.filter(function (name) {
      return wanted && name.toLowerCase().indexOf(wanted) === 0;
    });
    return exact.length === 1 ? exact[0] : starting.length === 1 ? starting[0] : null;
  }

  // A stable text of a JSON value (keys sorted), to compare actions and to name them in the page.
  function canonical(value) {
    if (Array.isArray(value)) {
      return "[" + value.map(canonical).join(",") + "]";
    }
    if (value !== null && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (key) {
        return JSON.stringify(key) + ":" + canonical(value[key]);
      }).join(",") + "}";
    }
    return JSON.stringify(value);
  }

  // Drafts in a Storage (window.localStorage, or any object with the same four methods), one key each.
  function Drafts(storage) {
    this.storage = storage;
  }

  Drafts.prototype.key = function (id) {
    return DRAFT_PREFIX + id;
  };

  // One draft may be open in two tabs, and either may save: a tab writes only over the revision it last read
  // or wrote, since writing over one it has not read would drop the other tab's steps without a word. A draft
  // never saved (no revision yet) is written only where none is stored; one read from storage and gone since
  // (discarded or stored in another tab) is not written back. Returns whether it was written: where it was
  // not, the stored draft (or its absence) stands, and the page shows that instead (record.js).
  Drafts.prototype.save = function (draft) {
    var fresh = draft.revision === undefined ? this.load(draft.id) === null : this.holds(draft);
    if (!fresh) {
      return false;
    }
    var before = draft.revision;
    draft.revision = (before || 0) + 1;
    draft.updated = new Date().toISOString();
    try {
      this.storage.setItem(this.key(draft.id), JSON.stringify(draft));
    } catch (error) {
      draft.revision = before;  // not written (the storage full): the next save is still over the same revision
      throw error;
    }
    return true;
  };

  // Whether storage holds ``draft`` at the revision this tab last read or wrote (no other tab saved it since).
  Drafts.prototype.holds = function (draft) {
    var stored = this.load(draft.id);
    return stored !== null && stored.revision === draft.revision;
  };

  Drafts.prototype.load = function (id) {
    var text = this.storage.getItem(this.key(id));
    if (text === null) {
      return null;
    }
    try {
      var draft = JSON.parse(text);
      if (!draft || !draft.setup || !Array.isArray(draft.steps)) {
        return null;
      }
      // a draft saved before drafts counted their revisions is at revision 0: read, it is no new draft
      draft.revision = typeof draft.revision === "number" ? draft.revision : 0;
      return draft;
    } catch (error) {
      return null;
    }
  };

  Drafts.prototype.remove = function (id) {
    this.storage.removeItem(this.key(id));
  };

  // Every readable draft, the most recently changed first.
  Drafts.prototype.list = function () {
    var found = [];
    for (var i = 0; i < this.storage.length; i++) {
      var key = this.storage.key(i);
      if (key && key.indexOf(DRAFT_PREFIX) === 0) {
        var draft = this.load(key.slice(DRAFT_PREFIX.length));
        if (draft) {
          found.push(draft);
        }
      }
    }
    return found.sort(function (a, b) {
      return a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0;
    });
  };

  function newDraftId() {
    var bytes = new Uint8Array(8);
    (typeof crypto !== "undefined" ? crypto : require("crypto").webcrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (byte) {
      return ("0" + byte.toString(16)).slice(-2);
    }).join("");
  }

  // "{player} plays {card}" with {"player": "Ben", "card": "R5"} → "Ben plays R5": whole sentences from
  // the page's dictionary, parameters filled in, so a translation can order them as its language needs.
  function format(template, values) {
    return String(template).replace(/\{([a-z_]+)\}/g, function (whole, name) {
      return values && values[name] !== undefined ? String(values[name]) : whole;
    });
  }

  // POST JSON; resolves with {status, data}; a lost connection rejects with the ``offline`` sentence.
  function post(url, body, offline) {
    return fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body), credentials: "same-origin" }).then(function (response) {
      return response.json().catch(function () {
        return {};
      }).then(function (data) {
        return { status: response.status, data: data };
      });
    }, function () {
      throw new Error(offline);
    });
  }

  // The error of an answer that is not a 200: its problem's detail in the ``template`` sentence, followed by
  // the problems it lists (where, then what: "/races/0/turns: …"), the first three: the detail alone only
  // counts them ("2 problems with the shape; see errors").
  function refused(reply, template) {
    var data = reply.data || {};
    var detail = data.detail || data.title || data.message || String(reply.status);
    var listed = (Array.isArray(data.errors) ? data.errors : []).filter(function (error) {
      return error && typeof error.message === "string";
    });
    var parts = listed.slice(0, 3).map(function (error) {
      return (error.path ? error.path + ": " : "") + error.message;
    });
    if (listed.length > 3) {
      parts.push("…");
    }
    return new Error(format(template, { message: [detail].concat(parts).join(" ") }));
  }

  // Where JSON.parse stopped reading ``raw``, as {line, column} counted from 1; null where its message (in
  // English, whatever the page's language, and worded by each engine its own way) says neither.
  function jsonWhere(raw, error) {
    var message = String((error && error.message) || "");
    var lined = /line (\d+) column (\d+)/.exec(message);  // Firefox, and V8 after the position
    if (lined) {
      return { line: Number(lined[1]), column: Number(lined[2]) };
    }
    var at = /position (\d+)/.exec(message);
    var offset = at ? Number(at[1]) : /end of (JSON )?(input|data)/i.test(message) ? raw.length : null;
    if (offset === null) {
      return null;
    }
    var lines = raw.slice(0, offset).split("\n");
    return { line: lines.length, column: lines[lines.length - 1].length + 1 };
  }

  // Text that is not JSON, said in the page's words: where the reading stopped (``text.json_problem``), or
  // only that it is not JSON (``text.not_json``).
  function jsonProblem(raw, error, text) {
    var where = jsonWhere(raw, error);
    return where ? format(text.json_problem, where) : text.not_json;
  }

  return {
    post: post,
    refused: refused,
    jsonWhere: jsonWhere,
    jsonProblem: jsonProblem,
    applyPatch: applyPatch,
    logOf: logOf,
    placesOf: placesOf,
    parseCards: parseCards,
    plain: plain,
    cardsOf: cardsOf,
    choicesWithCards: choicesWithCards,
    playerByPrefix: playerByPrefix,
    canonical: canonical,
    Drafts: Drafts,
    newDraftId: newDraftId,
    format: format,
    DRAFT_PREFIX: DRAFT_PREFIX
  };
});
