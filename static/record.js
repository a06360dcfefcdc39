/*
 * The recorder at play: asks POST /api/v1/choices what the log so far allows, shows whose turn it is, the
 * table and the findings, and records the step picked (a tap, typed cards + Enter, or a step as JSON).
 * A legal choice carries its own patch; anything else goes through POST /api/v1/apply, and a step that
 * breaks a rule is recorded only after a warning that shows what it breaks. Every step is saved in this
 * browser before anything else happens (record-core.js's Drafts), so a reload or a lost connection loses
 * nothing. A past step can be changed or deleted; the steps after it are applied again, one by one.
 * One draft may be open in several tabs: each follows what another saves, and none writes over steps it has
 * not seen (the end of this file).
 * Text from logs is only ever set with textContent.
 */
(function () {
  "use strict";

  var core = window.RecordCore;
  var root = document.getElementById("recorder");
  var needed = [root, window.RecordSetup, window.RecordTable, window.RecordEntry, window.RecordFill, window.RecordSheet];
  if (needed.some(function (part) { return !part; })) { return; }
  var setups = window.RecordSetup.setups;
  var text = window.RecordSetup.text;
  var $ = window.RecordSetup.byId;
  var finePointer = window.RecordSetup.finePointer;
  var drafts = new core.Drafts(window.localStorage);
  var draft = null;      // the game being recorded
  var answer = null;     // the last answer of /choices
  var editing = null;    // the index of the step being changed, or null
  var pending = null;    // an illegal step waiting for "record it as played"
  var busy = false;
  var stale = false;     // another tab saved this draft (or refused a save here): followed once nothing is under way
  var refusals = [];     // the sentences naming what this tab did not save, said when the game is shown again

  var table = window.RecordTable;
  var entry = window.RecordEntry;

  function announce(message) {
    $("rec-announce").textContent = message;
  }

  function problem(message, retry) {
    $("rec-problem").textContent = message || "";
    $("rec-problem-box").hidden = !message;
    $("rec-retry").hidden = !retry;
    if (message) {
      // the dock scrolls inside when its step is tall (a deal's pickers): the message, at its top, is brought
      // where it is seen, not left scrolled away above the button pressed
      $("rec-problem-box").scrollIntoView({ block: "nearest" });
    }
  }

  // What a press changed nothing by says so where it was pressed (an Undo with nothing to take back); the next
  // step's answer clears it.
  function note(message) {
    $("rec-note").textContent = message || "";
    $("rec-note").hidden = !message;
    if (message) {
      announce(message);
    }
  }

  function post(url, body) {
    return core.post(url, body, text.offline);
  }

  function refused(reply) {
    return core.refused(reply, text.server_problem);
  }

  function setupOf(game) {
    return setups[game] || null;
  }

  function currentLog() {
    return core.logOf(draft, editing === null ? draft.steps.length : editing);
  }

  // -- Showing the game ------------------------------------------------------------------------------

  // a table's step offers no drawn outcome to tap: record-chance.js asks what the table saw
  function drawChoices(choices) {
    entry.drawChoices(answer && answer.chance ? [] : choices, answer, setupOf(draft.game), text);
  }

  function drawSteps() {
    var answered = answer ? draft.steps.slice(0, editing === null ? undefined : editing) : [];  // what answer is about
    var covered = { setup: draft.setup, steps: answered };
    table.drawSteps(draft.steps, editing, text, core.placesOf(covered), answer);
  }

  // Whose step it is, the rules broken so far, and the findings listed: of the log with the score sheet's claims
  // (checkedLog), so a claim written wrong is said as it is typed, not once the game is stored.
  function drawFindings(reply) {
    var errors = (reply.findings || []).filter(function (finding) {
      return finding.severity === "error";
    }).length;
    var status = table.statusLine(reply, text);
    $("rec-status").textContent = errors ? core.format(text.errors_so_far, { status: status, count: errors }) : status;
    table.drawFindings(reply.findings || [], reply.over);
  }

  function show(reply) {
    answer = reply;
    drawFindings(reply);
    table.drawTable(reply.view || {}, reply.to_move, setupOf(draft.game), text);
    drawChoices(reply.choices || []);
    window.RecordFill.draw(reply.chance ? [] : reply.choices || [], setupOf(draft.game), currentLog(), reply);
    window.RecordChance.draw(reply, setupOf(draft.game), currentLog(), (draft.steps[editing] || {}).action);
    entry.drawExample(reply);
    $("rec-unseen").hidden = !reply.may_leave_unseen;
    $("rec-type").hidden = $("rec-record").hidden = Boolean(reply.over);  // nothing is left to type: Undo stays
    $("rec-unseen-note").hidden = !reply.left_unseen;
    // named by its place: the step after it may be the table's too (the next race's discipline)
    $("rec-unseen-note").textContent = reply.left_unseen ? core.format(text.unseen_note, { place: reply.left_unseen_at }) : "";
    drawSteps();
    window.RecordSheet.draw(draft, setupOf(draft.game), text, false);
    $("rec-editing").hidden = editing === null;
    $("rec-editing-text").textContent = editing === null ? "" : core.format(text.editing, { number: editing + 1 });
  }

  // What is acted on next, brought into view once the step has changed (``reveal`` shown first, as far as both
  // fit): the dock scrolls inside a page that scrolls too, and either may leave it out of sight. At the game's
  // end the score sheet the status points to; at a table's step its record button and "Nobody saw it" (the
  // last, below it); else the field being typed in (on a phone, a step typed and entered keeps the focus).
  function bringToAct(reply) {
    var focused = document.activeElement;
    var place = null;
    if (reply.over) {
      place = $("rec-end");
    } else if (!$("rec-chance").hidden) {
      // "Nobody saw it" answers the step at the end, not one being changed
      place = $(editing === null && !$("rec-unseen").hidden ? "rec-unseen" : "rec-chance-record");
    } else if (focused && focused.tagName === "INPUT" && $("rec-dock").contains(focused)) {
      place = focused;
    }
    if (place) {
      place.scrollIntoView({ block: reply.over ? "start" : "nearest" });
    }
  }

  // The log so far with what the score sheet claims written in (record-sheet.js), as it will be stored; while a
  // past step is being changed, the log up to it alone.
  function checkedLog() {
    return editing === null ? window.RecordSheet.write(currentLog(), draft, setupOf(draft.game)) : currentLog();
  }

  // Whether /choices is asked past a table's step left unseen (never while a past step is being changed).
  function askedUnseen() {
    return Boolean(draft.unseen) && editing === null;
  }

  function choicesAddress() {
    return root.dataset.choices + (askedUnseen() ? "?unseen=true" : "");
  }

  // A claim typed: the findings checked again, the sheet left as it is typed in (refresh would draw it anew).
  var claimsTimer = null;
  function checkClaims() {
    window.clearTimeout(claimsTimer);
    claimsTimer = window.setTimeout(function () {
      if (busy || !answer) {
        return;  // a step under way is checked with the claims once it is answered
      }
      post(choicesAddress(), checkedLog()).then(function (reply) {
        if (reply.status === 200 && !busy) {
          answer.findings = reply.data.findings;
          drawFindings(answer);
        }
      }, function () {});  // offline: the claims are checked with the next step's answer
    }, 400);
  }

  // Ask the server what the log so far allows; the draft is already saved, so a failure loses nothing.
  // A chance step left unseen (draft.unseen) asks for the choices after it.
  function refresh(message, reveal) {
    busy = true;
    note(null);
    root.setAttribute("aria-busy", "true");
    var unseen = askedUnseen();
    return post(choicesAddress(), checkedLog()).then(function (reply) {
      if (reply.status === 422 && unseen) {
        draft.unseen = false;  // nothing is left to leave unseen (the log changed under it): ask again
        if (!save()) {
          return;
        }
        busy = false;
        return refresh(message, reveal);
      }
      if (reply.status !== 200) {
        throw refused(reply);
      }
      problem(null);
      show(reply.data);
      if (reveal) {
        $(reveal).scrollIntoView({ block: "nearest" });  // the place to act, where the eye is
        bringToAct(reply.data);
      }
      announce([message, $("rec-status").textContent].filter(Boolean).join(" "));
    }).catch(function (error) {
      // The choices shown belong to the log before this step: none may be tapped until the server answers.
      answer = null;
      drawChoices([]);
      window.RecordFill.draw([]);
      drawSteps();
      problem(error.message, true);
      announce(error.message);
    }).then(function () {
      busy = false;
      root.removeAttribute("aria-busy");
      root.dataset.steps = String(draft.steps.length);
      followLater();
      var focused = document.activeElement;
      if (answer && finePointer() &&
          (!focused || focused === document.body || $("rec-dock").contains(focused))) {
        placeToAct(answer).focus();  // on a desktop, the next step is entered at once
      }
    });
  }

  // Where the keyboard enters what comes next: the score sheet once the game is over, what the table saw at a
  // table's step (the cards typed for a player's step are refused there), else the typed cards.
  function placeToAct(reply) {
    var field = "input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])";
    if (reply.over) {
      return $("rec-claims-panel").querySelector(field) || $("rec-validate");
    }
    if (!$("rec-chance").hidden) {
      return $("rec-chance-parts").querySelector(field) || $("rec-chance-record");
    }
    return $("rec-type");
  }

  // -- Recording -------------------------------------------------------------------------------------

  // Saved only over the draft as this tab last read or wrote it (record-core.js): where another tab saved
  // since, nothing is written, ``refused`` (the sentence naming what was not saved) is kept to be said, and the
  // game is shown as stored. The caller stops there. Returns whether it was saved.
  function save(refused) {
    if (drafts.save(draft)) {
      return true;
    }
    overtaken(refused);
    return false;
  }

  // Another tab saved the draft since this one read it: ``refused`` is said when the stored draft is shown.
  function overtaken(refused) {
    if (refused) {
      refusals.push(refused);
    }
    answer = null;  // nothing is tapped on the draft left behind until the stored one is shown
    stale = true;
    followLater();
  }

  // What Undo takes back, the latest first (a bounded list): a step added, deleted or changed, and whether the
  // table's step at the end was left unseen then (Undo puts that back too).
  function remember(change) {
    change.unseen = Boolean(draft.unseen);
    draft.changes = (draft.changes || []).concat([change]).slice(-50);
    draft.changed = (draft.changed || 0) + 1;  // counts on past the list's bound: what came after "nobody saw it"
  }

  function record(step) {
    var message = core.format(step.legal ? text.recorded : text.recorded_illegal, { label: step.label });
    if (editing !== null) {
      var at = editing;
      remember({ kind: "replace", index: at, step: draft.steps[at] });
      // a draw at the end left unseen stays so: changing an earlier step is no answer to it
      return replay(at, [step], at + 1, core.format(text.replaced, { number: at + 1 }), draft.unseen,
        _("Step {number} was not changed to {label}.", { number: at + 1, label: step.label }));
    }
    remember({ kind: "add" });
    draft.steps.push(step);
    draft.unseen = false;
    if (!save(_("Not recorded: {label}.", { label: step.label }))) {
      return;
    }
    // whose step is next, back in view: a table's step may have grown the dock past the top of a phone's screen
    return refresh(message, "rec-status");
  }

  // Steps ``from`` on replaced by ``inserted`` and then the old steps from ``resume`` on, each applied
  // again to the log before it (its patch and findings are those of its new place); then the game is shown
  // with ``message``, the table's step at the end left unseen where ``unseen`` says so (an undo); ``refused``
  // says what was not done where another tab saved the draft meanwhile.
  function replay(from, inserted, resume, message, unseen, refused) {
    var kept = draft.steps.slice(0, from).concat(inserted);
    var again = draft.steps.slice(resume);
    var trial = { setup: draft.setup, steps: kept };
    return guarded(function () {
      return again.reduce(function (chain, old) {
        return chain.then(function () {
          return post(root.dataset.apply, { log: core.logOf(trial), action: old.action }).then(function (reply) {
            if (reply.status !== 200) {
              throw refused(reply);
            }
            // worded again where it now stands, in the page's language
            trial.steps.push({ action: old.action, label: reply.data.label || old.label, patch: reply.data.patch,
              legal: reply.data.legal, findings: reply.data.findings });
          });
        });
      }, Promise.resolve()).then(function () {
        draft.steps = trial.steps;
        draft.unseen = Boolean(unseen);  // refresh asks again if nothing is left to leave unseen
        editing = null;
        if (!save(refused)) {
          return;
        }
        return refresh(message);
      });
    });
  }

  function pick(choice) {
    return record({ action: choice.action, label: choice.label, patch: choice.patch, legal: true, findings: [] });
  }

  // A step not among the choices: checked by /apply; recorded at once when legal, else after the warning.
  // While ``work`` runs, nothing else may be recorded (a second tap would be applied to a log about to change).
  function guarded(work) {
    busy = true;
    return work().catch(function (error) {
      problem(error.message);
      announce(error.message);
    }).then(function () {
      busy = false;
      followLater();
    });
  }

  function attempt(action, label) {
    return guarded(function () {
      return post(root.dataset.apply, { log: currentLog(), action: action }).then(function (reply) {
        if (reply.status !== 200) {
          throw refused(reply);
        }
        var step = { action: action, label: reply.data.label || label, patch: reply.data.patch,
          legal: reply.data.legal, findings: reply.data.findings || [] };
        if (step.legal) {
          return record(step);
        }
        warn(step);
      });
    });
  }

  // An action entered by hand, in the State's words however entered: the same choice's label, else /apply's
  // (``label`` only where the State has none).
  function enter(action, label) {
    var same = answer.choices.filter(function (choice) {
      return core.canonical(choice.action) === core.canonical(action);
    });
    return same.length ? pick(same[0]) : attempt(action, label);
  }

  function warn(step) {
    pending = step;
    table.drawWarning(step, text);
    announce(text.illegal_title + ". " + step.findings.map(function (finding) {
      return finding.message;
    }).join(" "));
    // the safe answer first: a card typed wrong and Enter pressed twice records nothing
    $("rec-cancel").focus();
  }

  function closeWarning() {
    pending = null;
    $("rec-warning").hidden = true;
  }

  function undo() {
    if (editing !== null) {
      editing = null;
      refresh();
      return;
    }
    if (draft.unseen && (draft.unseenAfter === undefined || (draft.changed || 0) <= draft.unseenAfter)) {
      draft.unseen = false;
      if (save(_("Not undone: the table's step left unseen."))) {
        refresh(text.unseen_undone, "rec-status");
      }
      return;
    }
    var change = (draft.changes || []).pop();
    if (change) {
      draft.changed = (draft.changed || 1) - 1;
    }
    if (change && change.kind !== "add") {
      // a step deleted or changed: put it back as it was, and check the steps after it again
      var undone = _("Step {number} was not put back as it was.", { number: change.index + 1 });
      if (save(undone)) {
        replay(change.index, [change.step], change.index + (change.kind === "replace" ? 1 : 0),
          _("Step {number} is back as it was; the steps after it were checked again.", { number: change.index + 1 }),
          change.unseen, undone);
      }
      return;
    }
    var last = draft.steps.pop();
    if (!last) {
      // an opened log's steps are its setup here: they are kept, never taken back one by one
      note(draft.opened ? text.nothing_to_undo_opened : text.nothing_to_undo);
      return;
    }
    draft.unseen = Boolean(change && change.unseen);  // a step recorded past a draw nobody saw: still unseen
    if (save(_("Not undone: {label}.", { label: last.label }))) {
      refresh(core.format(text.undone, { label: last.label }), "rec-status");
    }
  }

  function deleteStep(index) {
    remember({ kind: "delete", index: index, step: draft.steps[index] });
    replay(index, [], index + 1, core.format(text.deleted, { number: index + 1 }), draft.unseen,
      _("Step {number} was not deleted.", { number: index + 1 }));
  }

  // What belonged to the game shown: its edit under way, its warning, the steps refused in it.
  function forgetShown() {
    editing = null;
    stale = false;
    refusals = [];
    closeWarning();
  }

  function close() {
    draft = null;
    answer = null;
    forgetShown();
    $("rec-play").hidden = true;
    $("rec-start").hidden = false;
    history.replaceState(null, "", location.pathname + location.search);
  }

  window.RecordPlay = {
    open: function (opened, message) {
      draft = opened;
      forgetShown();
      $("rec-start").hidden = true;
      $("rec-elsewhere").hidden = true;  // what another tab did to a game before is said no more
      $("rec-play").hidden = false;
      $("rec-play-title").textContent = draft.title;
      root.dataset.draft = draft.id;
      if (location.hash !== "#draft=" + draft.id) {
        history.replaceState(null, "", "#draft=" + draft.id);
      }
      window.RecordSheet.draw(draft, setupOf(draft.game), text, true);
      var language = document.documentElement.lang || "en";
      if (draft.steps.length && draft.language !== language) {
        // recorded in another language (or before drafts said which): every step is worded again in this one
        draft.language = language;
        return replay(0, [], 0, message, draft.unseen);
      }
      draft.language = language;
      return refresh(message, "rec-status");
    },
    close: close,
    // Whether this tab holds the draft as stored, before it is stored on the server (record-session.js): a log
    // sent without the steps another tab saved meanwhile would leave them out of the game stored.
    inStep: function (refused) {
      if (drafts.holds(draft)) {
        return true;
      }
      overtaken(refused);
      return false;
    },
    current: function () {
      return draft;
    },
    answer: function () {
      return answer;
    },
    // for the table's steps (record-chance.js) and the cards no legal step plays (record-entry.js)
    busy: function () {
      return busy || !answer;
    },
    enter: function (action, label) {
      if (!busy && answer) {
        enter(action, label);
      }
    },
    problem: problem
  };

  // -- Wiring ----------------------------------------------------------------------------------------

  $("rec-choices").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-choice]");
    if (button && !busy && answer) {
      if (button === document.activeElement && finePointer()) {
        $("rec-type").focus({ preventScroll: true });  // the steps are drawn anew: the keyboard keeps a place
      }
      entry.clear();
      pick(answer.choices[Number(button.dataset.choice)]);
    }
  });
  $("rec-entry").addEventListener("submit", function (event) {
    event.preventDefault();
    var value = $("rec-type").value;
    if (pending && !value.trim()) {
      $("rec-cancel").focus();  // a warning stands: it is answered first, and Enter again records nothing
    } else if (!busy) {
      if (pending) {  // another step typed since: it replaces the one warned about, which is not recorded
        closeWarning();
      }
      entry.clear();
      entry.typed(value);
    }
  });
  $("rec-type").addEventListener("input", function () {
    drawChoices((answer && answer.choices) || []);
  });
  $("rec-type").addEventListener("keydown", function (event) {
    if (event.key === "Backspace" && !event.target.value && !busy) {
      event.preventDefault();
      undo();
    }
  });
  $("rec-undo").addEventListener("click", function () {
    if (!busy) {
      undo();
    }
  });
  $("rec-as-played").addEventListener("click", function () {
    var step = pending;
    closeWarning();
    if (step) {
      record(step);
    }
  });
  // Cancel (or Escape) takes the warning and its buttons away: the keyboard goes back to the place to act
  // (a phone's keyboard is not opened for it).
  function cancelWarning() {
    closeWarning();
    announce(_("Not recorded."));  // the warning read out before is no longer what stands
    var back = answer && answer.chance ? "rec-chance-record" : finePointer() && "rec-type";
    return back && $(back).focus({ preventScroll: true });
  }
  $("rec-cancel").addEventListener("click", cancelWarning);
  $("rec-warning").addEventListener("keydown", function (event) {
    return event.key === "Escape" && cancelWarning();
  });
  $("rec-steps").addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || busy) {
      return;
    }
    if (target.dataset.delete !== undefined) {
      deleteStep(Number(target.dataset.delete));
    } else if (target.dataset.edit !== undefined) {
      editing = Number(target.dataset.edit);
      refresh(core.format(text.editing, { number: editing + 1 }), "rec-editing");
    }
  });
  $("rec-retry").addEventListener("click", function () {
    if (!busy) {
      refresh();
    }
  });
  $("rec-edit-cancel").addEventListener("click", function () {
    editing = null;
    refresh();
  });
  $("rec-unseen").addEventListener("click", function () {
    if (!busy && answer && answer.may_leave_unseen) {
      draft.unseen = true;
      draft.unseenAfter = draft.changed || 0;  // Undo takes it back once the changes since are undone
      if (save(_("The table's step was not left unseen."))) {
        refresh(text.left_unseen, "rec-status");
      }
    }
  });
  ["change", "input"].forEach(function (kind) {  // a select says "change", a box typed in "input"
    $("rec-claims-panel").addEventListener(kind, function () {
      draft.claims = window.RecordSheet.read();
      if (save(_("The score sheet's change was not saved."))) {
        checkClaims();
      }
    });
  });

  // -- Another tab -----------------------------------------------------------------------------------
  // A draft open in two tabs (the same #draft= address) is one game: each tab shows what the other saves as
  // soon as the browser says so (the storage event), and a save here is refused where the other tab saved
  // since (save above). A refused step is not applied again on top of the stored draft: it was picked from
  // the game as this tab showed it (whose turn, which trick, the hand), and on a log that has moved on the
  // same action means another play, one the rules may even allow, that only the table can confirm. So the
  // stored draft is shown and the step is named as not recorded, to be recorded again if it still is to be.

  var followTimer = null;

  // A burst of saves in the other tab (a score typed key by key) is followed once, after it.
  function followLater() {
    if (stale) {
      window.clearTimeout(followTimer);
      followTimer = window.setTimeout(follow, 50);
    }
  }

  function follow() {
    if (!draft || !stale || busy) {
      return;  // busy: the answer under way is for the draft as it was; followed once it is in (refresh, guarded)
    }
    stale = false;
    var stored = drafts.load(draft.id);
    if (!stored) {
      lost();
    } else if (stored.revision !== draft.revision || refusals.length) {
      adopt(stored);
    }
  }

  // What this tab had under way and did not save: the refusals, and a step still waiting for "record it as
  // played" (it was checked against the log as it was).
  function unsaved() {
    var said = refusals;
    refusals = [];
    if (pending) {
      said.unshift(_("Not recorded: {label}.", { label: pending.label }));
      closeWarning();
    }
    return said;
  }

  // The stored draft shown as it is: the steps, whose turn, the steps offered, the score sheet. Its steps stay
  // worded as they were saved (open() words them again in this page's language): rewording them is a save,
  // and two tabs in two languages would reword each other's saves for ever.
  function adopt(stored) {
    var said = unsaved();
    draft = stored;
    editing = null;
    answer = null;
    window.RecordSheet.draw(draft, setupOf(draft.game), text, true);
    said.push(_("This game was changed in another tab: it is shown here as it was saved there."));
    refresh().then(function () {
      var message = said.join(" ");
      if (said.length > 1 && answer) {
        problem(message);  // something done here was not saved: said plainly, where a problem is said
      } else {
        note(message);
      }
      announce([message, $("rec-status").textContent].filter(Boolean).join(" "));
    });
  }

  // Discarded (or stored, or the site's data cleared) in another tab: written back, it would come back as a
  // game being recorded. The list of games is shown instead, with what happened (record-session.js).
  function lost() {
    var said = unsaved();
    said.push(_("“{title}” was stored or discarded in another tab: it is no longer kept in this browser, so " +
      "nothing more is saved here.", { title: draft.title }));
    close();
    document.dispatchEvent(new CustomEvent("record:gone", { detail: { message: said.join(" ") } }));
  }

  window.addEventListener("storage", function (event) {
    // key null: the whole storage cleared; the event never reaches the tab that saved
    if (draft && (event.key === null || event.key === drafts.key(draft.id))) {
      stale = true;
      followLater();
    }
  });
})();
