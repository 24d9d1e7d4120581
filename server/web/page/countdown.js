// The turn timer's countdown, as a telnet player's status prompt shows it ('4:58 left'): after each table message
// whose move has a clock, the server says in a "timer" message how many seconds it leaves; the page counts down.
"use strict";

const countdown = {table: null, ends: 0, tick: null};

function startCountdown(fields) {
  stopCountdown();
  countdown.table = fields.table;
  countdown.ends = Date.now() + Number(fields.seconds) * 1000;
  showCountdown();
  countdown.tick = setInterval(showCountdown, 1000);
}

function stopCountdown() {
  clearInterval(countdown.tick);
  countdown.tick = null;
  $("countdown").hidden = true;
}

function showCountdown() {
  const left = Math.max(0, Math.ceil((countdown.ends - Date.now()) / 1000));
  const shown = $("countdown");
  shown.hidden = !client.table || String(client.table.table) !== countdown.table;
  shown.textContent = `Turn timer: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
  if (!left) clearInterval(countdown.tick);
}
