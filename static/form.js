/*
 * The upload form: says at once, before anything is sent, when a log is over the size limit or when both a
 * file and pasted text are given; the form and what was typed stay as they are.
 */
(function () {
  "use strict";

  var form = document.querySelector("form.upload-form");
  if (!form) {
    return;
  }
  var limit = Number(form.getAttribute("data-max-bytes"));
  var problem = document.getElementById("form-problem");

  function size(text) {
    return new Blob([text]).size;
  }

  function megabytes(bytes) {
    return (bytes / 1048576).toFixed(1) + " MiB";
  }

  form.addEventListener("submit", function (event) {
    var file = form.querySelector("input[type=file]").files[0];
    var text = form.querySelector("textarea").value;
    var message = null;
    if (file && text.trim()) {
      message = "You chose a file and pasted text: validate one of them (clear the other).";
    } else if (file && file.size > limit) {
      message = "This file is " + megabytes(file.size) + "; logs of up to " + megabytes(limit) + " are accepted.";
    } else if (size(text) > limit) {
      message = "The pasted log is " + megabytes(size(text)) + "; logs of up to " + megabytes(limit) + " are accepted.";
    }
    if (message) {
      event.preventDefault();
      problem.textContent = message;
      problem.hidden = false;
      problem.scrollIntoView({ block: "nearest" });
    }
  });
})();
