/*
 * The analysis page's charts: hands the server's Plotly figures to Plotly, fitted to a phone, and marks the
 * selected moment on the charts that share the moments' x axis (data-timeline).
 *
 * A trace with meta "story" carries only its points' positions: each point's hover text is the story of the
 * moment at its x, which the page holds anyway, so a long game's page does not carry every story twice.
 * Text from logs reaches Plotly entity-escaped, since Plotly renders its own small HTML subset.
 *
 * The board's own scripts (script[data-after-charts] placeholders) are started once every chart is drawn, or
 * has failed, so that they are not fetched and compiled while plotly.js is: the charts come a little sooner
 * on two cores (docs/PERFORMANCE-JOURNAL.md, issue 30 item 14), and the board ran after them anyway.
 */
(function () {
  "use strict";

  var SELECTED = "#2563eb";
  var STORY = "%{hovertext}<extra></extra>";  // a story trace's hover: its text alone
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

  // Plotly's own words (its toolbar, its notices) and numbers in the page's language, for every chart of the page
  var locale = document.getElementById("chart-locale");
  if (locale && typeof Plotly !== "undefined") {
    locale = JSON.parse(locale.textContent);
    Plotly.register(locale);
    Plotly.setPlotConfig({ locale: locale.name });
  }

  function escaped(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  // On a phone the charts keep their data but lose what crowds them: fewer ticks, smaller titles, no drag.
  function fitted(layout) {
    var copy = JSON.parse(JSON.stringify(layout));
    if (touch) {
      copy.dragmode = false;
    }
    if (narrow) {
      var twoLines = copy.yaxis && copy.yaxis.title && /<br>/.test(copy.yaxis.title.text || "");  // title, unit
      copy.margin = { l: copy.yaxis && (copy.yaxis.ticktext || twoLines) ? 62 : 44, r: 8, t: 40, b: 72 };
      if (copy.title && copy.title.font) {
        copy.title.font.size = 14;
      }
      if (copy.xaxis && copy.xaxis.dtick === 1) {
        copy.xaxis.dtick = 3;
      }
      if (copy.xaxis && copy.xaxis.tickvals && copy.xaxis.ticktext && copy.xaxis.tickvals.length > 6) {
        // named ticks thinned as numbered ones are: a word ("deal") beside "1" ran into it
        var every = function (value, index) { return index % 3 === 0; };
        copy.xaxis.tickvals = copy.xaxis.tickvals.filter(every);
        copy.xaxis.ticktext = copy.xaxis.ticktext.filter(every);
      }
      if (copy.xaxis) {
        copy.xaxis.tickangle = 0;
      }
      if (copy.yaxis && copy.yaxis.ticktext) {
        copy.yaxis.ticktext = copy.yaxis.ticktext.map(function (text) {  // a long name cut, and shown to be
          text = String(text);
          return text.length > 8 ? text.slice(0, 7) + "…" : text;
        });
      }
      copy.legend = { orientation: "h", y: -0.25, x: 0, font: { size: 11 } };
    }
    return copy;
  }

  // A legend's entry as lines of at most LEGEND_LINE, in widths of an average letter, broken between words.
  // Beside a wide chart the legend stands at its right, as wide as its longest entry: a player's name (40
  // characters at most) keeps one line, a longer sentence of ours is broken (Polish "Trzecia karta koloru: …",
  // 80 characters, ran past the chart's edge at 1366 px, cut), and so is a name of 40 wide letters ("W" × 40).
  var LEGEND_LINE = narrow ? 30 : 40;
  var UNIT = /&(#\d+|[a-z]+);|[\s\S]/gi;  // a letter as it shows: "&lt;" is one
  function letterWidth(letter) {
    return /^[ilj.,:;'|!ftrI ]$/.test(letter) ? 0.5 : /^[MW@mw]$/.test(letter) ? 1.5 : /^[A-Z]$/.test(letter) ? 1.2 : 1;
  }
  function seen(text) {
    return (text.match(UNIT) || []).reduce(function (sum, letter) { return sum + letterWidth(letter); }, 0);
  }
  // A word wider than a line (an e-mail address, "W" × 40) is cut into lines of its own, never inside "&lt;".
  function pieces(word) {
    var found = [""];
    var width = 0;
    (word.match(UNIT) || []).forEach(function (letter) {
      if (width + letterWidth(letter) > LEGEND_LINE) {
        found.push("");
        width = 0;
      }
      found[found.length - 1] += letter;
      width += letterWidth(letter);
    });
    return found;
  }
  function wrapped(name) {
    var lines = [""];
    name.split(" ").forEach(function (word) {
      pieces(word).forEach(function (piece, index) {
        var last = lines[lines.length - 1];
        if (last && (index > 0 || seen(last + " " + piece) > LEGEND_LINE)) {
          lines.push(piece);
        } else {
          lines[lines.length - 1] = last ? last + " " + piece : piece;
        }
      });
    });
    return lines.join("<br>");
  }

  // A legend's long entry is wrapped. On a phone, labelled squares do not fit side by side either: they are
  // plain, smaller markers.
  function slim(trace) {
    var copy = typeof trace.name === "string" && seen(trace.name) > LEGEND_LINE ?
      Object.assign({}, trace, { name: wrapped(trace.name) }) : trace;
    if (!narrow || copy.mode !== "markers+text" || !copy.marker) {
      return copy;
    }
    copy = JSON.parse(JSON.stringify(copy));
    copy.mode = "markers";
    copy.marker.size = Math.round((copy.marker.size || 12) * 0.6);
    return copy;
  }

  // The board's scripts, in their order, as soon as the page is parsed (their placeholders follow the charts).
  function startBoard() {
    var run = function () {
      Array.prototype.forEach.call(document.querySelectorAll("script[data-after-charts]"), function (placeholder) {
        var script = document.createElement("script");
        script.src = placeholder.getAttribute("data-after-charts");
        script.async = false;  // run in the order they were written
        document.body.appendChild(script);
      });
    };
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", run);
    } else {
      run();
    }
  }

  /*
   * Draws every figure into its #chart-<name> element. moments.steps() are the moments (empty until they have
   * loaded), moments.at(x) the index of the moment at x on the timeline charts (or -1), moments.find(id)
   * that of a moment's id; pick(index) is called on a click. Returns mark(x), a band on the timeline charts
   * at x (none for null), and tell(), which gives the "story" traces their text once the moments are there.
   */
  function draw(figures, moments, pick) {
    var timelineCharts = [];
    var drawnCharts = [];
    var markedX = null;
    var pending = 0;

    function stories(trace) {
      return trace.x.map(function (x) {
        var moment = moments.steps()[moments.at(x)];
        return moment ? "<b>" + escaped(moment.status) + "</b><br>" + escaped(moment.story) : "";
      });
    }

    function storied(trace) {
      if (trace.meta !== "story") {
        return trace;
      }
      var copy = Object.assign({}, trace);
      copy.hovertext = stories(trace);
      copy.hovertemplate = STORY;
      return copy;
    }

    function tell(element, figure) {
      figure.data.forEach(function (trace, index) {
        if (trace.meta === "story") {
          Plotly.restyle(element, { hovertext: [stories(trace)], hovertemplate: STORY }, [index]);
        }
      });
    }

    function band(chart) {
      var shapes = chart.baseShapes.slice();
      if (typeof markedX === "number") {
        shapes.push({
          type: "rect", xref: "x", yref: "paper", x0: markedX - 0.5, x1: markedX + 0.5, y0: 0, y1: 1,
          fillcolor: SELECTED, opacity: 0.14, layer: "below", line: { color: SELECTED, width: 1.5, dash: "dot" }
        });
      }
      Plotly.relayout(chart.element, { shapes: shapes });
    }

    // A chart drawn or failed: once none is left, the benchmark's mark (make bench) and the board's scripts.
    function settled() {
      pending -= 1;
      if (pending === 0) {
        if (window.performance && performance.mark) {
          performance.mark("charts-drawn");
        }
        startBoard();
      }
    }

    function drawOne(name) {
      var element = document.getElementById("chart-" + name);
      var figure = figures[name];
      var timeline = element.hasAttribute("data-timeline");
      // Until the moments arrive a story has no text: such traces are drawn as sent, and told later.
      var told = moments.steps().length > 0;
      var data = figure.data.map(function (trace) { return slim(told ? storied(trace) : trace); });
      Plotly.newPlot(element, data, fitted(figure.layout), config).then(function () {
        element.setAttribute("data-rendered", "true");
        // the figure is named by its label; its drawing (ticks, legend) would be read out as loose words, while
        // the toolbar's buttons stay reachable (a role of "img" would have hidden them from a screen reader)
        Array.prototype.forEach.call(element.querySelectorAll("svg.main-svg"), function (svg) {
          svg.setAttribute("aria-hidden", "true");
        });
        element.parentNode.classList.add("is-drawn");
        drawnCharts.push({ element: element, figure: figure });
        if (!told && moments.steps().length) {  // they arrived while this chart was being drawn
          tell(element, figure);
        }
        // A point names its moment by customdata (a step id, or an x of the timelines); on a timeline its x does.
        element.on("plotly_click", function (event) {
          tapped(event, element);
          var point = event && event.points && event.points[0];
          var picked = point && (point.customdata !== undefined ? point.customdata : timeline ? point.x : undefined);
          if (picked !== undefined && picked !== null) {
            pick(typeof picked === "string" ? moments.find(picked) : moments.at(Math.round(Number(picked))));
          }
        });
        if (timeline) {
          var chart = { element: element, baseShapes: (figure.layout.shapes || []).slice() };
          timelineCharts.push(chart);
          if (markedX !== null) {
            band(chart);
          }
        }
      }).then(settled, function (error) { failed(name, error); });
    }

    // A chart's place says it could not be drawn (style.css), instead of "Drawing the chart…" for good.
    function unshown(name) {
      document.getElementById("chart-" + name).parentNode.classList.add("is-failed");
    }

    function failed(name, error) {
      unshown(name);
      settled();
      console.error("chart " + name + " could not be drawn", error);
    }

    var names = Object.keys(figures).filter(function (name) { return document.getElementById("chart-" + name); });
    pending = names.length;
    if (typeof Plotly === "undefined" || pending === 0) {
      names.forEach(unshown);
      startBoard();  // nothing to wait for: plotly.js did not load, or the page has no charts
    } else {
      names.forEach(function (name) {
        try {
          drawOne(name);
        } catch (error) {  // a figure plotly refuses outright must not keep the board from starting
          failed(name, error);
        }
      });
    }

    return {
      mark: function (x) {
        markedX = typeof x === "number" ? x : null;
        timelineCharts.forEach(band);
      },
      tell: function () {
        drawnCharts.forEach(function (chart) { tell(chart.element, chart.figure); });
      }
    };
  }

  // Drawn as soon as this script runs, right after the charts' places (the page's long list is not parsed yet,
  // so plotly lays out a short page); app.js connects the moments and the clicks once it runs.
  var block = document.getElementById("figures");
  var source = null;  // {moments, pick}, from app.js
  var none = { steps: function () { return []; }, at: function () { return -1; }, find: function () { return -1; } };
  function moments() {
    return source ? source.moments : none;
  }
  var drawn = draw(block ? JSON.parse(block.textContent) : {}, {
    steps: function () { return moments().steps(); },
    at: function (x) { return moments().at(x); },
    find: function (id) { return moments().find(id); }
  }, function (index) {
    if (source) {
      source.pick(index);
    }
  });

  // plotly reads a tap on a point as its click at once; the browser's own click follows, at the same place of
  // the screen, once the finger is up. A phone by then has scrolled the board into view (app.js), and that
  // click would open whatever now lies under the finger (a key moment's link): it is not the reader's, and
  // neither is any click outside the chart in the moment after a tap.
  function tapped(event, chart) {
    var original = event && event.event;
    if (!original || !/^touch/.test(original.type || "")) {
      return;
    }
    var swallow = function (click) {
      if (!chart.contains(click.target)) {
        click.preventDefault();
        click.stopPropagation();
      }
    };
    window.addEventListener("click", swallow, true);
    window.setTimeout(function () { window.removeEventListener("click", swallow, true); }, 700);
  }

  window.CardReplay = window.CardReplay || {};
  // connect(moments, pick): the moments as draw() takes them and what a click picks; returns {mark, tell}.
  // tapped(event, chart): after a tap on a point of chart, the browser's click goes nowhere (analysis.js too).
  window.CardReplay.charts = {
    connect: function (found, pick) {
      source = { moments: found, pick: pick };
      return drawn;
    },
    tapped: tapped
  };
})();
