"use strict";
// Keeps a Banker phone page current: /events sends a snapshot of the page's sections on connect and after every
// change; only the sections whose hash changed are replaced. Reconnects by itself and says when it is offline.
// On a player's page it also sends the request forms (docs/phones.md): each form is checked with the banker's
// laptop as it is filled in (the engine's preview or refusal) and sent with an id of its own, so a retry after a
// dropped connection never asks twice; Send stays disabled until the laptop answered, and what was sent is shown
// at the top of the screen, where the player is, with where it stands. The forms work without this script too (a
// plain form post). Its words come with the page (data-words), in the page's language, and every address it asks
// carries that language (?lang=), so what the laptop answers is in it too.
(() => {
  const live = document.getElementById("live");
  const words = JSON.parse(document.body.dataset.words || "{}");
  const word = (key, values) => (words[key] || "").replace(/\{(\w+)\}/g, (m, k) => (k in (values || {}) ? values[k] : m));
  const lang = "?lang=" + encodeURIComponent(document.documentElement.lang || "");
  const base = document.body.dataset.base || location.pathname.replace(/\/+$/, "");
  const url = base + "/events" + lang;
  let source = null, retry = 0, seen = Date.now();
  const held = {};  // sections not redrawn while the player fills them in, by id
  const offline = (down) => { live.hidden = !down; document.body.classList.toggle("offline", down); };
  const busy = (el) => (el.id === "ask" && el.querySelector("details[open]") !== null)
    || (el.id === "auction" && el.contains(document.activeElement) && document.activeElement.value !== undefined
        && document.activeElement.value !== "");
  const redraw = (el, part) => {  // a deed card the player opened stays open
    const open = [...el.querySelectorAll("details[open][id]")].map((d) => d.id);
    el.innerHTML = part.html; el.dataset.h = part.h;
    for (const id of open) { const d = document.getElementById(id); if (d) d.open = true; }
  };
  const banner = document.getElementById("sent");
  const standing = () => {  // the sent request's status, as the requests section says it now
    if (!banner || banner.hidden || !banner.dataset.id) return;
    const li = [...document.querySelectorAll("#asks li.req")].find((el) => el.dataset.id === banner.dataset.id);
    const tag = li && li.querySelector(".status");
    if (tag) banner.querySelector(".status").textContent = tag.textContent;
  };
  const apply = (snap) => {
    for (const [id, part] of Object.entries(snap.sections)) {
      const el = document.getElementById(id);
      if (!el || el.dataset.h === part.h) continue;
      if (busy(el)) { held[id] = part; continue; }  // never redraw a form being filled in
      redraw(el, part);
      delete held[id];
    }
    document.title = snap.title;
    standing();
  };
  const connect = () => {
    clearTimeout(retry);
    if (source) source.close();
    seen = Date.now();
    source = new EventSource(url);
    source.addEventListener("snapshot", (e) => { seen = Date.now(); offline(false); apply(JSON.parse(e.data)); });
    source.addEventListener("ping", () => { seen = Date.now(); });
    source.onerror = () => {
      offline(true);
      if (source.readyState === EventSource.CLOSED) retry = setTimeout(connect, 5000);
    };
  };
  const stale = () => Date.now() - seen > 45000;  // the server pings every 15 s: a silent link is a dead one
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && (stale() || source.readyState === EventSource.CLOSED)) connect();
  });
  setInterval(() => {
    if (stale()) { offline(true); connect(); }
    const left = document.getElementById("time-left");
    if (left) {
      if (!left.dataset.at) left.dataset.at = Date.now();
      const s = Math.max(0, Math.round(left.dataset.left - (Date.now() - left.dataset.at) / 1000));
      const two = (n) => String(n).padStart(2, "0");
      left.textContent = s > 0 ? word("left", {clock: `${Math.floor(s / 3600)}:${two(Math.floor(s % 3600 / 60))}:${two(s % 60)}`})
                               : word("up");
    }
  }, 1000);
  // a link to a deed's card (#card-boardwalk) opens it
  const opened = () => {
    const d = location.hash && document.getElementById(location.hash.slice(1));
    if (d && d.tagName === "DETAILS") { d.open = true; d.scrollIntoView(); }
  };
  window.addEventListener("hashchange", opened);
  opened();

  // Requests ------------------------------------------------------------------------------------------------
  const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  const say = (form, text, ok) => {
    const p = form.querySelector(".preview");
    if (p) { p.textContent = text; p.className = "preview " + (ok ? "ok" : "refused"); }
  };
  const post = (path, body) => fetch(base + path + lang, {
    method: "POST", body, headers: {"Accept": "application/json"}, credentials: "same-origin",
  });
  const fields = (form) => new URLSearchParams(new FormData(form));
  const sent = (text, id) => {
    if (!banner) return;
    banner.querySelector(".what").textContent = text;
    banner.querySelector(".status").textContent = "";
    banner.dataset.id = id || "";
    banner.hidden = false;
    standing();
  };
  if (banner) banner.querySelector("button").addEventListener("click", () => { banner.hidden = true; });
  let timer = 0, asked = 0;
  const check = async (form) => {
    const mine = ++asked;
    try {
      const r = await post("/preview", fields(form));
      const j = await r.json();
      if (mine === asked) say(form, j.ok ? j.preview : j.refusal, j.ok);
    } catch (e) { if (mine === asked) say(form, word("unreachable"), false); }
  };
  const release = () => {
    for (const [id, part] of Object.entries(held)) {
      const el = document.getElementById(id);
      if (el && !busy(el)) { redraw(el, part); delete held[id]; }
    }
  };
  document.addEventListener("toggle", release, true);
  document.addEventListener("focusout", () => setTimeout(release, 0));
  document.addEventListener("input", (e) => {
    const form = e.target.form;
    if (!form || !form.dataset.form) return;
    clearTimeout(timer);
    timer = setTimeout(() => check(form), 150);
  });
  document.addEventListener("submit", async (e) => {
    const form = e.target;
    if (form.classList.contains("withdraw")) {
      e.preventDefault();
      const id = form.querySelector("[name=withdraw]").value;
      try { await fetch(base + "/requests/" + encodeURIComponent(id) + lang, {method: "DELETE"}); } catch (err) { /* the stream shows it */ }
      return;
    }
    if (form.dataset.bid) {
      e.preventDefault();
      try {
        const r = await post("/bids", fields(form));
        if (r.status === 202) { form.reset(); say(form, word("bid"), true); }
        else say(form, (await r.text()).trim(), false);
      } catch (err) { say(form, word("unreachable"), false); }
      if (document.activeElement) document.activeElement.blur();
      release();
      return;
    }
    if (!form.dataset.form) return;
    e.preventDefault();
    if (!e.submitter || e.submitter.value !== "send") { check(form); return; }
    if (form.dataset.sending) return;  // a second tap while the first is on its way: the same ask, not sent again
    const id = form.querySelector("[name=id]");
    if (!form.dataset.rid) form.dataset.rid = newId();  // kept until the banker's laptop answers: a retry is the same request
    id.value = form.dataset.rid;
    const buttons = [...form.querySelectorAll("button")];
    form.dataset.sending = "1";
    for (const b of buttons) b.disabled = true;  // until the laptop answered
    try {
      const r = await post("/requests", fields(form));
      if (r.status === 202 || r.status === 200) {
        const j = await r.json();
        delete form.dataset.rid;
        form.reset();
        say(form, "", true);
        const details = form.closest("details");
        if (details) details.open = false;
        const what = word(j.already ? "already" : "sent", {what: j.preview || j.summary || j.line});
        sent(j.same ? word("same", {sent: what, same: j.same}) : what, j.id);
        release();
      } else {
        delete form.dataset.rid;
        say(form, (await r.text()).trim(), false);
      }
    } catch (err) {
      say(form, word("again"), false);
    } finally {
      delete form.dataset.sending;
      for (const b of buttons) b.disabled = false;
    }
  });
  connect();
})();
