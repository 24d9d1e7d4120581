// The games list on the web page (issue 38): your correspondence tables from the 'games' message (those waiting on
// your move first, as the server sorts them; the deadline left and the last move in the server's words), each with a
// button making it your current table ('play N'), and the challenges waiting for an answer with theirs. Asked for at
// login, by its refresh button and after each move at one of them; whose move it is follows each table message at
// once, and the board follows your current table.
"use strict";

const gamesList = {
  rows: [],
  challenges: [],
  current: null,  // the table 'play N' or 'next' made current: the board shows it

  // A text message: true if the list should be asked for again (a correspondence table opened, a challenge).
  stale(message) {
    return ["table_post", "challenge", "challenge_answer"].includes(message.kind);
  },

  message(message) {
    this.rows = message.games;
    this.challenges = message.challenges;
    this.draw();
    if (client.table) drawTable();  // (its status line says the days a move of a correspondence table)
  },

  // A table message: whose move it is at that table now. False if the board should not show it (another of your
  // tables is your current one).
  table(message) {
    const number = message.table, me = client.name;
    const row = this.rows.find(entry => entry.table === number);
    if (!row && message.events.some(event => event.type === "Sat" && event.player === me)) send("games");  // new?
    if (row) {
      row.to_move = message.state.waiting_on;
      row.yours = row.to_move.includes(me);
      this.rows.sort((a, b) => (b.yours - a.yours) || (a.table - b.table));
      this.draw();
      send("games");  // (its deadline and last move, as the server words them)
    }
    const mine = this.rows.some(entry => entry.table === this.current);
    return !(mine && row && number !== this.current);
  },

  // " · 3 days a move" for one of your correspondence tables (the board's status line), else "".
  pace(number) {
    const row = this.rows.find(entry => entry.table === number);
    return row ? ` · ${row.pace_words}` : "";
  },

  draw() {
    const list = $("games");
    list.replaceChildren();
    for (const row of this.rows) {
      const whose = row.yours ? "your move" : row.to_move.length ? `${row.to_move.join(", ")} to move` : "not started";
      const last = row.last_move === null ? "" : `; last move ${row.last_words}`;
      const when = row.to_move.length ? ` (${row.left_words} left${last})` : "";
      const item = element("li", `Table ${row.table}: ${row.title}, ${row.players.join(", ")}; ${whose}${when} `,
                           row.yours ? "yours" : "");
      if (row.table !== this.current) item.append(button("Play", `play ${row.table}`, "small-button"));
      else item.append(element("span", "(on the board)", "note"));
      list.append(item);
    }
    for (const offer of this.challenges) {
      const mine = offer.whom === client.name;
      const item = element("li", mine ? `Challenge ${offer.id} from ${offer.by}: ${offer.options || "Cosmic Wimpout"} `
                                      : `Challenge ${offer.id} to ${offer.whom}: ${offer.options || "Cosmic Wimpout"} `);
      if (mine) item.append(button("Accept", `accept ${offer.id}`, "small-button"));
      item.append(button(mine ? "Decline" : "Withdraw", `decline ${offer.id}`, "small-button"));
      list.append(item);
    }
    $("games-panel").hidden = !this.rows.length && !this.challenges.length;  // (shown once there is something)
  },
};
