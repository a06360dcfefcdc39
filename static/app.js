/*
 * Draws the page's Plotly charts from its JSON data blocks and runs the step-through of the game's moments.
 *
 * The server computes every figure and the list of moments (#steps: id, status, story, x); this file only
 * hands the figures to Plotly and keeps one selected moment in sync everywhere: the elements marked with
 * its data-step-id, the findings whose position lies in it, a band on the timeline charts, the status
 * line and the URL hash. A deep link or a finding's anchor ("round-2-trick-3-play-4") selects the
 * innermost moment that contains it. Text from logs is only ever set with textContent, never as HTML.
 */
(function () {
  "use strict";

  function readBlock(id, fallback) {
    var block = document.getElementById(id);
    return block ? JSON.parse(block.textContent) : fallback;
  }

  var figures = readBlock("figures", {});
  var steps = readBlock("steps", []);
  var ids = steps.map(function (step) { return step.id; });
  var config = {
    responsive: true,
    displaylogo: false,
    displayModeBar: "hover",
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d", "toggleSpikelines"]
  };
  var SELECTED = "#2563eb";
  var timelineCharts = [];
  var selected = -1;

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
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].x === x) {
        return i;
      }
    }
    return -1;
  }

  if (typeof Plotly !== "undefined") {
    Object.keys(figures).forEach(function (name) {
      var element = document.getElementById("chart-" + name);
      if (!element) {
        return;
      }
      var figure = figures[name];
      var baseShapes = (figure.layout.shapes || []).slice();
      Plotly.newPlot(element, figure.data, figure.layout, config).then(function () {
        element.setAttribute("data-rendered", "true");
        if (!element.hasAttribute("data-timeline")) {
          return;
        }
        timelineCharts.push({ element: element, baseShapes: baseShapes });
        element.on("plotly_click", function (event) {
          var point = event && event.points && event.points[0];
          if (!point) {
            return;
          }
          var data = point.customdata !== undefined ? point.customdata : point.x;
          select(typeof data === "string" ? resolve(data) : atX(Math.round(Number(data))), true);
        });
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

  function select(index, updateHash) {
    if (index < 0 || index >= steps.length) {
      return;
    }
    selected = index;
    var id = ids[index];
    document.querySelectorAll("[data-step-id]").forEach(function (element) {
      element.classList.toggle("is-selected", element.getAttribute("data-step-id") === id);
    });
    document.querySelectorAll("li.finding[data-anchor]").forEach(function (element) {
      element.classList.toggle("is-selected", resolve(element.getAttribute("data-anchor")) === index);
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
      var atEnd = index === steps.length - 1 && (where === "last" || where === "next");
      button.disabled = atStart || atEnd;
    });
    if (updateHash && window.location.hash !== "#" + id) {
      // replaceState: the page must not jump to the moment's row while stepping through the charts
      window.history.replaceState(null, "", "#" + id);
    }
    markCharts();
  }

  function step(where) {
    if (!steps.length) {
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
      step(button.getAttribute("data-step"));
    });
  });

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (typing || event.altKey || event.ctrlKey || event.metaKey || !KEYS[event.key] || !steps.length) {
      return;
    }
    event.preventDefault();
    step(KEYS[event.key]);
  });

  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
