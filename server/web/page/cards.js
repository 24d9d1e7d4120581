// New Cosmic Poker in the page: your hand as cards (the numbers your moves name), the public state and the score
// sheet, from the table message's state.game (which holds your own hand only). Cube games are drawn by client.js.
"use strict";

const CARD_NAMES = {A: "Attack", C: "Compromise", K: "Kicker", R: "Reinforcement", E: "Edict", F: "Flare"};

function cardPicture(text, number) {
  const kind = text === "?" ? "hidden" : text[0];
  const card = element("span", undefined, `card card-${kind}`);
  card.append(element("span", text === "?" ? "?" : text), element("small", String(number)));
  card.title = text === "?" ? `card ${number}, not yet seen` : `card ${number}: ${CARD_NAMES[kind]} ${text.slice(1)}`;
  return card;
}

function drawPoker(state) {
  const game = state.game;
  $("poker").hidden = game === null;
  if (game === null) return;
  const turned = game.turned.map(card => `${card.card} (${card.purpose})`).join(", ");
  $("poker-public").textContent = `Hand ${game.hand_number}, ${game.phase} · Warp ${game.warp} Lucre · high bet ` +
    `${game.high_bet} · raises left ${game.raises_left} · deck ${game.deck}, discards ${game.discard}` +
    (turned ? ` · turned ${turned}` : "");
  $("hand").replaceChildren(...(game.hand || []).map((text, i) => cardPicture(text, i + 1)));
  $("poker-seats").querySelector("tbody").replaceChildren(...game.seats.map(seat => {
    const row = element("tr", undefined, seat.name === client.name ? "mine" : "");
    const name = element("th", seat.name + (seat.dealer ? " (deals)" : ""));
    name.scope = "row";
    const shown = seat.exposed ? `${seat.exposed.cards.join(" ")}: ${seat.exposed.meld || "no meld"}`
      : seat.shown.join(" ");
    const tokens = `${seat.tokens.home}/${seat.tokens.warp}/${seat.tokens.out}`;
    row.append(name, element("td", seat.lucre), element("td", seat.bases), element("td", tokens),
               element("td", seat.cards), element("td", seat.bet), element("td", seat.state), element("td", shown));
    return row;
  }));
}
