// The log: what the server says, one entry a message, following new lines unless its reader scrolled up; and the
// live region a screen reader speaks from.
"use strict";

const LOG_LIMIT = 400;

function log(text, kind) {
  if (!text) return;
  const entry = element("div", text, `entry ${kind}`);
  const area = $("log");
  area.append(entry);
  while (area.childElementCount > LOG_LIMIT) area.firstElementChild.remove();
  if (client.following) toBottom(area);
}

let scrolledTo = null;  // where the page last scrolled the log itself

function toBottom(area) {
  area.scrollTop = area.scrollHeight;
  scrolledTo = area.scrollTop;
}

// The log follows new lines unless its reader scrolled up; a resize (the window, the panels above it) keeps that.
// The scroll event of the page's own scrolling is not the reader's: it comes later, when the panels above may have
// grown meanwhile (at login), and read then it stopped the log following.
function followLog() {
  const area = $("log");
  area.addEventListener("scroll", () => {
    if (area.scrollTop === scrolledTo) return;
    client.following = area.scrollHeight - area.scrollTop - area.clientHeight < 40;
  });
  new ResizeObserver(() => { if (client.following) toBottom(area); }).observe(area);
}

function say(text) {
  log(text, "local");
  announce(text);
}

// The live region speaks the same words as the server's screen-reader mode (a web session's table text is in it).
function announce(text) {
  const region = $("announce");
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 50);
}
