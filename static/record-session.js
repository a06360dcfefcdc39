/*
 * The recorder's sessions: starting a draft from the setup form, listing the drafts kept in this browser
 * (continue or discard), reopening the one a reload interrupted (#draft=ID), continuing an unfinished log
 * (pasted, a file, or this site's own ?log= address), and the end: the score sheet's claims written into
 * the log, then stored through the upload form (CSRF token and limits as any upload) or downloaded.
 * The list follows what other tabs of this browser save, and discards only a draft as it was listed.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var play = window.RecordPlay;
  var root = document.getElementById("recorder");
  if (!root || !play) {
    return;
  }
  var setups = window.RecordSetup.setups;
  var text = window.RecordSetup.text;
  var $ = window.RecordSetup.byId;
  var drafts = new core.Drafts(window.localStorage);

  function gameOf(log) {
    var name = log && log.game;
    var found = Object.keys(setups).filter(function (id) {
      return setups[id].games.indexOf(name) >= 0;
    });
    return found.length ? found[0] : null;
  }

  // A new draft from a setup log, or from a stored or unfinished log (`opened`: its steps stay its setup), once
  // the server says a game can start from it.
  function begin(log, title, opened, onProblem) {
    var game = gameOf(log);
    return core.post(root.dataset.choices, log, text.offline).then(function (reply) {
      if (reply.status !== 200 || !game) {
        throw core.refused(reply, text.server_problem);
      }
      var draft = { version: 1, id: core.newDraftId(), game: game, title: title, setup: log, steps: [],
        claims: window.RecordSheet.claimsOf(log, setups[game]), created: new Date().toISOString(), opened: opened };
      drafts.save(draft);
      return play.open(draft, opened ? core.format(text.opened, { title: title }) : "");
    }).catch(function (error) {
      onProblem(error.message);
    });
  }

  document.addEventListener("record:setup", function (event) {
    var built = event.detail;
    begin(built.log, built.title, false, window.RecordSetup.showProblem);
  });

  function listDrafts() {
    var list = $("rec-draft-list");
    list.textContent = "";
    var found = drafts.list();
    found.forEach(function (draft) {
      var item = document.createElement("li");
      item.className = "rec-draft";
      var title = document.createElement("strong");
      title.textContent = draft.title;
      title.id = "rec-draft-" + draft.id;
      var about = document.createElement("span");
      about.className = "hint";
      var setup = setups[draft.game];
      about.textContent = core.format(text.draft_summary, { game: setup ? setup.name : draft.game,
        players: (draft.setup.players || []).join(", "), steps: draft.steps.length,
        updated: new Date(draft.updated).toLocaleString(document.documentElement.lang || undefined) });
      var resume = document.createElement("button");
      resume.type = "button";
      resume.className = "rec-button";
      resume.dataset.resume = draft.id;
      resume.textContent = text.resume;
      var discard = document.createElement("button");
      discard.type = "button";
      discard.className = "rec-button rec-danger";
      discard.dataset.discard = draft.id;
      discard.textContent = text.discard;
      // each button named with its game's title ("Continue Friday at the club"), not "Continue" once a game
      [resume, discard].forEach(function (button, index) {
        button.id = title.id + (index ? "-discard" : "-resume");
        button.setAttribute("aria-labelledby", button.id + " " + title.id);
      });
      item.appendChild(title);
      item.appendChild(about);
      item.appendChild(resume);
      item.appendChild(discard);
      list.appendChild(item);
    });
    $("rec-drafts").hidden = !found.length;
  }

  $("rec-draft-list").addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) {
      return;
    }
    if (button.dataset.resume) {
      var draft = drafts.load(button.dataset.resume);
      if (draft) {
        play.open(draft, core.format(text.restored, { title: draft.title, steps: draft.steps.length }));
      } else {
        listDrafts();  // gone in another tab a moment ago
      }
    } else if (button.dataset.discard) {
      var gone = drafts.load(button.dataset.discard);
      if (gone && window.confirm(core.format(text.discard_confirm, { title: gone.title }))) {
        discard(gone);
      }
    }
  });

  // The draft the person agreed to discard, not one another tab has recorded more steps in while they were
  // asked: those steps were never seen here, and discarding them is no answer they gave.
  function discard(asked) {
    var now = drafts.load(asked.id);  // read once: its title is said below where it has changed
    if (now && now.revision === asked.revision) {
      drafts.remove(asked.id);
    } else if (now) {
      elsewhere(_("“{title}” was changed in another tab meanwhile: it is not discarded; it is listed as it is now.",
        { title: now.title }));
    }
    listDrafts();
  }

  // What another tab did, said above the list (and read out).
  function elsewhere(message) {
    $("rec-elsewhere").textContent = message;
    $("rec-elsewhere").hidden = false;
    $("rec-announce").textContent = message;
    $("rec-elsewhere").scrollIntoView({ block: "nearest" });
  }

  // The game shown here was discarded or stored in another tab (record.js): the list, and what happened.
  document.addEventListener("record:gone", function (event) {
    listDrafts();
    elsewhere(event.detail.message);
  });

  // A draft started, recorded in, discarded or stored in another tab: the list says so at once, the keyboard
  // staying on the button it was on.
  window.addEventListener("storage", function (event) {
    if ($("rec-start").hidden || (event.key !== null && event.key.indexOf(core.DRAFT_PREFIX) !== 0)) {
      return;
    }
    var focused = document.activeElement;
    var kept = focused && $("rec-draft-list").contains(focused) ? focused.id : null;
    listDrafts();
    if (kept && $(kept)) {
      $(kept).focus({ preventScroll: true });
    }
  });

  // -- Continuing a log --------------------------------------------------------------------------------

  function openProblem(message) {
    $("rec-open").open = true;
    $("rec-open-problem").textContent = core.format(text.open_problem, { message: message });
    $("rec-open-problem").hidden = false;
  }

  function continueText(raw) {
    var log;
    try {
      log = JSON.parse(raw);
    } catch (error) {
      openProblem(core.jsonProblem(raw, error, text));
      return;
    }
    var game = setups[gameOf(log)];
    var title = log && log.meta && typeof log.meta.title === "string" && log.meta.title.trim() ? log.meta.title :
      game && Array.isArray(log.players) ? window.RecordSetup.defaultTitle(game.name, log.players) : text.untitled;
    begin(log, title, true, openProblem);
  }

  $("rec-open-button").addEventListener("click", function () {
    var file = $("rec-open-file").files[0];
    if (file) {
      file.text().then(continueText);
    } else {
      continueText($("rec-open-text").value);
    }
  });

  // -- The end ------------------------------------------------------------------------------------------

  function finalLog() {
    var draft = play.current();
    var log = window.RecordSheet.write(core.logOf(draft), draft, setups[draft.game]);
    var meta = log.meta && typeof log.meta === "object" ? log.meta : {};
    if (typeof meta.title !== "string" || !meta.title.trim()) {
      log.meta = Object.assign({}, meta, { title: draft.title });  // stored under its name, not "Uploaded game"
    }
    return log;
  }

  window.RecordSession = { finalLog: finalLog };

  // The upload page's answer when it stores nothing: its problem and the first findings it lists, in its words.
  function refusal(html, status) {
    var said = new DOMParser().parseFromString(html, "text/html").getElementById("upload-problem");
    if (!said) {
      return core.format(text.server_problem, { message: String(status) });
    }
    var found = Array.prototype.map.call(said.querySelectorAll(".finding"), function (finding) {
      var path = finding.querySelector(".finding-path");
      return (path ? path.textContent + ": " : "") + finding.querySelector(".finding-message").textContent;
    });
    return [said.querySelector("p").textContent].concat(found.slice(0, 3), found.length > 3 ? ["…"] : []).join(" ");
  }

  // Stored through the upload form's own path (its CSRF token, its limits), in the background: once the
  // server answers with the stored game's page, the draft is no game being recorded any more, and leaves the
  // list before that page opens. Refused, the draft stays, and the upload page's problem is said here.
  var storing = false;
  $("rec-validate").addEventListener("click", function () {
    var raw = JSON.stringify(finalLog(), null, 1);
    var limit = Number(root.dataset.maxBytes);
    if (new Blob([raw]).size > limit) {
      play.problem(core.format(text.too_large, { limit: (limit / 1048576).toFixed(1) }));
      return;
    }
    if (storing) {
      return;  // a second tap would store the game twice
    }
    if (!play.inStep(_("Not stored."))) {
      return;
    }
    storing = true;
    var draft = play.current();
    // A file part arrives as written; a text field's line ends would be sent as CR LF, the log grown past its size.
    var body = new FormData($("rec-store"));
    body.append("file", new Blob([raw], { type: "application/json" }), draft.game + "-" + draft.id + ".json");
    fetch($("rec-store").action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        if (response.redirected && /\/games\/[^/]+$/.test(new URL(response.url).pathname)) {
          if (drafts.holds(draft)) {
            drafts.remove(draft.id);  // steps another tab saved while the game was sent stay a game being recorded
          }
          location.assign(response.url);
          return;
        }
        return response.text().then(function (html) {
          play.problem(refusal(html, response.status));
        });
      }, function () {
        play.problem(text.offline);
      }).then(function () {
        storing = false;
      });
  });

  $("rec-download").addEventListener("click", function () {
    var draft = play.current();
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(finalLog(), null, 1)], { type: "application/json" }));
    link.download = draft.game + "-" + draft.id + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
  });

  $("rec-leave").addEventListener("click", function () {
    var left = play.current().id;
    play.close();
    listDrafts();
    $("rec-drafts").scrollIntoView({ block: "start" });
    // the button pressed is gone with the game: the keyboard goes on from the game just left, in the list
    // (where another tab has not discarded it a moment ago)
    var listed = $("rec-draft-list").querySelector("button[data-resume='" + left + "']");
    if (listed) {
      listed.focus({ preventScroll: true });
    }
  });

  // -- Arriving -----------------------------------------------------------------------------------------

  listDrafts();
  var wanted = /^#draft=([0-9a-f]+)$/.exec(location.hash);
  var restored = wanted && drafts.load(wanted[1]);
  if (restored) {
    play.open(restored, core.format(text.restored, { title: restored.title, steps: restored.steps.length }));
  } else if (root.dataset.continue) {
    fetch(root.dataset.continue, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) {
        throw new Error(String(response.status));
      }
      return response.text();
    }).then(continueText).catch(function (error) {
      openProblem(error.message);
    });
  }
})();
