/*
 * The analysis board: draws the page's Plotly charts from its JSON data blocks and walks the game's moments.
 *
 * The server computes every figure, the list of moments (#steps: id, status, story, x on the timeline
 * charts, major for the moments ↑/↓ jump between) and the table view (#board-data: starting hands and,
 * per moment, the cards leaving and joining hands, joining piles and lying in the middle, and hand sizes
 * where not every card is seen; a moment may deal afresh, for a new round). This file only hands the
 * figures to Plotly and keeps one selected moment in sync everywhere: the table view, the elements marked
 * with data-step-id (the moment or one containing it; the list follows the innermost), the findings found
 * there, a band on the timeline charts, the status line and the URL hash. A chart point whose customdata
 * names a moment selects it on a click. A hash or a finding's anchor ("round-2-trick-3-play-4") selects
 * the innermost moment that contains it. Text from logs is only ever set with textContent, never as HTML.
 */
(function () {
  "use strict";

  function readBlock(id, fallback) {
    var block = document.getElementById(id);
    return block ? JSON.parse(block.textContent) : fallback;
  }

  var figures = readBlock("figures", {});
  var steps = readBlock("steps", []);
  var board = readBlock("board-data", null);
  var ids = steps.map(function (step) { return step.id; });
  var touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  var narrow = window.matchMedia && window.matchMedia("(max-width: 640px)").matches;
  var config = {
    responsive: true,
    displaylogo: false,
    displayModeBar: touch ? false : "hover",
    showSendToCloud: false,
    showEditInChartStudio: false,
    scrollZoom: false,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d", "toggleSpikelines", "sendDataToCloud",
                             "editInChartStudio", "zoomIn2d", "zoomOut2d", "hoverClosestCartesian",
                             "hoverCompareCartesian"]
  };
  var SELECTED = "#2563eb";
  var timelineCharts = [];
  var selected = -1;
  var timer = null;

  // "round-2-trick-3-play-4" lies in "round-2-trick-3", which lies in "round-2": the innermost moment wins.
  function resolve(anchor) {
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
    for (var i = steps.length - 1; i >= 0; i--) {
      if (steps[i].x === x) {
        return i;
      }
    }
    return -1;
  }

  function contains(outer, inner) {
    return inner === outer || inner.indexOf(outer + "-") === 0;
  }

  // On a phone the charts keep their data but lose what crowds them: fewer ticks, smaller titles, no drag.
  function fitted(layout) {
    var copy = JSON.parse(JSON.stringify(layout));
    if (touch) {
      copy.dragmode = false;
    }
    if (narrow) {
      copy.margin = { l: copy.yaxis && copy.yaxis.ticktext ? 62 : 44, r: 8, t: 40, b: 72 };
      if (copy.title && copy.title.font) {
        copy.title.font.size = 14;
      }
      if (copy.xaxis && copy.xaxis.dtick === 1) {
        copy.xaxis.dtick = 3;
      }
      if (copy.xaxis) {
        copy.xaxis.tickangle = 0;
      }
      if (copy.yaxis && copy.yaxis.ticktext) {
        copy.yaxis.ticktext = copy.yaxis.ticktext.map(function (text) { return String(text).slice(0, 8); });
      }
      copy.legend = { orientation: "h", y: -0.25, x: 0, font: { size: 11 } };
    }
    return copy;
  }

  // Labelled squares do not fit side by side on a phone: there they are plain, smaller markers.
  function slim(trace) {
    if (trace.mode !== "markers+text" || !trace.marker) {
      return trace;
    }
    var copy = JSON.parse(JSON.stringify(trace));
    copy.mode = "markers";
    copy.marker.size = Math.round((copy.marker.size || 12) * 0.6);
    return copy;
  }

  var pending = Object.keys(figures).length;

  if (typeof Plotly !== "undefined") {
    Object.keys(figures).forEach(function (name) {
      var element = document.getElementById("chart-" + name);
      if (!element) {
        return;
      }
      var figure = figures[name];
      var baseShapes = (figure.layout.shapes || []).slice();
      var data = narrow ? figure.data.map(slim) : figure.data;
      Plotly.newPlot(element, data, fitted(figure.layout), config).then(function () {
        element.setAttribute("data-rendered", "true");
        element.parentNode.classList.add("is-drawn");
        pending -= 1;
        if (pending === 0 && window.performance && performance.mark) {
          performance.mark("charts-drawn");  // read by the benchmark (make bench)
        }
        var timeline = element.hasAttribute("data-timeline");
        // A point names its moment by customdata (a step id, or an x of the timelines); on a timeline its x does.
        element.on("plotly_click", function (event) {
          var point = event && event.points && event.points[0];
          var picked = point && (point.customdata !== undefined ? point.customdata : timeline ? point.x : undefined);
          if (picked === undefined || picked === null) {
            return;
          }
          select(typeof picked === "string" ? resolve(picked) : atX(Math.round(Number(picked))), true);
        });
        if (!timeline) {
          return;
        }
        timelineCharts.push({ element: element, baseShapes: baseShapes });
        if (selected >= 0) {
          markCharts();
        }
      });
    });
  }

  function markCharts() {
    var x = selected >= 0 ? steps[selected].x : null;
    timelineCharts.forEach(function (chart) {
      var shapes = chart.baseShapes.slice();
      if (typeof x === "number") {
        shapes.push({
          type: "rect", xref: "x", yref: "paper", x0: x - 0.5, x1: x + 0.5, y0: 0, y1: 1,
          fillcolor: SELECTED, opacity: 0.14, layer: "below", line: { color: SELECTED, width: 1.5, dash: "dot" }
        });
      }
      Plotly.relayout(chart.element, { shapes: shapes });
    });
  }

  function chip(card, marks, owner) {
    var element = document.createElement("span");
    element.className = "chip chip-small chip-" + ((board.styles || {})[card] || "unknown");
    element.textContent = card;
    (marks.bad || []).forEach(function (pair) {
      if (pair[1] === card && (owner === undefined || pair[0] === owner)) {
        element.classList.add("is-flagged");
      }
    });
    (marks.proof || []).forEach(function (pair) {
      if (pair[1] === card && (owner === undefined || pair[0] === owner)) {
        element.classList.add("is-proof");
      }
    });
    return element;
  }

  function drawBoard(index) {
    if (!board) {
      return;
    }
    var hands, piles, sizes, seatNames, sources;
    function deal(table) {
      seatNames = table.seats;
      sources = table.sources;
      hands = {};
      piles = {};
      sizes = {};  // a hand's size when the moments give it: its cards may be partly unseen
      seatNames.forEach(function (name) {
        hands[name] = (table.start[name] || []).slice();
        piles[name] = [];
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
        (change.leave[name] || []).forEach(function (card) {
          var at = (hands[name] || []).indexOf(card);
          if (at >= 0) {
            hands[name].splice(at, 1);
          }
        });
      });
      Object.keys(change.join || {}).forEach(function (name) {
        hands[name] = (hands[name] || []).concat(change.join[name]);
      });
      Object.keys(change.pile || {}).forEach(function (name) {
        piles[name] = (piles[name] || []).concat(change.pile[name]);
      });
      Object.keys(change.sizes || {}).forEach(function (name) {
        sizes[name] = change.sizes[name];
      });
    }
    var now = board.moments[ids[index]] || {};
    var marks = { bad: now.bad || [], proof: now.proof || [] };
    document.getElementById("board-label").textContent = now.label || steps[index].status;
    var center = document.getElementById("board-center");
    center.textContent = "";
    (now.center || []).forEach(function (pair, position) {
      var item = document.createElement("span");
      item.className = "center-play";
      var card = chip(pair[1], marks, pair[0]);
      if (now.high === position + 1) {
        card.classList.add("is-high");
      }
      if (now.low === position + 1) {
        card.classList.add("is-low");
      }
      item.appendChild(card);
      var who = document.createElement("span");
      who.className = "center-player";
      who.textContent = pair[0] === null ? "?" : pair[0];
      item.appendChild(who);
      center.appendChild(item);
    });
    var seats = document.getElementById("board-seats");
    seats.textContent = "";
    seatNames.forEach(function (name) {
      var seat = document.createElement("li");
      seat.className = "seat";
      var head = document.createElement("div");
      head.className = "seat-head";
      var title = document.createElement("strong");
      title.textContent = name;
      head.appendChild(title);
      var known = document.createElement("span");
      known.className = "seat-source";
      if (typeof sizes[name] === "number") {
        var unseen = sizes[name] - hands[name].length;
        known.textContent = sizes[name] + " in hand" + (unseen > 0 ? " · " + unseen + " unseen" : "");
      } else {
        known.textContent = sources[name] === "dealt" ? hands[name].length + " in hand"
          : hands[name].length + " proven in hand";
      }
      head.appendChild(known);
      var pile = document.createElement("span");
      pile.className = "seat-pile";
      pile.textContent = (board.pile || "Pile") + ": " + piles[name].length;
      head.appendChild(pile);
      seat.appendChild(head);
      var hand = document.createElement("div");
      hand.className = "seat-hand";
      hands[name].forEach(function (card) { hand.appendChild(chip(card, marks, name)); });
      if (!hands[name].length) {
        hand.textContent = "—";
      }
      seat.appendChild(hand);
      if (piles[name].length) {
        var taken = document.createElement("div");
        taken.className = "seat-taken";
        piles[name].forEach(function (card) { taken.appendChild(chip(card, {}, name)); });
        seat.appendChild(taken);
      }
      if (marks.bad.some(function (pair) { return pair[0] === name; })) {
        seat.classList.add("has-error");
      }
      seats.appendChild(seat);
    });
  }

  function drawFindings(index) {
    var panel = document.getElementById("moment-panel");
    var list = document.getElementById("moment-findings");
    if (!panel || !list) {
      return;
    }
    list.textContent = "";
    document.querySelectorAll(".analysis-main li.finding[data-anchor]").forEach(function (element) {
      var here = resolve(element.getAttribute("data-anchor")) === index;
      element.classList.toggle("is-selected", here);
      if (here) {
        var copy = element.cloneNode(true);
        copy.classList.remove("is-selected");
        list.appendChild(copy);
      }
    });
    panel.hidden = !list.children.length;
  }

  function follow(element) {
    // Keep the selected row in view inside its own scrolling list, without moving the page.
    var list = element.closest(".moments-list");
    if (!list) {
      return;
    }
    var top = element.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + element.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }

  function select(index, updateHash) {
    if (index < 0 || index >= steps.length) {
      return;
    }
    selected = index;
    var id = ids[index];
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
    document.querySelectorAll("button[data-step]").forEach(function (button) {
      var where = button.getAttribute("data-step");
      var atStart = index === 0 && (where === "first" || where === "prev");
      var atEnd = index === steps.length - 1 && (where === "last" || where === "next" || where === "play");
      button.disabled = atStart || (atEnd && timer === null);
    });
    drawBoard(index);
    drawFindings(index);
    if (updateHash && window.location.hash !== "#" + id) {
      // replaceState: the page must not jump to the moment's row while stepping
      window.history.replaceState(null, "", "#" + id);
    }
    markCharts();
  }

  function jump(direction) {
    for (var i = selected + direction; i >= 0 && i < steps.length; i += direction) {
      if (steps[i].major) {
        return i;
      }
    }
    return direction > 0 ? steps.length - 1 : 0;
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

  function play() {
    if (timer !== null) {
      pause();
      return;
    }
    if (selected >= steps.length - 1) {
      select(0, true);
    }
    timer = window.setInterval(function () {
      if (selected >= steps.length - 1) {
        pause();
      } else {
        select(selected + 1, true);
      }
    }, 1100);
    document.querySelectorAll("button[data-step=play]").forEach(function (button) {
      button.setAttribute("aria-pressed", "true");
      button.textContent = "❚❚";
    });
  }

  function step(where) {
    if (!steps.length) {
      return;
    }
    if (where === "play") {
      play();
      return;
    }
    var index = selected;
    if (where === "first") {
      index = 0;
    } else if (where === "last") {
      index = steps.length - 1;
    } else if (where === "next") {
      index = Math.min(index + 1, steps.length - 1);
    } else if (where === "prev") {
      index = Math.max(index - 1, 0);
    } else if (where === "up") {
      index = jump(-1);
    } else if (where === "down") {
      index = jump(1);
    }
    select(index, true);
  }

  function fromHash() {
    if (window.location.hash.length > 1) {
      select(resolve(decodeURIComponent(window.location.hash.slice(1))), false);
    }
  }

  document.querySelectorAll("button[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      if (button.getAttribute("data-step") !== "play") {
        pause();
      }
      step(button.getAttribute("data-step"));
    });
  });

  document.querySelectorAll("[data-goto]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      pause();
      select(resolve(link.getAttribute("data-goto")), true);
    });
  });

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", ArrowUp: "up",
               ArrowDown: "down", " ": "play" };
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    var pressing = event.key === " " && target && /^(BUTTON|A)$/.test(target.tagName);  // Space keeps its meaning
    if (typing || pressing || event.altKey || event.ctrlKey || event.metaKey || !KEYS[event.key] || !steps.length) {
      return;
    }
    event.preventDefault();
    if (KEYS[event.key] !== "play") {
      pause();
    }
    step(KEYS[event.key]);
  });

  // "Copy the log": the log's own bytes, fetched from its address, onto the clipboard.
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      fetch(button.getAttribute("data-copy"))
        .then(function (response) { return response.text(); })
        .then(function (text) { return navigator.clipboard.writeText(text); })
        .then(function () { button.textContent = "Copied"; },
              function () { button.textContent = "Copy failed: use Download"; });
    });
  });

  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
