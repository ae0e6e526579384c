// After htmx swaps new content in, move keyboard focus to it, so keyboard and
// screen-reader users land on what changed (the new heading or the feedback).
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function (event) {
    var root = event.detail.elt;
    if (!root || !root.querySelector) { return; }
    var target = root.matches && root.matches("[data-autofocus]") ? root : root.querySelector("[data-autofocus]");
    if (!target) {
      var fresh = document.getElementById(root.id);
      target = fresh && fresh.querySelector("[data-autofocus]");
    }
    if (target) { target.focus({ preventScroll: false }); }
  });
})();
