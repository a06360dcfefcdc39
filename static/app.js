/*
 * Draws the page's Plotly charts from its JSON data block and runs the trick step-through.
 *
 * The server computes every figure; this file only hands them to Plotly and keeps one selected trick in
 * sync everywhere: the table row, the findings, a band on the timelines, the status line and the URL
 * hash (#trick-N). Text from logs is only ever set with textContent, never parsed as HTML.
 */
(function () {
  "use strict";

  var dataBlock = document.getElementById("figures");
  if (!dataBlock || typeof Plotly === "undefined") {
    return;
  }
  var figures = JSON.parse(dataBlock.textContent);
  var config = {
    responsive: true,
    displaylogo: false,
    displayModeBar: "hover",
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d", "toggleSpikelines"]
  };
  var SELECTED = "#2563eb";

  var rows = Array.prototype.slice.call(document.querySelectorAll("tr.trick-row[data-trick]"));
  var numbers = rows.map(function (row) { return Number(row.getAttribute("data-trick")); });
  var timelineCharts = [];
  var selected = null;

  Object.keys(figures).forEach(function (name) {
    var element = document.getElementById("chart-" + name);
    if (!element) {
      return;
    }
    var figure = figures[name];
    var baseShapes = (figure.layout.shapes || []).slice();
    Plotly.newPlot(element, figure.data, figure.layout, config).then(function () {
      element.setAttribute("data-rendered", "true");
      if (element.hasAttribute("data-timeline")) {
        timelineCharts.push({ element: element, baseShapes: baseShapes });
        element.on("plotly_click", function (event) {
          var point = event && event.points && event.points[0];
          if (!point) {
            return;
          }
          var number = point.customdata !== undefined ? point.customdata : point.x;
          select(Math.round(Number(number)), true);
        });
        if (selected !== null) {
          markCharts();
        }
      }
    });
  });

  function markCharts() {
    timelineCharts.forEach(function (chart) {
      var shapes = chart.baseShapes.slice();
      if (selected !== null) {
        shapes.push({
          type: "rect", xref: "x", yref: "paper", x0: selected - 0.5, x1: selected + 0.5, y0: 0, y1: 1,
          fillcolor: SELECTED, opacity: 0.14, layer: "below", line: { color: SELECTED, width: 1.5, dash: "dot" }
        });
      }
      Plotly.relayout(chart.element, { shapes: shapes });
    });
  }

  function toggleAll(selector, number) {
    document.querySelectorAll(selector).forEach(function (element) {
      element.classList.toggle("is-selected", Number(element.getAttribute("data-trick")) === number);
    });
  }

  function select(number, updateHash) {
    if (numbers.indexOf(number) < 0) {
      return;
    }
    selected = number;
    toggleAll("tr.trick-row[data-trick]", number);
    toggleAll("li.finding[data-trick]", number);
    var row = document.getElementById("trick-" + number);
    var status = document.getElementById("step-status");
    var story = document.getElementById("step-story");
    if (status) {
      status.textContent = "Trick " + number + " of " + numbers.length;
    }
    if (story && row) {
      story.textContent = row.getAttribute("data-story");
    }
    if (updateHash && window.location.hash !== "#trick-" + number) {
      // replaceState: the page must not jump to the table while stepping through the charts
      window.history.replaceState(null, "", "#trick-" + number);
    }
    markCharts();
  }

  function step(where) {
    if (!numbers.length) {
      return;
    }
    var index = selected === null ? -1 : numbers.indexOf(selected);
    if (where === "first") {
      index = 0;
    } else if (where === "last") {
      index = numbers.length - 1;
    } else if (where === "next") {
      index = Math.min(index + 1, numbers.length - 1);
    } else if (where === "prev") {
      index = index < 0 ? 0 : Math.max(index - 1, 0);
    }
    select(numbers[index], true);
  }

  function fromHash() {
    var match = /^#trick-(\d+)$/.exec(window.location.hash);
    if (match) {
      select(Number(match[1]), false);
    }
  }

  document.querySelectorAll("[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      step(button.getAttribute("data-step"));
    });
  });

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (typing || event.altKey || event.ctrlKey || event.metaKey || !KEYS[event.key] || !numbers.length) {
      return;
    }
    event.preventDefault();
    step(KEYS[event.key]);
  });

  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
