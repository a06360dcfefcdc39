/*
 * The upload form: says at once, before anything is sent, when a log is over the size limit or when both a
 * file and pasted text are given; the form and what was typed stay as they are, across a change of language too.
 */
(function () {
  "use strict";

  var form = document.querySelector("form.upload-form");
  if (!form) {
    return;
  }
  var limit = Number(form.getAttribute("data-max-bytes"));
  var area = form.querySelector("textarea");

  // The language switch loads the page again: what was pasted goes along, in this tab only, rather than lost
  // (the form was often just refused, its problem to be read in the other language).
  var KEPT = "card-replay-pasted";
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest(".languages a[hreflang]") : null;
    if (link && area.value.trim()) {
      try {
        sessionStorage.setItem(KEPT, area.value);
      } catch (full) {  // storage refused or full: the switch goes on without it
      }
    }
  });
  try {
    var kept = sessionStorage.getItem(KEPT);
    sessionStorage.removeItem(KEPT);
    if (kept && !area.value) {
      area.value = kept;
    }
  } catch (refused) {
  }
  var problem = document.getElementById("form-problem");

  function size(text) {
    // A browser sends a text area's line breaks as CRLF: a pretty-printed log grows by a byte a line.
    return new Blob([text.replace(/\r?\n/g, "\r\n")]).size;
  }

  function megabytes(bytes) {
    var language = document.documentElement.lang || "en";
    var number = window.Intl ? new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
      .format(bytes / 1048576) : (bytes / 1048576).toFixed(1);
    return _("{size} MiB", { size: number });
  }

  form.addEventListener("submit", function (event) {
    var file = form.querySelector("input[type=file]").files[0];
    var text = area.value;
    var message = null;
    if (file && text.trim()) {
      message = _("You chose a file and pasted text: validate one of them (clear the other).");
    } else if (file && file.size > limit) {
      message = _("This file is {size}; logs of up to {limit} are accepted.",
                  { size: megabytes(file.size), limit: megabytes(limit) });
    } else if (size(text) > limit) {
      message = _("The pasted log is {size}; logs of up to {limit} are accepted.",
                  { size: megabytes(size(text)), limit: megabytes(limit) });
    }
    if (message) {
      event.preventDefault();
      problem.textContent = message;
      problem.hidden = false;
      problem.scrollIntoView({ block: "nearest" });
    }
  });
})();
