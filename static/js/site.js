// After htmx swaps new content in, move keyboard focus to it, so keyboard and
// screen-reader users land on what changed (the new heading or the feedback).
// Content that stands for a new page (a deal stepped to in place) names it in
// data-page-title, so the window title and history follow.
(function () {
  "use strict";
  function find(root, selector) {
    if (root.matches && root.matches(selector)) { return root; }
    var found = root.querySelector(selector);
    if (!found) {
      var fresh = document.getElementById(root.id);
      found = fresh && fresh.querySelector(selector);
    }
    return found;
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    var root = event.detail.elt;
    if (!root || !root.querySelector) { return; }
    var titled = find(root, "[data-page-title]");
    if (titled) { document.title = titled.getAttribute("data-page-title"); }
    var target = find(root, "[data-autofocus]");
    if (target) { target.focus({ preventScroll: false }); }
  });
})();

// A table wider than the screen scrolls sideways inside .table-scroll. Keyboard users can
// scroll only what they can focus, so the templates make every wrapper a focusable, named
// region (right without JavaScript); here a wrapper that fits leaves the tab order, and
// one that scrolls joins it, after a resize or an htmx swap too; and one that scrolls shows
// a line saying so above it (without JavaScript, shadows at its edges say it: site.css).
(function () {
  "use strict";
  function tableName(box) {
    var table = box.querySelector("table");
    var caption = table && table.querySelector("caption");
    var labelledBy = table && table.getAttribute("aria-labelledby");
    var label = labelledBy && document.getElementById(labelledBy);
    var words = document.body.dataset;
    var text = (caption || label || {}).textContent || words.tableWord || "Table";
    return text.trim() + " " + (words.scrollsSideways || "(scrolls sideways)");
  }
  // A scroller that hides columns says so in sight, just above it.
  function hintFor(box) {
    var hint = box.previousElementSibling;
    if (hint && hint.classList.contains("scroll-hint")) { return hint; }
    hint = document.createElement("p");
    hint.className = "scroll-hint";
    hint.setAttribute("aria-hidden", "true");  // the region's name says it to screen readers
    hint.textContent = document.body.dataset.scrollHint || "Scroll sideways to see every column \u2192";
    box.parentNode.insertBefore(hint, box);
    return hint;
  }
  function markScrollers() {
    document.querySelectorAll(".table-scroll").forEach(function (box) {
      var more = box.scrollWidth > box.clientWidth + 1;
      var hint = more ? hintFor(box) : box.previousElementSibling;
      if (hint && hint.classList.contains("scroll-hint")) { hint.hidden = !more; }
      box.classList.toggle("table-scroll--more", more);
      if (box.scrollWidth > box.clientWidth) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", tableName(box));
      } else if (box.hasAttribute("tabindex")) {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }
  var pending = false;
  function later() {
    if (pending) { return; }
    pending = true;
    window.requestAnimationFrame(function () { pending = false; markScrollers(); });
  }
  markScrollers();
  window.addEventListener("resize", later);
  document.addEventListener("htmx:afterSettle", markScrollers);
})();

/* The teacher's time-zone page offers the device's own zone (Intl). Without scripts the
   list alone is there. */
(function () {
  "use strict";
  var offer = document.querySelector("[data-browser-zone]");
  var select = document.getElementById("id_time_zone");
  if (!offer || !select || !window.Intl) { return; }
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  var known = Array.prototype.some.call(select.options, function (o) { return o.value === zone; });
  if (!zone || !known || select.value === zone) { return; }
  offer.querySelector("[data-browser-zone-name]").textContent = zone;
  offer.hidden = false;
  offer.querySelector("[data-use-browser-zone]").addEventListener("click", function () {
    select.value = zone;
    // Chosen is saved: a teacher who pressed "Use it" and left would otherwise keep UTC.
    if (select.form.requestSubmit) { select.form.requestSubmit(); } else { select.form.submit(); }
  });
})();
