// The service worker: the page's shell (its HTML, styles, scripts and icons) kept for when the server or the network
// is away, so the page opens and says so; never game state (the WebSocket, /who, /health are not touched). And the
// notifications the server pushes (server/notices): shown, and a click opens the table.
"use strict";

const SHELL = "shell-v3";
const FILES = ["./", "style.css", "cubes.js", "cards.js", "picker.js", "countdown.js", "logview.js", "funhouse.js",
               "client.js", "connection.js", "notify.js", "ratings.js", "gameslist.js", "friendslist.js",
               "funhouse.css", "favicon.svg", "icon-192.png",
               "icon-512.png", "manifest.webmanifest"];
const SHELL_PATHS = new Set(FILES.map(file => new URL(file, self.registration.scope).pathname));

self.addEventListener("install", event => {
  event.waitUntil(caches.open(SHELL).then(cache => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => {
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(name => name !== SHELL).map(name => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// The shell from the network when it answers (a new release is seen at once), else from the cache.
self.addEventListener("fetch", event => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  const shell = event.request.mode === "navigate" ? new URL("./", self.registration.scope).pathname : url.pathname;
  if (!SHELL_PATHS.has(shell)) return;
  event.respondWith(fetch(event.request).then(response => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(SHELL).then(cache => cache.put(shell, copy));
    }
    return response;
  }).catch(() => caches.match(shell)));
});

self.addEventListener("push", event => {
  let notice = {title: "Cosmic Wimpout", body: "", url: "./", tag: "notice"};
  try {
    notice = {...notice, ...event.data.json()};
  } catch (error) {
    notice.body = event.data ? event.data.text() : "";
  }
  event.waitUntil(self.registration.showNotification(notice.title, {
    body: notice.body, tag: notice.tag, data: {url: notice.url}, icon: "icon-192.png", badge: "icon-192.png",
  }));
});

self.addEventListener("notificationclick", event => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url || "./", self.registration.scope);
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(windows => {
    const open = windows.find(win => new URL(win.url).pathname === target.pathname);
    if (open) return open.navigate(target.href).then(win => (win || open).focus());
    return self.clients.openWindow(target.href);
  }));
});
