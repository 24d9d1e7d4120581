// The web client: the JSON-lines protocol of docs/bots.md over a WebSocket. The server decides everything (the moves
// offered are its "you_may" list); the page draws what it is told and sends the same text commands telnet users type.
"use strict";

const $ = id => document.getElementById(id);
const RETRY_MAX_MS = 15000;
const KEYS = {r: "roll", s: "stop", p: "pass", h: "hint"};
const TALK = new Set(["say", "pose", "page", "whisper"]);
const ARRIVALS = new Set(["connect", "reconnect", "arrive"]);
const DEPARTURES = new Set(["disconnect", "leave"]);

const client = {
  ws: null, hint: null, credentials: null, pending: null, echoTables: false, name: null, farewell: null, retries: 0,
  restarting: false,
  room: null, here: [], tables: new Map(), table: null, aside: [], watching: null, following: true,
};

// -- the connection -----------------------------------------------------------------------------------------------

function connect() {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  client.farewell = null;
  client.ws = new WebSocket(url);
  client.ws.onopen = () => {
    client.retries = 0;
    client.restarting = false;
    showOffline(false);
    setLink(client.credentials ? "logging in…" : "connected", "ok");
    if (client.credentials) send(loginCommand("connect", ...client.credentials));
  };
  client.ws.onmessage = event => receive(JSON.parse(event.data));
  client.ws.onclose = () => {
    if (client.farewell !== null) {
      setLink(`disconnected: ${client.farewell}`, "down", true);
      return;
    }
    const wait = Math.min(RETRY_MAX_MS, 1000 * 2 ** client.retries++);
    const why = client.restarting ? "the server is restarting" : "connection lost";
    setLink(`${why}: reconnecting in ${Math.round(wait / 1000)} s…`, "down");
    lostConnection(wait);  // connection.js: the offline screen, the next try
  };
}

function send(line) {
  if (client.ws && client.ws.readyState === WebSocket.OPEN) client.ws.send(line);
  else say("Not connected: the command was not sent.");
}

function setLink(text, state, offerReconnect) {
  const link = $("link");
  link.textContent = text;
  link.className = `link ${state}`;
  if (offerReconnect) {
    const again = document.createElement("button");
    again.type = "button";
    again.textContent = "Reconnect";
    again.onclick = connect;
    link.append(" ", again);
  }
}

function quoted(word) {
  return /\s/.test(word) ? `"${word}"` : word;
}

function loginCommand(verb, name, password) {
  return `${verb} ${quoted(name)} ${quoted(password)}`;
}

// -- what the server says -----------------------------------------------------------------------------------------

function receive(message) {
  switch (message.type) {
    case "table": onTable(message); break;
    case "error": onError(message); break;
    case "prompt": onPrompt(message); break;
    case "hint": onHint(message); break;
    case "message": onMessage(message); break;
    case "funhouse": onFunhouse(message); break;  // funhouse.js
    case "games": gamesList.message(message); log(message.text, "games"); break;  // gameslist.js
    case "friends": friendsList.message(message); break;  // friendslist.js
    default: if (message.text) log(message.text, message.type);  // a kind of message this page does not know yet
  }
}

function onMessage(message) {
  const {kind, fields, text} = message;
  if (ratings.message(message)) return;  // the leaderboard's answer (ratings.js), drawn there
  if (notify.message(message)) return;  // the push key, for "Notify me" (notify.js)
  if (gamesList.stale(message)) send("games");  // the games list asked for again (gameslist.js)
  if (friendsList.stale(message)) send("friends");  // and the friends panel (friendslist.js)
  if (kind === "welcome") {
    client.credentials = client.pending || client.credentials;
    client.name = fields.name;
    $("me").textContent = fields.name;
    setLink("connected", "ok");
    $("login-screen").hidden = true;
    $("game-screen").hidden = false;
    $("notify-me").hidden = !notify.supported();
    if (client.watching !== null) send(`watch ${client.watching}`);
    send("games");  // the games list (gameslist.js)
    send("friends");  // the friends panel (friendslist.js)
  } else if (kind === "current") {
    gamesList.current = Number(fields.table);
    gamesList.draw();
  } else if (kind === "farewell") {
    client.restarting = fields.restart === "yes";  // a server restarting is tried again
    client.farewell = client.restarting ? null : text;
  } else if (kind === "room") {
    client.room = fields;
    client.here = fields.players ? fields.players.split(", ") : [];
    drawRoom();
    refreshTables();
  } else if (kind === "table_list") {
    client.tables.set(fields.table, fields);
    drawTables();
    if (!client.echoTables) return;  // asked for by the page, not typed
  } else if (kind === "timer") {
    startCountdown(fields);
    return;
  } else if (kind === "table_opened") {
    if (client.table && client.table.closed && String(client.table.table) === fields.table) clearTable();
    refreshTables();
  } else if (kind === "table_closed") {
    client.tables.delete(fields.table);
    if (client.watching === fields.table) client.watching = null;
    if (client.table && String(client.table.table) === fields.table) {
      client.table.closed = true;  // its number may be given to the next table opened: that one is another
      stopCountdown();
      drawTableTools();
    }
    drawTables();
  } else if (ARRIVALS.has(kind) && fields.who && !client.here.includes(fields.who)) {
    client.here.push(fields.who);
    drawRoom();
  } else if (DEPARTURES.has(kind) && fields.who) {
    client.here = client.here.filter(who => who !== fields.who);
    drawRoom();
  }
  log(text, kind);
  if (TALK.has(kind)) announce(text);
}

// The chance of winning of each choice, shown on its button until the table moves on.
function onHint(message) {
  client.hint = message;
  if (client.table && client.table.table === message.table) drawTable();
  log(message.text, "hint");
  announce(message.text);
}

// A secret prompt asks for a password (the page always sends one, so it is only logged); any other prompt is a
// question waiting for an answer ('Leave? (yes/no)' after "Leave the game"): it goes in the log, is read out, and
// the command line takes the answer. (The telnet status prompt is never sent to the page.) It was only shown in the
// note under the command line, below the fold: the button seemed to do nothing.
function onPrompt(message) {
  log(message.text, "prompt");
  if (message.secret) return;
  announce(message.text);
  $("command").focus();
}

function onError(message) {
  if (!client.name) $("login-error").textContent = message.message;
  log(message.message, "error");
  announce(message.message);
}

function onTable(message) {
  const state = message.state;
  if (!gamesList.table(message)) {  // another of your games: listed, logged, not drawn over your current table
    log(message.text, "table");
    return;
  }
  stopCountdown();  // a "timer" message follows if the table's clock runs on
  client.table = message;
  client.hint = null;
  client.tables.set(String(state.table), {table: String(state.table), room: state.room, status: state.status});
  trackAside(message);
  const me = client.name;
  if (state.watchers.includes(me)) client.watching = String(state.table);
  else if (client.watching === String(state.table)) client.watching = null;
  drawTable();
  drawTables();
  log(message.text, "table");
  announce(message.text);
}

// Cubes set aside this turn: the kept cubes of each scoring since the last throw of all five, as many as the state
// says are out of play (after a reconnect the ones not seen are drawn blank).
function trackAside(message) {
  for (const event of message.events) {
    if (event.type === "TurnStarted" || event.type === "TurnResumed" || event.type === "MustThrowAll") client.aside = [];
    else if (event.type === "Thrown" && event.throw.commons.length + (event.throw.sun === null ? 0 : 1) === 5) {
      client.aside = [];
    } else if (event.type === "Scored") {
      const kept = event.scoring.kept;
      client.aside.push(...kept.commons.map(face => ({face, sun: false})));
      if (kept.sun !== null) client.aside.push({face: kept.sun, sun: true});
    }
  }
  const state = message.state;
  const out = state.status === "playing" && state.up ? 5 - state.cubes_left : 0;
  client.aside = client.aside.slice(Math.max(0, client.aside.length - out));
  while (client.aside.length < out) client.aside.unshift({face: null, sun: false});
}

// -- drawing ------------------------------------------------------------------------------------------------------

function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function button(label, command, className) {
  const made = element("button", label, className);
  made.type = "button";
  made.dataset.command = command;
  made.onclick = () => send(command);
  return made;
}

function drawRoom() {
  $("room-title").textContent = client.room ? client.room.name : "Room";
  $("here").textContent = client.here.length ? client.here.join(", ") : "nobody else";
  const exits = $("exits");
  exits.replaceChildren();
  if (client.room && client.room.exits) {
    for (const exit of client.room.exits.split(", ")) exits.append(button(`Go ${exit}`, `go ${exit}`));
  }
  drawTables();
}

function drawTables() {
  const list = $("tables");
  list.replaceChildren();
  const numbers = [...client.tables.keys()].sort((a, b) => a - b);
  for (const number of numbers) {
    const entry = client.tables.get(number);
    const item = element("li", `Table ${number} (${entry.status}, ${entry.room === client.room?.room
      ? "here" : "elsewhere"}) `);
    const table = client.table && !client.table.closed ? client.table : null;
    const state = table && String(table.state.table) === number ? table.state : null;
    const seated = state && state.seats.some(seat => seat.name === client.name);
    if (seated) item.append(element("span", "(your seat)", "note"));
    else if (state && state.watchers.includes(client.name)) item.append(element("span", "(watching)", "note"));
    else if (entry.room === client.room?.room) {
      if (entry.status === "waiting") item.append(button("Sit", `sit ${number}`, "small-button"));
      item.append(button("Watch", `watch ${number}`, "small-button"));
    }
    list.append(item);
  }
  if (!numbers.length) list.append(element("li", "No tables open.", "note"));
}

function drawCubes(target, cubes, className) {
  target.replaceChildren(...cubes.map(cube => cubePicture(cube.face, cube.sun, className)));
}

function scoredCubes(message) {
  const scored = message.events.filter(event => event.type === "Scored").pop();
  if (!scored) return [];
  const kept = scored.scoring.kept;
  return [...kept.commons.map(face => ({face, sun: false})), ...(kept.sun === null ? [] : [{face: kept.sun, sun: true}])];
}

function drawTable() {
  const message = client.table, state = message.state, me = client.name;
  const seated = state.seats.some(seat => seat.name === me);
  const poker = message.game_type === "poker";
  $("no-table").hidden = true;
  for (const id of ["turn", "cubes", "lastlicks", "scores", "proposals", "choice-label", "hint-note"]) {
    $(id).hidden = poker;
  }
  $("poker").hidden = !poker;
  if (poker) {
    $("stop-refusal").textContent = "";
    $("table-title").textContent = `Table ${state.table}: New Cosmic Poker`;
    const waiting = state.game === null ? ` · seated: ${state.seats.map(seat => seat.name).join(", ") || "nobody yet"}` : "";
    $("table-status").textContent = `${state.status}${gamesList.pace(state.table)}${waiting}${seated ? "" : " · you are watching"}` +
      (state.winner ? ` · ${state.winner === me ? "You win!" : state.winner + " wins"}` : "");
    drawPoker(state);
    drawPokerMoves(message);
    drawTableTools();
    $("watchers").textContent = state.watchers.length ? `Watching: ${state.watchers.join(", ")}.` : "";
    return;
  }
  $("table-title").textContent = `Table ${state.table}`;
  const statusWords = {waiting: "waiting for players", playing: "playing", over: "game over"};
  const house = state.house_rules.length ? ` · ${state.house_rules.join(", ")}` : "";
  $("table-status").textContent = `${statusWords[state.status]}${gamesList.pace(state.table)} · goal ${state.goal}` +
    ` · Last Licks ${state.rules.last_licks}${house}${seated ? "" : " · you are watching"}` +
    (state.winner ? ` · ${state.winner === me ? "You win!" : state.winner + " wins"}` : "");

  const lastLicks = $("lastlicks");
  lastLicks.hidden = state.target === null || state.status === "over";
  if (!lastLicks.hidden) {
    const names = state.challengers.map(name => name === me ? "you" : name);
    const who = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0] || "nobody";
    lastLicks.textContent = `Last Licks: ${who} must pass ${state.target} (held by ${state.leader === me
      ? "you" : state.leader}).`;
  }

  const playing = state.status === "playing" && state.up !== null;
  $("turn").hidden = !playing;
  $("cubes").hidden = !playing && !state.last_throw;
  if (playing) {
    $("turn-who").textContent = state.up === me ? "Your turn" : `${state.up}'s turn`;
    $("turn-total").textContent = state.turn_points;
    const clearing = state.clearing.length ? `, clearing ${state.clearing.join(" and ")}s` : "";
    $("turn-cubes").textContent = `${state.cubes_left} cube${state.cubes_left === 1 ? "" : "s"} to throw${clearing}`;
  }
  const scored = scoredCubes(message);
  const thrown = parseThrow(state.last_throw);
  const pictures = thrown.map(cube => {
    const at = scored.findIndex(kept => kept.face === cube.face && kept.sun === cube.sun);
    if (at >= 0) scored.splice(at, 1);
    return cubePicture(cube.face, cube.sun, at >= 0 ? "scored" : "");
  });
  $("thrown").replaceChildren(...pictures);
  drawCubes($("aside"), client.aside, "set-aside");
  const live = playing ? [...Array(state.cubes_left - (state.sun_left ? 1 : 0)).fill({face: null, sun: false}),
    ...(state.sun_left ? [{face: null, sun: true}] : [])] : [];
  drawCubes($("live"), live, "to-throw");
  $("stop-refusal").textContent = state.up === me && state.stop_refusal ? state.stop_refusal : "";

  const actions = $("actions");
  const choices = client.hint ? client.hint.choices : [];  // best first
  const chances = new Map(choices.map(choice => [choice.command, choice.win]));
  actions.replaceChildren(...message.you_may.map((command, i) => {
    const made = button(command, command, "move");
    if (chances.has(command)) {
      const best = choices.length > 1 && command === choices[0].command;
      made.append(element("span", ` ${(chances.get(command) * 100).toFixed(1)}%${best ? " ★ best" : ""}`, "chance"));
      if (best) made.classList.add("best");
    }
    made.title = i < 9 ? `key ${i + 1}` : "";
    return made;
  }));
  $("hint-note").textContent = client.hint && !client.hint.exact ? `Chances: ${client.hint.note}.` : "";
  $("choice-label").hidden = !message.you_may.some(command => /^(keep sun|reroll sun|flash)/.test(command));
  if (state.hints && state.up === me && message.you_may.length && !message.you_may.includes("hint")) {
    actions.append(button("hint", "hint", "hint"));
  }
  drawTableTools();
  drawScores(state);
  $("watchers").textContent = state.watchers.length ? `Watching: ${state.watchers.join(", ")}.` : "";
  drawProposals(state);
}

function drawTableTools() {
  const tools = $("table-tools"), state = client.table.state, me = client.name;
  const seated = state.seats.some(seat => seat.name === me);
  tools.replaceChildren();
  if (client.table.closed || state.status === "over") {
    tools.append(element("span", "This table is closed. Open another from the room panel.", "note"));
    return;
  }
  if (state.status === "waiting" && seated) {
    tools.append(button("Add a house bot", "table bot add"), button("Start", "start"), button("Stand", "stand"));
  } else if (!seated) {
    tools.append(button("Stop watching", `unwatch ${state.table}`));
  } else {
    tools.append(button("Score", `score ${state.table}`), button("Rules", `rules ${state.table}`),
                 button("Leave the game", "leave"));
  }
}

// The table shown was closed and its number given to a new one: the panel is empty until a table message comes.
function clearTable() {
  client.table = null;
  client.hint = null;
  client.aside = [];
  for (const id of ["turn", "cubes", "lastlicks", "scores", "poker", "choice-label"]) $(id).hidden = true;
  $("table-title").textContent = "No table";
  $("no-table").hidden = false;
  for (const id of ["table-status", "stop-refusal", "hint-note", "watchers"]) $(id).textContent = "";
  for (const id of ["actions", "table-tools", "proposals"]) $(id).replaceChildren();
}

function drawScores(state) {
  const body = $("scores").querySelector("tbody");
  $("scores").hidden = !state.seats.length;
  body.replaceChildren(...state.seats.map(seat => {
    const row = element("tr", undefined, [seat.name === client.name ? "mine" : "", seat.name === state.up ? "up" : ""]
      .join(" ").trim());
    row.dataset.player = seat.name;
    const notes = [seat.out ? `out: ${seat.out}` : "", seat.absent ? "away" : "", seat.bot ? "house bot" : "",
                   seat.name === state.up ? "up" : "", seat.name === state.winner ? "winner" : ""].filter(Boolean);
    const name = element("th", seat.name);
    name.scope = "row";
    if (notes.length) name.append(element("span", notes.join(", "), "inline-note"));  // a phone's Note column
    row.append(name, element("td", seat.score), element("td", seat.in_game ? "in" : "not yet"),
               element("td", seat.insurance), element("td", seat.train_wrecks),
               element("td", notes.join(", "), "note-column"));
    return row;
  }));
  ratings.sheet();
}

function drawProposals(state) {
  const box = $("proposals");
  box.replaceChildren(...state.proposals.map(proposal => {
    const item = element("div", `Proposal ${proposal.number} by ${proposal.proposer}: ${proposal.text} `, "proposal");
    item.append(button("Vote yes", `vote yes ${proposal.number}`, "small-button"),
                button("Vote no", `vote no ${proposal.number}`, "small-button"));
    return item;
  }));
}

function refreshTables() {
  client.tables.clear();
  client.echoTables = false;
  send("tables");
}

// -- input --------------------------------------------------------------------------------------------------------

function onKey(event) {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName);
  if (event.key === "Escape" && typing) {
    event.target.blur();
    return;
  }
  if (typing || event.ctrlKey || event.metaKey || event.altKey || $("game-screen").hidden) return;
  if (event.key === "/") {
    event.preventDefault();
    $("command").focus();
  } else if (KEYS[event.key]) {
    send(KEYS[event.key]);
  } else if (/^[1-9]$/.test(event.key)) {
    const move = $("actions").querySelectorAll("button.move")[Number(event.key) - 1];
    if (move) move.click();
  }
}

function init() {
  $("login").addEventListener("submit", event => {
    event.preventDefault();
    const verb = event.submitter && event.submitter.value === "create" ? "create" : "connect";
    const name = $("name").value.trim(), password = $("password").value;
    if (password.startsWith('"') || (password.includes('"') && /\s/.test(password))) {
      $("login-error").textContent = "This password cannot be sent: it starts with a quote, or has quotes and spaces.";
      return;
    }
    $("login-error").textContent = "";
    client.pending = [name, password];
    send(loginCommand(verb, name, password));
  });
  $("command-form").addEventListener("submit", event => {
    event.preventDefault();
    const line = $("command").value;
    if (!line.trim()) return;
    log(`> ${line}`, "echo");
    client.echoTables = line.trim().toLowerCase() === "tables";
    send(line);
    $("command").value = "";
  });
  $("open-form").addEventListener("submit", event => {
    event.preventDefault();
    send(`table open goal=${$("goal").value}`);
  });
  $("refresh-tables").onclick = refreshTables;
  $("refresh-games").onclick = () => send("games");
  document.addEventListener("keydown", onKey);
  followLog();
  connect();
}

document.addEventListener("DOMContentLoaded", init);  // (after every deferred script: a message that comes at once finds ratings.js, notify.js and the lists loaded)
