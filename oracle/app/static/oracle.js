// oracle: what the page does by itself, without the kernel (loaded once by oracle.app.launch).
// 1. A banner while the kernel's websocket is down ("Reconnecting"), gone once it is back:
//    a tap made meanwhile reaches nobody, and an empty panel must not look like the game.
// 2. On a narrow screen (one column), a new roll's result is scrolled into view: the dice,
//    the outcome and the narration (in the result card) are then on one screen.
(function () {
  "use strict";
  if (window.oracleSelf) { return; }  // a second render of this output: already running
  window.oracleSelf = true;
  const NARROW = 900;  // below this width the sheet and journal are under the play column

  // -- 1. the connection -------------------------------------------------------------------
  const banner = document.createElement("div");
  banner.className = "oracle-connection";
  banner.setAttribute("role", "status");
  banner.setAttribute("aria-live", "assertive");
  banner.hidden = true;
  document.body.appendChild(banner);

  function kernel() {
    const app = window.jupyterapp;
    const manager = app && (app.widgetManager || app._widgetManager);
    return manager && (manager.kernel || manager._kernel);
  }

  function show(state) {
    banner.hidden = state === "connected";
    banner.dataset.state = state;
    banner.classList.toggle("oracle-reconnecting", state === "connecting");
    banner.classList.toggle("oracle-disconnected", state === "disconnected");
    banner.textContent = state === "disconnected"
      ? "The connection to the game is lost. Reload the page to play on (the journal keeps every roll)."
      : "Reconnecting to the game… a tap made now does nothing until this goes.";
  }

  let seen = null;  // nothing is said before the kernel was first connected
  let hooked = null;
  function look() {
    const k = kernel();
    if (!k) { return; }
    if (k !== hooked && k.connectionStatusChanged && k.connectionStatusChanged.connect) {
      hooked = k;
      k.connectionStatusChanged.connect(look);
    }
    let state = k.connectionStatus || "connected";
    if (k.status === "dead") { state = "disconnected"; }
    if (state === "connected") { seen = true; }
    if (seen && state !== banner.dataset.state) { show(state); }
  }
  setInterval(look, 500);
  look();

  // -- 2. a new roll on a narrow screen ----------------------------------------------------
  // Only a result the player just asked for is scrolled to (not a journal drawn at load, nor
  // another device's roll): a tap or a key in the last few seconds says they asked.
  let asked = 0;
  function ask() { asked = Date.now(); }
  document.addEventListener("pointerdown", ask, true);
  document.addEventListener("click", ask, true);
  document.addEventListener("keydown", ask, true);
  function card(el) {
    return el.closest(".oracle-result-card") || el.closest(".oracle-answer")
      || el.closest(".widget-html") || el;
  }
  // The card is followed for a few seconds: its outcome and narration arrive after the dice,
  // and the form above it redraws meanwhile, which can move the card or stop a scroll midway.
  let followed = null;
  let until = 0;
  function place(target) {
    const box = target.getBoundingClientRect();
    if (box.height === 0) { return; }
    if (box.top < 0 || box.top > window.innerHeight * 0.35) {
      target.scrollIntoView({ block: "start", behavior: "auto" });
    }
  }
  let lostAt = 0;  // when a lost screen opened: for a while it stays the one followed
  function landed(el) {
    if (window.innerWidth >= NARROW || Date.now() - asked > 8000) { return; }
    if (Date.now() - lostAt < 4000) { return; }
    followed = card(el);
    until = Date.now() + 4000;
    place(followed);
  }
  // Losing Yourself opens its screen above the tabs, a whole form away from the card on a
  // phone: once it opens (after a move), it is the one followed, Fate choice and all.
  let lostOpen = false;
  function lostScreen() {
    const lost = document.querySelector(".oracle-lost-screen");
    const open = !!(lost && lost.offsetParent && lost.textContent.trim());
    if (open && !lostOpen && window.innerWidth < NARROW && Date.now() - asked < 8000) {
      followed = lost;
      until = lostAt = Date.now();
      until += 4000;
      place(lost);
    }
    lostOpen = open;
  }
  // The observer only notes what changed; whatever reads the page's layout (offsetParent, the
  // window's width, a bounding box) waits for the next frame, when the browser lays the page
  // out anyway. Read inside the observer, each batch of changes (a dozen per roll) laid the
  // whole page out again there and then, the first time before the new dice were even drawn.
  let due = null;  // since the last frame: {touched: the followed card changed, found: a result}
  function frame() {
    const now = due;
    due = null;
    lostScreen();
    if (followed && Date.now() < until && now.touched) { place(followed); }
    if (now.found) { landed(now.found); }
  }
  function arrived(records) {  // the first result among the nodes added (no layout read)
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) { continue; }
        const roll = node.matches("[data-roll]") ? node : node.querySelector("[data-roll]");
        if (roll && roll.dataset.roll !== "0") { return roll; }
        const answer = node.closest(".oracle-answer");  // the oracle's answer, below its button
        if (answer && node.textContent.trim()) { return answer; }
      }
    }
    return null;
  }
  new MutationObserver(function (records) {
    const touched = !!followed && Date.now() < until && records.some(function (r) {
      return followed.contains(r.target);
    });
    const found = arrived(records);
    if (due === null) {
      due = { touched: false, found: null };
      window.requestAnimationFrame(frame);
    }
    due.touched = due.touched || touched;
    due.found = found || due.found;
  }).observe(document.body, { childList: true, subtree: true, attributes: true,
                              attributeFilter: ["style"] });
})();
