// The friends panel on the web page (issue 38), folded to one line ("Friends (2 of 3 on)") until opened, so that the
// log keeps its lines: the players you follow, from the 'friends' message (those on first,
// as the server sorts them): whether each is on and at which tables, with buttons offering them a game ('challenge
// NAME', live or by days: their answer comes back in the games list, where a challenge to you has its Accept button)
// and to stop following; a name typed in its form follows someone. Asked for at login, by its refresh button, and
// again when a friend connects or the list changes.
"use strict";

const friendsList = {
  rows: [],

  // A text message: true if the list should be asked for again (a friend connected, one added or removed).
  stale(message) {
    return ["friend_connected", "friends"].includes(message.kind);
  },

  message(message) {
    this.rows = message.friends;
    this.draw();
  },

  draw() {
    const on = this.rows.filter(row => row.online).length;
    $("friends-on").textContent = this.rows.length ? `(${on} of ${this.rows.length} on)` : "";
    const list = $("friends");
    list.replaceChildren();
    if (!this.rows.length) list.append(element("li", "You follow no one yet.", "note"));
    for (const row of this.rows) {
      const count = row.tables.length;
      const where = count ? `, at table${count > 1 ? "s" : ""} ${row.tables.join(", ")}` : "";
      const item = element("li", `${row.name}: ${row.online ? "on" : "not connected"}${where} `,
                           row.online ? "online" : "");
      if (row.online) item.append(button("Challenge", `challenge ${row.name}`, "small-button"));
      item.append(button("Challenge by days", `challenge ${row.name} pace=correspondence`, "small-button"));
      item.append(button("Unfollow", `friend remove ${row.name}`, "small-button"));
      list.append(item);
    }
  },

  start() {
    $("refresh-friends").onclick = () => send("friends");
    $("friend-form").addEventListener("submit", event => {
      event.preventDefault();
      const name = $("friend-name").value.trim();
      if (name) send(`friend add ${name}`);
      $("friend-name").value = "";
    });
  },
};

friendsList.start();  // (deferred after client.js, whose start has run: the page is there)
