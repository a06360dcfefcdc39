/*
 * The analysis board's moments: loads them and keeps one selected moment in sync everywhere; autoplay.
 *
 * The page's charts are drawn by charts.js as soon as they are parsed; this page names where its moments are
 * (data-moments): fetched once the page shows, they are the steps (id, status, story, x on the timeline
 * charts, major for the moments ↑/↓ jump between) and the table view (drawn by board.js). Selecting a moment
 * updates the table view, the elements marked with data-step-id (the moment or one containing it; the list
 * follows the innermost), the findings found there, a band on the timeline charts, the status line and the
 * URL hash. A hash or a finding's anchor ("round-2-trick-3-play-4") selects the innermost moment that
 * contains it. Without a hash the board opens on the first error, else on the first moment. On a one-column
 * layout a selection made from outside the board (a finding, a key moment, a chart, a list row) brings the
 * board into view. The reader's buttons and keys are controls.js's, which moves the selection through
 * window.CardReplay.moments. Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var analysis = document.querySelector("[data-moments]");
  var steps = [];  // filled from the page's moments address (data-moments) once it has loaded
  var ids = [];
  var byX = {};
  var board = null;
  var whatif = {};  // per play of a known hand: other cards and the best swap (David & Goliath)
  var selected = -1;
  var timer = null;
  var speed = 1;  // autoplay: moments a second, from the speed control
  var oneColumn = window.matchMedia ? window.matchMedia("(max-width: 1000px)") : { matches: false };

  // "round-2-trick-3-play-4" lies in "round-2-trick-3", which lies in "round-2": the innermost moment wins.
  // A finding on the game's result (a score, the winners: "result") is at the last moment, which shows them.
  function resolve(anchor) {
    if (anchor === "result") {
      return ids.length - 1;
    }
    var parts = anchor.split("-");
    while (parts.length) {
      var index = ids.indexOf(parts.join("-"));
      if (index >= 0) {
        return index;
      }
      parts.splice(-2, 2);
    }
    return -1;
  }

  function atX(x) {
    return x in byX ? byX[x] : -1;
  }

  var moments = { steps: function () { return steps; }, at: atX, find: resolve };
  var charts = window.CardReplay.charts.connect(moments, function (index) {
    pause();
    select(index, true);
    reveal();
  });

  // On one column the board lies far above the lists and charts: a selection made down there shows it (or
  // shows `target`, such as the panel of a branch opened from the pinned controls).
  function reveal(target) {
    var board = target || document.querySelector(".board-panel") || document.querySelector(".analysis-panel");
    if (!oneColumn.matches || !board) {
      return;
    }
    var header = document.querySelector(".site-header");
    var covering = header && getComputedStyle(header).position === "sticky" ? header.offsetHeight : 0;
    var top = board.getBoundingClientRect().top + window.scrollY - covering - 8;
    window.scrollTo(0, Math.max(0, top));
  }

  function contains(outer, inner) {
    return inner === outer || inner.indexOf(outer + "-") === 0;
  }

  // The moment's findings in their panel, and its first error's reason in the controls, always in view.
  function drawFindings(index) {
    var panel = document.getElementById("moment-panel");
    var list = document.getElementById("moment-findings");
    var reason = document.getElementById("step-reason");
    if (!panel || !list) {
      return;
    }
    list.textContent = "";
    var first = null;
    document.querySelectorAll(".analysis-main li.finding[data-anchor]").forEach(function (element) {
      var here = resolve(element.getAttribute("data-anchor")) === index;
      element.classList.toggle("is-selected", here);
      if (here) {
        var copy = element.cloneNode(true);
        copy.classList.remove("is-selected");
        list.appendChild(copy);
        if (!first && element.classList.contains("finding-error")) {
          first = element;
        }
      }
    });
    panel.hidden = !list.children.length;
    if (reason) {
      var message = first && first.querySelector(".finding-message");
      reason.textContent = message ? message.textContent : "";
      reason.hidden = !message;
    }
  }

  // A play of a known hand: what each other legal play would have done (D&G: and its best swap).
  function drawWhatIf(id) {
    var panel = document.getElementById("whatif-panel");
    var entry = whatif[id];
    if (!panel) {
      return;
    }
    panel.hidden = !entry;
    if (!entry) {
      return;
    }
    var list = document.getElementById("whatif-list");
    list.textContent = "";
    if (entry.lines) {  // a game that words its own entries (the server says them in the reader's language)
      document.getElementById("whatif-swap").textContent = entry.headline || "";
      entry.lines.forEach(function (line) {
        var item = document.createElement("li");
        item.textContent = line;
        list.appendChild(item);
      });
      document.getElementById("whatif-summary").textContent = entry.summary || "";
      return;
    }
    var swap = entry.swap;
    var told = swap && {swap: swap.card, card: entry.card, trick: swap.trick, player: entry.player, score: swap.score,
                        gain: (swap.gain > 0 ? "+" : "") + swap.gain};
    // The best of the swaps may score no more than the play made: then no swap helps, and it says so.
    document.getElementById("whatif-swap").textContent = !swap
      ? _("No swap with a later card of {player} keeps every play legal.", {player: entry.player})
      : swap.gain > 0 ? _("Best swap: {swap} here and {card} at trick {trick}, everyone else playing the same "
                          + "cards: {player} would have scored {score} ({gain}).", told)
        : _("No swap with a later card helps {player}: the best, {swap} here and {card} at trick {trick}, "
            + "everyone else playing the same cards, would have scored {score} ({gain}).", told);
    entry.alternatives.forEach(function (other) {
      var item = document.createElement("li");
      var params = {card: other.card, cards: other.captured.join(" "), other: other.to};
      if (other.captured.length) {
        item.textContent = other.to ? _("{card}: takes {cards}; {other} takes {card}", params)
          : _("{card}: takes {cards}", params);
      } else {
        item.textContent = other.to ? _("{card}: takes nothing; {other} takes {card}", params)
          : _("{card}: takes nothing", params);
      }
      list.appendChild(item);
    });
    document.getElementById("whatif-summary").textContent = _n("{count} other card, the rest of the trick unchanged",
      "{count} other cards, the rest of the trick unchanged", entry.alternatives.length);
  }

  function follow(element) {
    // Keep the selected row in view inside its own scrolling list, without moving the page.
    var list = element.closest(".moments-list");
    if (!list) {
      return;
    }
    // Measured on screen: a table row's offsetTop counts from its table, not from the list.
    var top = element.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    var height = element.getBoundingClientRect().height;
    if (top < list.scrollTop || top + height > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }

  function select(index, updateHash) {
    if (index < 0 || index >= steps.length) {
      return;
    }
    selected = index;
    var id = ids[index];
    if (window.CardReplay.branch) {
      window.CardReplay.branch.leave();  // any step of the real game leaves a hypothetical branch
    }
    var innermost = null;  // of the elements holding the moment, the one naming it most closely
    document.querySelectorAll("[data-step-id]").forEach(function (element) {
      var on = contains(element.getAttribute("data-step-id"), id);
      element.classList.toggle("is-selected", on);
      if (on && (!innermost || element.getAttribute("data-step-id").length >
                 innermost.getAttribute("data-step-id").length)) {
        innermost = element;
      }
    });
    if (innermost) {
      follow(innermost);
    }
    document.querySelectorAll("[data-goto]").forEach(function (element) {
      element.classList.toggle("is-selected", element.getAttribute("data-goto") === id);
    });
    var status = document.getElementById("step-status");
    var story = document.getElementById("step-story");
    if (status) {
      status.textContent = steps[index].status;
    }
    if (story) {
      story.textContent = steps[index].story;
    }
    var dropped = null;  // a button disabled with the focus on it drops it: handed to the button the other way
    document.querySelectorAll("button[data-step]").forEach(function (button) {
      var where = button.getAttribute("data-step");
      var atStart = index === 0 && (where === "first" || where === "prev");
      var atEnd = index === steps.length - 1 && (where === "last" || where === "next" || where === "play");
      button.disabled = atStart || (atEnd && timer === null);
      if (button.disabled && button === document.activeElement) {
        dropped = atStart ? "next" : "prev";
      }
    });
    if (dropped) {
      document.querySelector("button[data-step=" + dropped + "]").focus();
    }
    if (board) {
      window.CardReplay.drawBoard(board, ids, index, steps[index].status);
    }
    drawFindings(index);
    var reason = document.getElementById("step-reason");
    say([steps[index].status, steps[index].story, reason && !reason.hidden ? reason.textContent : ""]);
    drawWhatIf(id);
    if (updateHash && window.location.hash !== "#" + id) {
      // replaceState: the page must not jump to the moment's row while stepping
      window.history.replaceState(null, "", "#" + id);
    }
    charts.mark(steps[index].x);
    inView();  // a fuller table may have grown past the window's foot
    analysis.setAttribute("data-selected", id);  // last: everything above shows this moment now
    document.dispatchEvent(new CustomEvent("cardreplay:select", { detail: { id: id } }));  // analysis.js
  }

  // The status line alone said "Trick 1 of 15 · play 1 of 3" to a screen reader, never the play: its live twin
  // (#step-said) says the parts given, each ended as a sentence.
  function say(parts) {
    var said = document.getElementById("step-said");
    if (said) {
      said.textContent = parts.filter(Boolean).map(function (part) {
        part = String(part).trim();
        return /[.!?…:]$/.test(part) ? part : part + ".";
      }).join(" ");
    }
  }

  function pause() {
    if (timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
    document.querySelectorAll("button[data-step=play]").forEach(function (button) {
      button.setAttribute("aria-pressed", "false");
      button.textContent = "▶";
    });
    if (selected >= 0) {
      select(selected, false);
    }
  }

  function startTimer() {
    timer = window.setInterval(function () {
      if (selected >= steps.length - 1) {
        pause();
      } else {
        select(selected + 1, true);
      }
    }, Math.round(1100 / speed));
  }

  function play() {
    if (timer !== null) {
      pause();
      return;
    }
    if (selected >= steps.length - 1) {
      select(0, true);
    }
    startTimer();
    document.querySelectorAll("button[data-step=play]").forEach(function (button) {
      button.setAttribute("aria-pressed", "true");
      button.textContent = "❚❚";
    });
  }

  var SPEED = document.getElementById("play-speed");
  if (SPEED) {
    SPEED.addEventListener("change", function () {
      speed = Number(SPEED.value) || 1;
      if (timer !== null) {  // playing on at the new pace
        window.clearInterval(timer);
        startTimer();
      }
    });
  }

  // "#trick-6-play-2" selects a moment; "#trick-6-play-2~try=…" opens the hypothetical branch shared there.
  function fromHash() {
    if (window.location.hash.length > 1) {
      var parts = decodeURIComponent(window.location.hash.slice(1)).split("~try=");
      if (window.CardReplay.branch && window.CardReplay.branch.active() && parts.length > 1) {
        return;  // the branch itself keeps this hash up to date
      }
      var index = resolve(parts[0]);
      if (index >= 0) {
        select(index, false);
        reveal();
        if (parts.length > 1 && window.CardReplay.branch) {
          window.CardReplay.branch.start(parts[0], window.CardReplay.branch.decode(parts[1]));
        }
      }
    }
  }

  // Beside the lists the sticky board is whole in the window once the page has scrolled past the verdict:
  // scroll only as far as its last row needs.
  function inView() {
    var board = document.getElementById("board");
    var header = document.querySelector(".site-header");
    if (oneColumn.matches || !board) {
      return;
    }
    var below = board.getBoundingClientRect().bottom + 8 - window.innerHeight;
    var room = analysis.getBoundingClientRect().top - (header ? header.offsetHeight : 0) - 8;
    if (below > 0 && room > 0) {
      window.scrollBy(0, Math.min(below, room));
    }
  }

  // Near the page's foot the analysis ends above the window's: rather than slide under the header with it,
  // the sticky panel shrinks to the room left (and scrolls inside). The lists are at least a window tall
  // (board.css), so the panel's height never decides where the analysis ends.
  var sticky = document.querySelector(".analysis-panel");
  function fitPanel() {
    if (!sticky) {
      return;
    }
    var top = parseFloat(window.getComputedStyle(sticky).top) || 0;
    var room = analysis.getBoundingClientRect().bottom - top;
    var short = !oneColumn.matches && room < window.innerHeight - top;
    sticky.style.maxHeight = short ? Math.max(room, 120) + "px" : "";
  }
  if (analysis && sticky) {
    window.addEventListener("scroll", fitPanel, { passive: true });
    window.addEventListener("resize", fitPanel);
  }

  // Without a deep link the board opens where the game first went wrong, else at its start.
  function opening() {
    var first = -1;
    document.querySelectorAll(".analysis-main li.finding-error[data-anchor]").forEach(function (element) {
      var index = resolve(element.getAttribute("data-anchor"));
      if (index >= 0 && (first < 0 || index < first)) {
        first = index;
      }
    });
    return Math.max(first, 0);
  }

  // For controls.js: the moments (ids in game order), the one selected, and the ways of moving it.
  window.CardReplay.moments = {
    steps: moments.steps, ids: function () { return ids; }, find: resolve,
    selected: function () { return selected; }, select: select, reveal: reveal, play: play, pause: pause,
    say: say
  };
  window.CardReplay.boardData = function () { return board; };
  window.CardReplay.rank = resolve;  // a moment's place in the game (analysis.js orders its key moments by it)
  window.CardReplay.returnTo = function (moment) {
    var index = moment ? resolve(moment) : selected;
    select(index >= 0 ? index : Math.max(selected, 0), true);
  };

  function loaded(data) {
    steps = data.steps;
    board = data.board;
    whatif = (data.whatif || {}).plays || {};
    ids = steps.map(function (step) { return step.id; });
    steps.forEach(function (step, index) {
      if (typeof step.x === "number") {
        byX[step.x] = index;  // the last moment at an x: the one the charts show there
      }
    });
    charts.tell();
    document.querySelectorAll("button[data-step]").forEach(function (button) { button.disabled = false; });
    analysis.removeAttribute("aria-busy");
    window.addEventListener("hashchange", fromHash);
    if (window.location.hash.length > 1 &&
        resolve(decodeURIComponent(window.location.hash.slice(1)).split("~try=")[0]) >= 0) {
      fromHash();
    } else {
      select(opening(), false);
    }
  }

  if (analysis) {
    fetch(analysis.getAttribute("data-moments"))
      .then(function (response) {
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.json();
      })
      // Only a failed fetch is reported here: a fault in loaded() stays an error on the console.
      .then(loaded, function () {
        analysis.removeAttribute("aria-busy");
        var failed = _("The moments could not be loaded: reload the page to step through the game.");
        document.getElementById("step-status").textContent = failed;
        say([failed]);
      });
  }
})();
