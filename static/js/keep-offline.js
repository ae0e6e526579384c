/* An answer keeps through a dropped connection: a live class's phone (a quiz answer, a
   table's board entry), a practice question, an assignment's question.

   A form marked data-keep-offline, sent by htmx:
   - what is typed in it is kept on the device (localStorage) as it is typed, and put back
     after a reload (a form that arrives by an htmx swap is not restored by the browser, and
     answer boxes ask it not to with autocomplete="off");
   - sent while offline (htmx's sendError), it is kept, the form says "Not sent yet" (its
     [data-unsent-note]: common/_unsent.html), and it is sent by itself when the connection
     is back: on the browser's "online" event, every few seconds meanwhile, and when a page
     is opened again. The answer is put in place of the form's hx-target, as htmx would.
   The server keeps the first answer to a question, so sending one twice changes nothing.
   Without JavaScript the form posts as ever, and none of this runs. */
(function () {
  "use strict";
  var DRAFT = "draft:";
  var UNSENT = "unsent:";
  var RETRY_MS = 3000;
  var SWAPPED = /^(2..|422)$/;  // as the htmx-config in base.html: a 422 is a form shown again

  function read(key) {
    try { return JSON.parse(window.localStorage.getItem(key)); } catch (e) { return null; }
  }
  function store(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full or off */ }
  }
  function drop(key) {
    try { window.localStorage.removeItem(key); } catch (e) { /* off */ }
  }
  function kept(form) { return form && form.hasAttribute && form.hasAttribute("data-keep-offline"); }
  function fields(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) { pairs.push([name, String(value)]); });
    return pairs;
  }
  // The boxes a person fills in: not the form's token, nor where it leads next.
  function typedBox(box) { return box && box.type !== "hidden"; }

  // -- what is typed survives a reload --------------------------------------------------
  function remember(event) {
    var form = event.target && event.target.form;
    if (kept(form)) { store(DRAFT + form.action, fields(form)); }
  }
  document.addEventListener("input", remember);
  document.addEventListener("change", remember);

  function typedIn(form) {
    return Array.prototype.some.call(form.elements, function (box) {
      if (!typedBox(box) || !box.name) { return false; }
      if (box.type === "radio" || box.type === "checkbox") { return box.checked; }
      return box.tagName !== "BUTTON" && box.type !== "submit" && box.value !== "";
    });
  }

  function restore(form) {
    var draft = read(DRAFT + form.action);
    if (!draft || typedIn(form)) { return; }  // the form came back with what was sent: keep it
    draft.forEach(function (pair) {
      Array.prototype.forEach.call(form.elements, function (box) {
        if (box.name !== pair[0] || !typedBox(box)) { return; }
        if (box.type === "radio" || box.type === "checkbox") {
          if (box.value === pair[1]) { box.checked = true; }
        } else if (box.tagName !== "BUTTON" && box.type !== "submit") {
          box.value = pair[1];
        }
      });
    });
  }

  function showUnsent(form, shown) {
    var note = form.querySelector("[data-unsent-note]");
    if (note) { note.hidden = !shown; }
  }

  function mark(root) {
    (root || document).querySelectorAll("form[data-keep-offline]").forEach(function (form) {
      restore(form);
      showUnsent(form, read(UNSENT + form.action) !== null);
    });
  }

  // -- what was sent offline is sent again --------------------------------------------------
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    // Sent again by hand: this request carries it now (and is kept again if it fails too).
    if (kept(form)) { drop(UNSENT + form.action); }
  });

  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt;
    if (!kept(form)) { return; }
    store(UNSENT + form.action, {
      fields: fields(form),
      target: form.getAttribute("hx-target"),
      swap: form.getAttribute("hx-swap") || "innerHTML"
    });
    store(DRAFT + form.action, fields(form));
    showUnsent(form, true);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    var xhr = event.detail.xhr;
    if (!kept(form) || !xhr || !xhr.status) { return; }
    drop(UNSENT + form.action);  // the server has it (or has said why not)
    if (xhr.status < 300) { drop(DRAFT + form.action); }
  });

  var sending = false;
  function unsentKeys() {
    var keys = [];
    for (var i = 0; i < window.localStorage.length; i++) {
      var key = window.localStorage.key(i);
      if (key && key.indexOf(UNSENT) === 0) { keys.push(key); }
    }
    return keys;
  }

  function sendOne(key) {
    var action = key.slice(UNSENT.length);
    var entry = read(key);
    if (!entry || !entry.fields) { drop(key); return Promise.resolve(); }
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return window.fetch(action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Current-URL": window.location.href }
    }).then(function (response) {
      drop(key);
      if (response.ok) { drop(DRAFT + action); }
      return response.text().then(function (html) {
        // In the form's place, if this page shows it: else the answer is in, and shows
        // wherever its question is opened next.
        var target = entry.target && document.querySelector(entry.target);
        if (target && window.htmx && SWAPPED.test(String(response.status))) {
          window.htmx.swap(target, html, { swapStyle: entry.swap });
        }
      });
    });
  }

  function sendUnsent() {
    var keys;
    try { keys = unsentKeys(); } catch (e) { return; }
    if (sending || !keys.length) { return; }
    sending = true;
    keys.reduce(function (chain, key) {
      return chain.then(function () { return sendOne(key); });
    }, Promise.resolve()).catch(function () {
      /* still offline: kept for the next try */
    }).then(function () { sending = false; });
  }

  window.addEventListener("online", sendUnsent);
  window.setInterval(sendUnsent, RETRY_MS);
  document.addEventListener("htmx:afterSettle", function (event) { mark(event.detail.elt); });
  mark(document);
  sendUnsent();
})();
