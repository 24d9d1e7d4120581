// Epic Funhouse in the page: each room's board drawn from the "funhouse" message's board (the room's view: what
// the player may see, a face-down coin never shown) - tiles, coins, the die and the pawns - with the moves of its
// "you_may" as buttons (a long list, Slide Jam's, as a list to pick from). The words of the message go to the log
// and the live region: a web session's are the screen reader's. client.js hands each message to onFunhouse.
"use strict";

const FH_SUITS = {S: "Suns", C: "Crowns", A: "Arms", M: "Moons"};
const FH_VALUES = ["null", "ace", "2", "3", "4", "5"];
const FH_TITLES = {"slide-jam": "Slide Jam", "magic-mirror": "Magic Mirror", "catwalk": "Catwalk",
  "barrels": "Roll Out the Barrels", "whack-a-dummy": "Whack-a-Dummy", "trampo-land": "Trampo-Land"};
const FH_STACKS = {T: "Twins", C: "Cousins", D: "Distant", S: "Strangers"};
const FH_BUTTONS_MAX = 30;  // more moves than this are offered as a list to pick from
const FH_COLUMNS = "abcd";
const FH_PEOPLE = {Y: "you", P: "adult", k: "kid", ".": "empty"};

function fhPanel() {
  let panel = $("funhouse");
  if (panel) return panel;
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = "funhouse.css";
  document.head.append(style);
  panel = element("section", undefined, "fh-panel");
  panel.id = "funhouse";
  panel.setAttribute("aria-labelledby", "funhouse-title");
  const title = element("h2", "Funhouse");
  title.id = "funhouse-title";
  const close = element("button", "Hide", "small-button");
  close.type = "button";
  close.onclick = () => { panel.hidden = true; };
  const head = element("div", undefined, "fh-head");
  head.append(title, close);
  const status = element("p", undefined, "fh-status");
  status.id = "funhouse-status";
  const board = element("div", undefined, "fh-board");
  board.id = "funhouse-board";
  const moves = element("div", undefined, "buttons fh-moves");
  moves.id = "funhouse-moves";
  moves.setAttribute("aria-label", "Your Funhouse moves");
  panel.append(head, status, board, moves);
  $("table-panel").prepend(panel);
  return panel;
}

function onFunhouse(message) {
  const panel = fhPanel();
  panel.hidden = false;
  const mine = message.player === client.name;
  const room = message.room ? FH_TITLES[message.room] : "the run is over";
  $("funhouse-title").textContent = `Funhouse run #${message.run}${mine ? "" : ` of ${message.player}`}: ${room}`;
  const scores = Object.entries(message.scores).map(([name, score]) => `${FH_TITLES[name]} ${score}`);
  $("funhouse-status").textContent = (scores.length ? scores.join(" · ") + ` · total ${message.total}` : "") +
    (message.board ? `${scores.length ? " · " : ""}score now ${message.board.points}` : "");
  $("funhouse-board").replaceChildren(...(message.board ? FH_DRAW[message.room](message.board) : []));
  $("funhouse-board").dataset.room = message.room || "";
  $("funhouse-moves").replaceChildren(...fhMoves(mine ? message.you_may : []));
  log(message.text, "funhouse");
  if (mine) announce(message.text);
}

function fhMoves(moves) {
  if (moves.length <= FH_BUTTONS_MAX) return moves.map(move => button(move, `fh ${move}`, "move"));
  const pick = element("select");
  pick.id = "funhouse-pick";
  pick.setAttribute("aria-label", `${moves.length} moves`);
  pick.append(...moves.map(move => Object.assign(element("option", move), {value: move})));
  const go = element("button", "Make this move");
  go.type = "button";
  go.onclick = () => send(`fh ${pick.value}`);
  return [pick, go, button("stop", "fh stop", "move")];
}

// -- pieces -------------------------------------------------------------------------------------------------------

function fhPieceName(text) {
  return `${FH_VALUES[Number(text[0])]} ${FH_SUITS[text[1]] || ""}`.trim();
}

// A tile or a coin (kind "tile" or "coin"): its value big, its suit a letter and a colour; null is a blank face.
function fhPiece(text, kind, extra) {
  const piece = element("span", undefined, `fh-${kind} ${text ? `fh-${text[1]}` : "fh-none"} ${extra || ""}`.trim());
  if (!text) {
    piece.setAttribute("aria-label", "empty");
    return piece;
  }
  if (text === "?") {
    piece.className = `fh-${kind} fh-hidden ${extra || ""}`.trim();
    piece.textContent = "?";
    piece.setAttribute("aria-label", "face down");
    return piece;
  }
  piece.append(element("b", text[0] === "0" ? "\u00b7" : text[0]), element("small", text[1] || ""));
  piece.setAttribute("aria-label", fhPieceName(text));
  piece.title = fhPieceName(text);
  return piece;
}

function fhDie(faces) {
  const die = element("span", undefined, "fh-die");
  die.append(element("b", String(faces[0])), element("small", `N${faces[1]} E${faces[2]}`));
  die.setAttribute("aria-label", `the die: top ${FH_VALUES[faces[0]]}, north ${FH_VALUES[faces[1]]}, east ` +
    `${FH_VALUES[faces[2]]}`);
  return die;
}

// A 4x6 grid (reading order a1 b1 c1 d1 a2 ...), each cell drawn by cell(text, name), with its names round it.
function fhGrid(cells, cell, label) {
  const grid = element("div", undefined, "fh-grid");
  grid.setAttribute("role", "img");
  grid.setAttribute("aria-label", label);
  grid.append(element("span"), ...[...FH_COLUMNS].map(col => element("span", col, "fh-name")));
  for (let row = 0; row < cells.length / 4; row += 1) {
    grid.append(element("span", String(row + 1), "fh-name"));
    for (let col = 0; col < 4; col += 1) {
      const name = `${FH_COLUMNS[col]}${row + 1}`;
      const place = element("span", undefined, "fh-cell");
      place.dataset.cell = name;
      place.append(cell(cells[row * 4 + col], name));
      grid.append(place);
    }
  }
  return grid;
}

function fhRow(label, tiles, kind) {
  const row = element("div", undefined, "fh-row");
  row.append(element("span", label, "fh-label"), ...tiles.map(text => fhPiece(text, kind || "tile")));
  return row;
}

// -- rooms --------------------------------------------------------------------------------------------------------

function fhSlideJam(board) {
  const stack = side => {
    const families = board.stacks[side];
    return fhRow(`${side}: ${families.length} families`, families.length ? [families[families.length - 1].at(-1)] : []);
  };
  return [fhGrid(board.board, text => fhPiece(text, "tile"), "the Slide Jam grid"), stack("L"), stack("R")];
}

function fhMirror(board) {
  if (!board.dealt) return ["L", "R"].map(side => fhRow(`stack ${side} (top last)`, board.stacks[side]));
  const rows = ["U1", "U2", "U3", "mirror", "L1", "L2", "L3"].map(name => name === "mirror"
    ? element("div", "mirror", "fh-mirror") : fhRow(name, board.grid[name]));
  const points = {Twins: 0, Cousins: 1, Distant: 2};
  const pairs = Object.entries(board.pairs).map(([kind, tiles]) =>
    `${kind} ${tiles.length / 2} (${tiles.length / 2 * points[kind]})`).join(" · ");
  return [...rows, element("p", pairs, "fh-note")];
}

function fhCatwalk(board) {
  if (board.phase === "lay" || !board.laid.length) {
    return Object.entries(board.stacks).map(([kind, tiles]) => fhRow(`${FH_STACKS[kind]} (${kind})`, tiles));
  }
  const xs = board.laid.map(([, x]) => x), ys = board.laid.map(([, , y]) => y);
  const left = Math.min(...xs), top = Math.min(...ys);
  const track = element("div", undefined, "fh-track");
  track.setAttribute("role", "img");
  track.setAttribute("aria-label", `the track, ${board.laid.length} tiles`);
  track.style.gridTemplateColumns = `repeat(${Math.max(...xs) - left + 1}, 2.4rem)`;
  const numbers = new Map(board.track.map((tile, i) => [tile, i + 1]));
  const corners = new Set(board.corners);
  for (const [tile, x, y] of board.laid) {
    const number = numbers.get(tile);
    const extra = [number === board.at ? "fh-at" : "", corners.has(number) ? "fh-corner" : ""].join(" ").trim();
    const piece = fhPiece(tile, "tile", extra);
    if (number) piece.dataset.number = String(number);
    piece.style.gridColumn = String(x - left + 1);
    piece.style.gridRow = String(y - top + 1);
    track.append(piece);
  }
  const falls = board.falls.map(([coin, tile]) => `${coin[0]}x${Math.max(Number(tile[0]), 1)}`).join(" ") || "none";
  return [track, fhRow("coins left", board.hand, "coin"),
          element("p", `phase: ${board.phase} · coin on tile ${board.at} · falls: ${falls}` +
            (board.set_aside.length ? ` · set aside ${board.set_aside.join(" ")}` : ""), "fh-note")];
}

function fhBarrels(board) {
  const grid = fhGrid(board.maze, (text, name) => name === board.cell && board.die.length
    ? fhDie(board.die) : fhPiece(text, "coin"), "the barrel maze");
  return [grid, element("p", `die ${board.die.length ? "on " + board.cell : "not placed"} · nearest so far ` +
    `${board.nearest} (${board.steps} steps)`, "fh-note")];
}

function fhWhack(board) {
  const grid = fhGrid(board.maze, (text, name) => name === board.die
    ? fhPiece(text || "?", "coin", "fh-at") : fhPiece(text || "?", "coin"), "the dummies, face down");
  return [grid, element("p", `next: ${board.next || "done"} · penalties ${board.penalties} · move: ` +
    `${board.move || "place the die"}`, "fh-note")];
}

function fhTrampoLand(board) {
  const triangle = element("div", undefined, "fh-triangle");
  triangle.setAttribute("role", "img");
  triangle.setAttribute("aria-label", "the trampolines");
  let number = 1;
  for (let row = 1; row <= 5; row += 1) {
    const line = element("div", undefined, "fh-row fh-trampolines");
    for (let place = 0; place < row; place += 1, number += 1) {
      const piece = board.board[number - 1];
      const spot = element("span", undefined, `fh-trampoline fh-${FH_PEOPLE[piece]}`);
      spot.append(element("b", piece === "." ? "" : piece), element("small", String(number)));
      spot.dataset.number = String(number);
      spot.setAttribute("aria-label", `${number}: ${FH_PEOPLE[piece]}`);
      line.append(spot);
    }
    triangle.append(line);
  }
  return [triangle, element("p", `kids ${board.kids} · adults ${board.adults}` +
    (board.walked ? ` · ${board.walked} walked last` : ""), "fh-note")];
}

const FH_DRAW = {"slide-jam": fhSlideJam, "magic-mirror": fhMirror, "catwalk": fhCatwalk, "barrels": fhBarrels,
  "whack-a-dummy": fhWhack, "trampo-land": fhTrampoLand};
