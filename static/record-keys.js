/*
 * The recorder's groups of buttons (a deal's card grid, the steps offered) as one Tab stop each: a hand of 45
 * cards was 45 stops between the typed entry and what lies before it. The stop is the button last moved to,
 * else the first one usable; ← and → move along the group, ↑ and ↓ between its rows where it has some (along
 * it where it has none), Home and End to its ends. A group's buttons may be drawn anew: the keys are wired once,
 * on the group, and settle() names the stop again after each drawing.
 */
(function () {
  "use strict";

  var stops = new WeakMap();  // group → the button last moved to

  function usable(button) {
    return !button.disabled && !button.hidden;
  }

  function buttonsOf(node) {
    return Array.prototype.slice.call(node.querySelectorAll("button"));
  }

  // The group's buttons, row by row (``rows``: a selector of its rows; none: one row).
  function rowsOf(group, rows) {
    return rows ? Array.prototype.map.call(group.querySelectorAll(rows), buttonsOf) : [buttonsOf(group)];
  }

  // Makes ``to`` if usable (else the stop kept, else the first usable button) the group's one stop; returns it,
  // or null where no button is usable.
  function settle(group, to) {
    var all = buttonsOf(group);
    var open = all.filter(usable);
    var kept = open.indexOf(stops.get(group)) >= 0 ? stops.get(group) : open[0] || null;
    var stop = to && usable(to) ? to : kept;
    stops.set(group, stop);
    all.forEach(function (button) {
      button.tabIndex = button === stop ? 0 : -1;
    });
    return stop;
  }

  // The usable button ``key`` leads to from ``from`` (null for another key, or where none lies that way).
  // ``past``: ``from`` was just used up; → then goes back to the last one before it where none follows.
  function neighbour(group, rows, from, key, past) {
    var lines = rowsOf(group, rows);
    var all = [].concat.apply([], lines);
    var at = all.indexOf(from);
    var along = lines.length === 1 ? { ArrowDown: "ArrowRight", ArrowUp: "ArrowLeft" }[key] || key : key;
    if (along === "ArrowRight") {
      return all.slice(at + 1).filter(usable)[0] || (past ? all.slice(0, at).filter(usable).pop() || null : null);
    }
    if (along === "ArrowLeft") {
      return all.slice(0, at).filter(usable).pop() || null;
    }
    if (along === "Home" || along === "End") {
      var open = all.filter(usable);
      return (along === "Home" ? open[0] : open[open.length - 1]) || null;
    }
    if (along !== "ArrowUp" && along !== "ArrowDown") {
      return null;
    }
    var step = along === "ArrowDown" ? 1 : -1;
    var row = lines.findIndex(function (line) { return line.indexOf(from) >= 0; });
    var column = lines[row].indexOf(from);
    for (var next = row + step; next >= 0 && next < lines.length; next += step) {
      var line = lines[next];
      var nearest = line.filter(usable).sort(function (a, b) {
        return Math.abs(line.indexOf(a) - column) - Math.abs(line.indexOf(b) - column);
      })[0];
      if (nearest) {
        return nearest;
      }
    }
    return null;
  }

  // The keys of ``group``, wired once; a button focused by any means becomes its stop.
  function walk(group, rows) {
    group.addEventListener("keydown", function (event) {
      var from = event.target.closest("button");
      var to = from && group.contains(from) && neighbour(group, rows, from, event.key);
      if (to) {
        event.preventDefault();
        settle(group, to).focus();
      }
    });
    group.addEventListener("focusin", function (event) {
      var button = event.target.closest("button");
      if (button && group.contains(button)) {
        settle(group, button);
      }
    });
  }

  window.RecordKeys = {
    walk: walk,
    settle: settle,
    // the button to go on to from ``from``, just used up (null: none is left)
    after: function (group, rows, from) { return neighbour(group, rows, from, "ArrowRight", true); }
  };
})();
