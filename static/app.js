/*
 * The analysis board: walks the game's moments and keeps one selected moment in sync everywhere.
 *
 * The page carries its figures (#figures, drawn by charts.js) and names where its moments are
 * (data-moments): fetched once the page shows, they are the steps (id, status, story, x on the timeline
 * charts, major for the moments ↑/↓ jump between) and the table view (drawn by board.js). Selecting a moment
 * updates the table view, the elements marked with data-step-id (the moment or one containing it; the list
 * follows the innermost), the findings found there, a band on the timeline charts, the status line and the
 * URL hash. A hash or a finding's anchor ("round-2-trick-3-play-4") selects the innermost moment that
 * contains it. Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var analysis = document.querySelector("[data-moments]");
  var figuresBlock = document.getElementById("figures");
  var figures = figuresBlock ? JSON.parse(figuresBlock.textContent) : {};
  var steps = [];  // filled from the page's moments address (data-moments) once it has loaded
  var ids = [];
  var byX = {};
  var board = null;
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
    return x in byX ? byX[x] : -1;
  }

  var moments = { steps: function () { return steps; }, at: atX, find: resolve };
  var charts = window.CardReplay.drawCharts(figures, moments, function (index) {
    select(index, true);
  });

  function contains(outer, inner) {
    return inner === outer || inner.indexOf(outer + "-") === 0;
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
    if (board) {
      window.CardReplay.drawBoard(board, ids, index, steps[index].status);
    }
    drawFindings(index);
    if (updateHash && window.location.hash !== "#" + id) {
      // replaceState: the page must not jump to the moment's row while stepping
      window.history.replaceState(null, "", "#" + id);
    }
    charts.mark(steps[index].x);
    analysis.setAttribute("data-selected", id);  // last: everything above shows this moment now
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

  // A form that cannot be undone (deleting a game) asks first.
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.getAttribute("data-confirm"))) {
        event.preventDefault();
      }
    });
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

  function loaded(data) {
    steps = data.steps;
    board = data.board;
    ids = steps.map(function (step) { return step.id; });
    steps.forEach(function (step, index) {
      if (typeof step.x === "number") {
        byX[step.x] = index;  // the last moment at an x: the one the charts show there
      }
    });
    charts.tell();
    document.querySelectorAll("button[data-step]").forEach(function (button) { button.disabled = false; });
    document.getElementById("step-status").textContent = "Select a moment";
    analysis.removeAttribute("aria-busy");
    window.addEventListener("hashchange", fromHash);
    fromHash();
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
        document.getElementById("step-status").textContent =
          "The moments could not be loaded: reload the page to step through the game.";
      });
  }
})();
