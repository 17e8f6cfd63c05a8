"use strict";
// Keeps a Banker phone page current: /events sends a snapshot of the page's sections on connect and after every
// change; only the sections whose hash changed are replaced. Reconnects by itself and says when it is offline.
(() => {
  const live = document.getElementById("live");
  const url = location.pathname.replace(/\/+$/, "") + "/events";
  let source = null, retry = 0, seen = Date.now();
  const offline = (down) => { live.hidden = !down; document.body.classList.toggle("offline", down); };
  const apply = (snap) => {
    for (const [id, part] of Object.entries(snap.sections)) {
      const el = document.getElementById(id);
      if (el && el.dataset.h !== part.h) {
        const open = [...el.querySelectorAll("details[open]")].map((d) => d.id);  // a deed card stays open
        el.innerHTML = part.html; el.dataset.h = part.h;
        for (const id of open) { const d = document.getElementById(id); if (d) d.open = true; }
      }
    }
    document.title = snap.title;
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
      left.textContent = s > 0 ? `Time left ${Math.floor(s / 3600)}:${two(Math.floor(s % 3600 / 60))}:${two(s % 60)}`
                               : "Time is up";
    }
  }, 1000);
  // a link to a deed's card (#card-boardwalk) opens it
  const opened = () => {
    const d = location.hash && document.getElementById(location.hash.slice(1));
    if (d && d.tagName === "DETAILS") { d.open = true; d.scrollIntoView(); }
  };
  window.addEventListener("hashchange", opened);
  opened();
  connect();
})();
