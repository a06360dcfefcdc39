/*
 * The scripts' words in the reader's language: _("Next play") and _n("{count} card", "{count} cards", n).
 *
 * The page carries its language's catalogue (#script-words, from translations/<lang>/…/scripts.po, empty
 * in English) and <html lang>. A sentence missing from it is shown in English. Parameters are {named},
 * as in the games' own sentences: _("Play {number} of {total}", {number: 3, total: 15}).
 */
(function () {
  "use strict";

  var block = document.getElementById("script-words");
  var catalogue = block ? JSON.parse(block.textContent) : {};
  var language = document.documentElement.lang || "en";
  var rules = window.Intl && Intl.PluralRules ? new Intl.PluralRules(language) : null;
  // gettext numbers a language's plural forms in CLDR's order of categories (Polish: one, few, many).
  var order = ["zero", "one", "two", "few", "many", "other"];

  // Right-to-left letters and the explicit direction marks: text holding any is set apart from the sentence
  // around it (first-strong isolate … pop directional isolate, Unicode's bidi algorithm), so that a Hebrew or
  // Arabic name does not carry the numbers beside it to its side, nor an override reorder the rest.
  var BIDI = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202a-\u202e\u2066-\u2069]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

  function isolated(value) {
    var text = String(value);
    return BIDI.test(text) ? "\u2068" + text + "\u2069" : text;
  }

  function fill(text, params) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && Object.prototype.hasOwnProperty.call(params, name) ? isolated(params[name]) : whole;
    });
  }

  // The language switch keeps the moment the reader stands on (the address's #…), which never reaches the server.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest(".languages a[hreflang]") : null;
    if (link && location.hash && link.getAttribute("href").indexOf("#") < 0) {
      link.setAttribute("href", link.getAttribute("href") + location.hash);
    }
  });

  function form(count, forms) {
    if (!rules) {
      return forms[count === 1 ? 0 : forms.length - 1];
    }
    var categories = rules.resolvedOptions().pluralCategories.slice().sort(function (a, b) {
      return order.indexOf(a) - order.indexOf(b);
    });
    var index = categories.indexOf(rules.select(count));
    return forms[Math.min(Math.max(index, 0), forms.length - 1)];
  }

  window._ = function (text, params) {
    var translated = catalogue[text];
    return fill(typeof translated === "string" && translated ? translated : text, params);
  };

  window._n = function (singular, plural, count, params) {
    var forms = catalogue[singular];
    var chosen = Array.isArray(forms) && forms.length ? form(count, forms) : (count === 1 ? singular : plural);
    var all = { count: count };
    Object.keys(params || {}).forEach(function (name) { all[name] = params[name]; });
    return fill(chosen, all);
  };

  window.isolated = isolated;

  // Numbers as the reader writes them (1 234,5 in Polish, 1.234,5 in Italian).
  window.formatNumber = function (value) {
    return window.Intl ? new Intl.NumberFormat(language).format(value) : String(value);
  };
}());
