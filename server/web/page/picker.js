// The meld picker of a poker table: the moves that name cards of your hand (draw 2 5, meld 1 3 4, flip 2) are not a
// button each (the draw alone offers dozens); you pick cards on your hand and one button per verb sends the move
// they make, enabled only when that exact command is in you_may. The plain moves (in, call, draw, meld auto...) stay
// buttons, as at a Cosmic Wimpout table.
"use strict";

const CARD_MOVE = /^(draw|meld|flip) \d+(?: \d+)*$/;
const PICK_HELP = {draw: "exchange the cards picked", meld: "expose the cards picked as your meld",
                   flip: "flip the cards picked"};

const picker = {key: null, picked: new Set()};

function pickedCommand(verb) {
  return [verb, ...[...picker.picked].sort((a, b) => a - b)].join(" ");
}

function drawPokerMoves(message) {
  const youMay = message.you_may, game = message.state.game;
  const verbs = [...new Set(youMay.filter(command => CARD_MOVE.test(command)).map(command => command.split(" ")[0]))];
  const key = game && verbs.length ? `${game.hand_number} ${game.phase} ${(game.hand || []).join(" ")}` : null;
  if (key !== picker.key) {  // a new decision: nothing picked yet
    picker.key = key;
    picker.picked.clear();
  }
  const plain = youMay.filter(command => !CARD_MOVE.test(command)).map((command, i) => {
    const made = button(command, command, "move");
    made.title = i < 9 ? `key ${i + 1}` : "";
    return made;
  });
  const picks = verbs.map(verb => {
    const command = pickedCommand(verb);
    const made = button(picker.picked.size ? command : `${verb}: pick cards`, command, "pick");
    made.disabled = !youMay.includes(command);
    made.title = made.disabled && picker.picked.size ? `not a legal ${verb}: pick other cards` : PICK_HELP[verb];
    return made;
  });
  if (picks.length) picks.unshift(element("span", "Pick cards on your hand, then:", "note"));
  $("actions").replaceChildren(...plain, ...picks);
  for (const card of $("hand").querySelectorAll(".card")) pickable(card, verbs.length > 0, message);
}

function pickable(card, on, message) {
  const number = Number(card.querySelector("small").textContent);
  card.classList.toggle("picked", on && picker.picked.has(number));
  if (!on) return;
  card.tabIndex = 0;
  card.setAttribute("role", "button");
  card.setAttribute("aria-pressed", String(picker.picked.has(number)));
  card.onclick = () => {
    if (!picker.picked.delete(number)) picker.picked.add(number);
    drawPokerMoves(message);
  };
  card.onkeydown = event => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();  // not a key of the game's
    card.click();
  };
}
