// The connection as a phone lives it: the shell installed as an app (the service worker, sw.js), the offline screen
// while the server cannot be reached ("your games are kept": they are, on the server), and a reconnect at once when
// the phone wakes (the page shown again) or the network comes back, instead of waiting out the back-off.
"use strict";

const ASLEEP_MS = 30000;  // hidden longer than this (a phone asleep): its socket may be dead though it looks open
const connection = {hiddenAt: null, retry: null};

function showOffline(offline) {
  document.getElementById("offline").hidden = !offline;
}

// Try now, not at the end of the back-off (client.js's connect).
function reconnectNow() {
  if (client.ws && client.ws.readyState !== WebSocket.CLOSED) return;
  clearTimeout(connection.retry);
  client.retries = 0;
  connect();
}

// Called by client.js when the socket closes: the offline screen, and the next try after ``wait`` ms.
function lostConnection(wait) {
  showOffline(true);
  clearTimeout(connection.retry);
  connection.retry = setTimeout(connect, wait);
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") {
    connection.hiddenAt = Date.now();
    return;
  }
  const slept = connection.hiddenAt !== null && Date.now() - connection.hiddenAt > ASLEEP_MS;
  connection.hiddenAt = null;
  if (slept && client.ws && client.ws.readyState === WebSocket.OPEN) client.ws.close();  // onclose reconnects
  else reconnectNow();
});
addEventListener("online", reconnectNow);
if (navigator.connection) navigator.connection.addEventListener("change", reconnectNow);  // Wi-Fi to mobile data
addEventListener("offline", () => showOffline(true));

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(error => console.warn("no service worker:", error.message));
}
