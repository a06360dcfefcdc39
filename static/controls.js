/*
 * The analysis page's controls: what the reader does to move the board's selected moment (app.js keeps it),
 * and the page's few other buttons.
 *
 * The step buttons and their keys: ← → one moment, Home/End the first and last, ↑/↓ the major moments,
 * PageUp/PageDown the outermost units (rounds), Space plays on; N and P walk the moments holding a finding
 * of the Findings list, as the page's help says (those of the chosen code when the list is filtered by code;
 * in a game with none they say so):
 * the computer's marks have their own list and key moments, and are no finding of the rules. Inside a hypothetical branch (branch.js) ←
 * and → step along the branch instead, and Escape returns to the game. A link to a moment (data-goto) selects it; a form that cannot be undone
 * asks first; "Copy the log" and "Copy link" put the log or the page's address at the selected moment (or the
 * branch shown) on the clipboard. Runs after app.js, whose window.CardReplay.moments it moves.
 */
(function () {
  "use strict";

  var moments = window.CardReplay.moments;

  // The moment's explanation is cut to a few lines in the pinned bar; its button, shown only when something is
  // cut, reads it whole (and the explanations after it, until asked to cut them again).
  var story = document.getElementById("step-story");
  var storyMore = document.getElementById("step-story-more");
  function storyCut() {
    var whole = story.classList.contains("is-whole");
    storyMore.hidden = !whole && story.scrollHeight <= story.clientHeight + 1;
    storyMore.textContent = whole ? storyMore.getAttribute("data-less") : storyMore.getAttribute("data-more");
    storyMore.setAttribute("aria-expanded", String(whole));
  }
  if (story && storyMore) {
    storyMore.addEventListener("click", function () {
      story.classList.toggle("is-whole");
      storyCut();
    });
    document.addEventListener("cardreplay:select", storyCut);
    window.addEventListener("resize", storyCut);
    storyCut();
  }

  function last() {
    return moments.steps().length - 1;
  }

  // ↑/↓: the next major moment that way, else the game's end that way.
  function jump(direction) {
    var steps = moments.steps();
    for (var i = moments.selected() + direction; i >= 0 && i < steps.length; i += direction) {
      if (steps[i].major) {
        return i;
      }
    }
    return direction > 0 ? steps.length - 1 : 0;
  }

  // The outermost unit of a moment: "round-2" of "round-2-trick-3-play-4"; PageUp/PageDown jump by it.
  function outer(id) {
    return id.split("-").slice(0, 2).join("-");
  }

  function jumpOuter(direction) {
    var ids = moments.ids();
    var selected = moments.selected();
    var here = outer(ids[selected] || "");
    var i = selected;
    if (direction > 0) {
      while (i < ids.length - 1 && outer(ids[i]) === here) {
        i += 1;
      }
      return i;
    }
    var start = i;
    while (start > 0 && outer(ids[start - 1]) === here) {
      start -= 1;
    }
    if (start < selected) {
      return start;
    }
    i = start - 1;
    while (i > 0 && outer(ids[i - 1]) === outer(ids[start - 1] || "")) {
      i -= 1;
    }
    return Math.max(i, 0);
  }

  // The moments holding a finding of the Findings list, in game order: those of the chosen code when the list
  // is filtered. Not the computer's marks (analysis.js), which are findings in look only.
  function findingMoments() {
    var found = [];
    document.querySelectorAll(".findings-panel li.finding[data-anchor]").forEach(function (element) {
      if (element.closest("[hidden]")) {
        return;
      }
      var index = moments.find(element.getAttribute("data-anchor"));
      if (index >= 0 && found.indexOf(index) < 0) {
        found.push(index);
      }
    });
    return found.sort(function (a, b) { return a - b; });
  }

  function walkFindings(direction) {
    var found = findingMoments();
    var selected = moments.selected();
    if (!found.length) {
      return selected;
    }
    if (direction > 0) {
      for (var i = 0; i < found.length; i++) {
        if (found[i] > selected) {
          return found[i];
        }
      }
      return found[found.length - 1];
    }
    for (var j = found.length - 1; j >= 0; j--) {
      if (found[j] < selected) {
        return found[j];
      }
    }
    return found[0];
  }

  var MOVES = {
    first: function () { return 0; },
    last: last,
    next: function () { return Math.min(moments.selected() + 1, last()); },
    prev: function () { return Math.max(moments.selected() - 1, 0); },
    up: function () { return jump(-1); },
    down: function () { return jump(1); },
    "round-prev": function () { return jumpOuter(-1); },
    "round-next": function () { return jumpOuter(1); },
    "finding-prev": function () { return walkFindings(-1); },
    "finding-next": function () { return walkFindings(1); }
  };

  function step(where) {
    if (!moments.steps().length) {
      return;
    }
    if (where === "play") {
      moments.play();
      return;
    }
    if (/^finding-/.test(where) && !findingMoments().length) {  // said, where N and P once did nothing at all
      var status = document.getElementById("step-status");
      status.textContent = _("{moment} · no finding to go to", { moment: moments.steps()[moments.selected()].status });
      moments.say([status.textContent]);
      return;
    }
    moments.select(MOVES[where](), true);
  }

  // Inside a hypothetical branch, ← and → (and Prev and Next) step along the branch's line, not the game's.
  function inBranch(where) {
    var branch = window.CardReplay.branch;
    if (!branch || !branch.active() || (where !== "prev" && where !== "next")) {
      return false;
    }
    if (where === "prev") {
      branch.back();
    } else {
      branch.forward();
    }
    return true;
  }

  document.querySelectorAll("button[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      if (inBranch(button.getAttribute("data-step"))) {
        return;
      }
      if (button.getAttribute("data-step") !== "play") {
        moments.pause();
      }
      step(button.getAttribute("data-step"));
    });
  });

  document.querySelectorAll("[data-goto]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      moments.pause();
      moments.select(moments.find(link.getAttribute("data-goto")), true);
      if (!link.closest(".analysis-panel")) {
        moments.reveal();
      }
    });
  });

  // A long list of findings is filtered by code: N and P then walk that code's findings only.
  document.querySelectorAll("[data-finding-filter]").forEach(function (button) {
    button.addEventListener("click", function () {
      var code = button.getAttribute("data-finding-filter");
      document.querySelectorAll("[data-finding-filter]").forEach(function (other) {
        other.setAttribute("aria-pressed", String(other === button));
      });
      document.querySelectorAll(".finding-group[data-code]").forEach(function (group) {
        group.hidden = code !== "" && group.getAttribute("data-code") !== code;
      });
    });
  });

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", ArrowUp: "up",
               ArrowDown: "down", PageUp: "round-prev", PageDown: "round-next", n: "finding-next",
               N: "finding-next", p: "finding-prev", P: "finding-prev", " ": "play" };
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    // Space keeps its meaning on the page's other buttons; on a link or a step button it plays, not scrolls.
    var pressing = event.key === " " && target && target.tagName === "BUTTON" && !target.hasAttribute("data-step");
    var rounds = /^round-/.test(KEYS[event.key] || "") && !document.querySelector("button[data-step=round-next]");
    var branch = window.CardReplay.branch;  // Escape leaves a branch as "Return to the game" does
    if (event.key === "Escape" && !typing && branch && branch.leaveByKey()) {
      event.preventDefault();
      return;
    }
    if (typing || pressing || rounds || event.altKey || event.ctrlKey || event.metaKey || !KEYS[event.key] ||
        !moments.steps().length) {
      return;
    }
    event.preventDefault();
    if (inBranch(KEYS[event.key])) {
      return;
    }
    if (KEYS[event.key] !== "play") {
      moments.pause();
    }
    step(KEYS[event.key]);
  });

  // On a phone the step bar is pinned over the page's foot: the page ends as much higher as the bar is tall,
  // however tall a moment makes it (its reason, the computer's line).
  var bar = document.querySelector(".analysis-panel .stepper");
  if (bar && window.ResizeObserver) {
    new window.ResizeObserver(function () {
      var pinned = window.getComputedStyle(bar).position === "fixed";
      document.body.style.paddingBottom = pinned ? bar.offsetHeight + 16 + "px" : "";
    }).observe(bar);
  }

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
        .then(function (response) {
          if (!response.ok) {  // gone since the page came (deleted): an error is no log to copy
            throw new Error(String(response.status));
          }
          return response.text();
        })
        .then(function (text) { return navigator.clipboard.writeText(text); })
        .then(function () { button.textContent = _("Copied"); },
              function () { button.textContent = _("Copy failed: use Download"); });
    });
  });

  // "Copy link": the address of this page at the selected moment, or of the branch shown (its hash names the plays
  // tried, branch.js); "Link copied" holds until another moment is selected.
  document.querySelectorAll("[data-copy-link]").forEach(function (button) {
    var label = button.textContent;
    document.addEventListener("cardreplay:select", function () { button.textContent = label; });
    button.addEventListener("click", function () {
      var selected = moments.selected();
      var branch = window.CardReplay.branch;
      var address = branch && branch.active() ? window.location.href
        : window.location.href.split("#")[0] + (selected >= 0 ? "#" + moments.ids()[selected] : "");
      navigator.clipboard.writeText(address).then(function () { button.textContent = _("Link copied"); },
                                                  function () { button.textContent = _("Copy failed"); });
    });
  });
})();
