/* A live class's phone keeps what it sends through a dropped connection.

   A form marked data-keep-offline (a quiz answer, a table's board entry):
   - what is typed in it is kept on the phone (localStorage) as it is typed, and put back
     after a reload (the form arrives by an htmx swap, so the browser cannot restore it);
   - sent while the phone is offline (htmx's sendError), it is kept, the form says
     "Not sent yet", and it is sent by itself when the connection is back: on the browser's
     "online" event, every few seconds meanwhile, and when the page is opened again.
   The server keeps the first answer to a question, so sending one twice changes nothing. */
(function () {
  "use strict";
  var DRAFT = "live-draft:";
  var UNSENT = "live-unsent:";
  var RETRY_MS = 3000;

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

  // -- what is typed survives a reload --------------------------------------------------
  function remember(event) {
    var form = event.target && event.target.form;
    if (kept(form)) { store(DRAFT + form.action, fields(form)); }
  }
  document.addEventListener("input", remember);
  document.addEventListener("change", remember);

  function restore(form) {
    var draft = read(DRAFT + form.action);
    if (!draft) { return; }
    var typed = fields(form).some(function (pair) {
      return pair[0] !== "csrfmiddlewaretoken" && pair[1] !== "";
    });
    if (typed) { return; }  // the form came back with what was sent: keep it
    draft.forEach(function (pair) {
      if (pair[0] === "csrfmiddlewaretoken") { return; }
      var box = form.elements[pair[0]];
      if (!box) { return; }
      if (box.type === "checkbox") { box.checked = true; } else { box.value = pair[1]; }
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
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt;
    if (!kept(form)) { return; }
    store(UNSENT + form.action, fields(form));
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
    var body = new URLSearchParams();
    (read(key) || []).forEach(function (pair) { body.append(pair[0], pair[1]); });
    return window.fetch(action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "HX-Request": "true" }
    }).then(function (response) {
      drop(key);
      if (response.ok) { drop(DRAFT + action); }
      return response.text().then(function (html) {
        var phone = document.getElementById("live-phone");
        if (phone && response.ok && window.htmx) {
          window.htmx.swap(phone, html, { swapStyle: "outerHTML" });
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
