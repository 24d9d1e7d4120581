// "Notify me": the browser's notifications of what happens while you are away (your move, a challenge, a game's
// end; '@set notify' chooses). Permission is asked only when the player presses the button, never on load.
"use strict";

const notify = {waiting: null};

function urlBase64(text) {
  const raw = atob((text + "=".repeat((4 - text.length % 4) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, c => c.charCodeAt(0));
}

notify.supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

notify.ask = async () => {
  if (!notify.supported()) {
    say("This browser cannot show notifications from a page.");
    return;
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    say("Notifications are blocked for this page: allow them in the browser's site settings.");
    return;
  }
  const key = await new Promise(resolve => {
    notify.waiting = resolve;
    send("@push key");
  });
  if (!key) return;
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true, applicationServerKey: urlBase64(key)});
    send(`@push subscribe ${JSON.stringify(subscription)}`);
  } catch (error) {
    say(`The browser could not subscribe to notifications: ${error.message}`);
  }
};

// The server's answer to '@push key' (client.js hands every message here first): true if it was that.
notify.message = message => {
  if (message.kind !== "push_key" || !notify.waiting) return false;
  notify.waiting(message.fields.key);
  notify.waiting = null;
  if (!message.fields.key) log(message.text, "push");
  return true;
};

document.getElementById("notify-me").addEventListener("click", () => notify.ask());
