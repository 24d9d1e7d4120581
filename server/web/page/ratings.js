// Ratings on the web page (issue 29): each player's rating on the score sheet, from the messages of a rated game
// (its predicted chances at the start carry everyone's rating, each change comes at the end), and a leaderboard in the
// room panel, drawn from the fields of 'top' and 'top bots' (docs/bots.md, "Ratings in JSON"); its "mine" button
// draws the player's own 'rating' there, each with the skill index and luck of their last rated games (issue 40).
"use strict";

const ASKED_FOR_MS = 5000;

function games(count) {
  return `${count} ${count === "1" ? "game" : "games"}`;
}

const ratings = {
  known: new Map(),  // player -> {rating, provisional, change}
  askedAt: 0,        // when the leaderboard asked for a board: that answer is drawn, not logged

  // A message from the server: true if it was the leaderboard's answer (not to be logged).
  message(message) {
    const {kind, fields} = message;
    if (kind === "rating_chances") {
      for (const [key, value] of Object.entries(fields)) {
        if (!key.startsWith("rating.")) continue;
        const name = key.slice("rating.".length);
        this.known.set(name, {rating: value, provisional: fields[`provisional.${name}`] === "yes", change: null});
      }
      this.sheet();
    } else if (kind === "rating_change") {
      this.known.set(fields.player, {rating: fields.rating, provisional: fields.provisional === "yes",
                                     change: Number(fields.change)});
      this.sheet();
    } else if ((kind === "records" && fields.board) || kind === "rating") {
      if (kind === "rating") this.mine(fields); else this.board(fields);
      const asked = Date.now() - this.askedAt < ASKED_FOR_MS;
      this.askedAt = 0;
      return asked;
    }
    return false;
  },

  // A player's own ratings ('rating'), one line a game and pace: the rating, then the skill index (decision
  // accuracy against the solver) and the luck (points of winning chance the dice gave a game) where judged.
  mine(fields) {
    $("leaderboard-title").textContent = `Ratings of ${fields.player}`;
    const rows = [];
    for (const key of Object.keys(fields)) {
      const found = key.match(/^((?:correspondence\.)?)rating\.(.+)$/);
      if (!found) continue;
      const [, pace, game] = found, at = name => fields[`${pace}${name}.${game}`];
      const shown = `${fields[key]}${at("provisional") === "yes" ? "?" : ""}`;
      let line = `${at("title") || game} ${shown}, ${games(at("games"))}`;
      if (at("skill") !== undefined) {
        const luck = (100 * Number(at("luck"))).toFixed(1);
        line += `; skill ${(100 * Number(at("skill"))).toFixed(1)}%, luck ${luck.startsWith("-") ? "" : "+"}${luck}` +
                ` points a game (last ${at("judged")} judged)`;
      }
      rows.push(element("li", line, "my-rating"));
    }
    $("leaderboard").replaceChildren(...rows);
  },

  // The rating column of the score sheet, for the players whose rating this page was told.
  sheet() {
    for (const row of $("scores").querySelectorAll("tbody tr")) {
      for (const old of row.querySelectorAll(".rating, .inline-rating")) old.remove();
      const known = this.known.get(row.dataset.player);
      row.append(element("td", known ? this.shown(known) : "–", "rating"));
      if (known) row.querySelector("th").append(element("span", `rating ${this.shown(known)}`, "inline-rating"));
    }
  },

  shown({rating, provisional, change}) {
    const sign = change > 0 ? "+" : "";
    return `${rating}${provisional ? "?" : ""}${change === null ? "" : ` (${sign}${change})`}`;
  },

  ask(line) {
    this.askedAt = Date.now();
    send(line);
  },

  board(fields) {
    $("leaderboard-title").textContent = fields.board === "bots" ? "Bots (the ladder)" : "People";
    const rows = [];
    for (let place = 1; fields[`player.${place}`] !== undefined; place++) {
      const provisional = fields[`provisional.${place}`] === "yes" ? "?" : "";
      rows.push(element("li", `${fields[`player.${place}`]} ${fields[`rating.${place}`]}${provisional}, ` +
                              games(fields[`games.${place}`])));
    }
    $("leaderboard").replaceChildren(...(rows.length ? rows : [element("li", "nobody rated yet")]));
  },

  // The panel, added to the room panel when the page loads.
  panel() {
    const heading = element("h3", "Leaderboard ");
    heading.append(button("people", "top", "small-button"), " ", button("bots", "top bots", "small-button"), " ",
                   button("mine", "rating", "small-button"));
    for (const shown of heading.querySelectorAll("button")) {
      const line = shown.dataset.command;
      shown.onclick = () => this.ask(line);
    }
    const title = element("p", "", "note");
    title.id = "leaderboard-title";
    const list = element("ol");
    list.id = "leaderboard";
    list.setAttribute("aria-live", "polite");
    $("room-panel").append(heading, title, list);
  },
};

document.addEventListener("DOMContentLoaded", () => ratings.panel());
