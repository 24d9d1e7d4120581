"""Checkable dice (engine.keyedstream, docs/fairness.md): the documented test vectors are what the engine computes, a
game played on keyed dice checks as matching from its export alone, a changed throw, card or draw is named, and a game
rebuilt from its events throws on exactly where it was."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import funhouse, poker, verifying, wimpout
from engine.funhouse import FunRun, KeyedChance
from engine.keyedstream import SCHEME, KeyedStream, SeedError, commitment, player_seed, stream_key
from engine.poker.housebots import cautious_move
from engine.poker.keyedshuffle import KeyedShuffle
from engine.poker.pokergame import PokerGame
from engine.poker.seatview import table_view
from engine.poker.variations import PokerOptions
from engine.wimpout import Game, RuleSet
from engine.wimpout.keyeddice import KeyedDice
from engine.wimpout.strategies import threshold
from support.independentdice import EXPORT_DRAWS

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
SERVER_SEED = "00" * 31 + "01"
SEEDS = ["ann", "bob"]


def dice_record(server_seed: str, seeds: list[str]) -> dict[str, Any]:
    return {"scheme": SCHEME, "commitment": commitment(server_seed), "server_seed": server_seed,
            "seeds": [{"player": f"P{i}", "seed": seed, "made": False} for i, seed in enumerate(seeds)]}


def test_the_documented_test_vectors_are_what_the_engine_computes() -> None:
    text = DOC.read_text()
    first, second = text.split("Server seed `abab")
    stream = KeyedStream.of(SERVER_SEED, SEEDS)
    assert f"| commitment | `{commitment(SERVER_SEED)}` |" in first
    assert f"| stream key | `{stream_key(SERVER_SEED, SEEDS).hex()}` |" in first
    values = re.findall(r"\| `([a-z/0-9-]+)` below (\d+) \| (\d+)", first)
    assert len(values) == 7
    for address, n, value in values:
        assert stream.below(address, int(n)) == int(value), address
    daily = "ab" * 32
    assert commitment(daily) in second and stream_key(daily, []).hex() in second
    shown = re.search(r"`/4` below 6 \| ([\d ]+) \|", second)
    assert shown is not None
    daily_stream = KeyedStream.of(daily, [])
    assert [daily_stream.below(f"funhouse/slide-jam/setup/{i}", 6) for i in range(5)] == \
        [int(v) for v in shown.group(1).split()]


def test_seeds_that_cannot_be_used_are_refused_in_words() -> None:
    with pytest.raises(SeedError, match="1 to 64 printable"):
        player_seed("a\nb")
    with pytest.raises(SeedError, match="1 to 64 printable"):
        player_seed("x" * 65)
    assert player_seed("  My Lucky Seed ") == "My Lucky Seed"
    with pytest.raises(SeedError, match="64 hex digits"):
        commitment("abc")


def test_values_spread_evenly_over_the_faces() -> None:
    stream = KeyedStream.of(SERVER_SEED, SEEDS)
    counts = [0] * 6
    for k in range(6000):
        counts[stream.below(f"x/{k}", 6)] += 1
    assert all(850 < c < 1150 for c in counts)


def wimpout_game(server_seed: str = SERVER_SEED, rules: RuleSet | None = None, stop_after: int | None = None,
                 game: Game | None = None) -> Game:
    """Two threshold bots play on keyed dice (``game``: go on with one rebuilt from its events, on a new source)."""
    holder: list[Game] = [game] if game is not None else []
    dice = KeyedDice(KeyedStream.of(server_seed, SEEDS), lambda: holder[0] if holder else None)
    if game is None:
        holder.append(Game.start(["Ann", "Bob"], rules or RuleSet(goal=300), dice))
    strategy = threshold(150)
    moves = 0
    while not holder[0].is_over and (stop_after is None or moves < stop_after):
        player = holder[0].waiting_on()[0]
        holder[0].apply(player, strategy(holder[0].state, player, holder[0].legal_actions(player)), dice)
        moves += 1
    return holder[0]


def wimpout_export(game: Game) -> dict[str, Any]:
    events = [wimpout.event_to_dict(e) for e in game.events]
    return verifying.export("wimpout", 7, events, dice_record(SERVER_SEED, SEEDS))


def test_a_wimpout_game_on_keyed_dice_checks_and_a_changed_throw_is_named() -> None:
    game = wimpout_game()
    export = json.loads(json.dumps(wimpout_export(game)))
    checked = verifying.verify(export)
    assert checked.matches and "every throw matches" in checked.text, checked.text
    thrown = [i for i, e in enumerate(export["events"]) if e["type"] == "Thrown"]
    changed = export["events"][thrown[3]]
    faces = changed["throw"]["commons"]
    faces[0] = 10 if faces[0] != 10 else 2
    checked = verifying.verify(export)
    assert not checked.matches
    assert f"(event {thrown[3]})" in checked.text and "the seeds give" in checked.text, checked.text


def test_a_wrong_server_seed_or_a_scripted_game_is_not_called_checked() -> None:
    export = wimpout_export(wimpout_game())
    export["dice"]["server_seed"] = "00" * 32
    assert "does not hash to the commitment" in verifying.verify(export).text
    export["dice"] = {"scheme": "scripted", "why": "its dice were scripted (the tutorial)"}
    checked = verifying.verify(export)
    assert not checked.matches and "scripted" in checked.text


def test_a_wimpout_game_rebuilt_from_its_events_throws_on_as_if_never_stopped() -> None:
    whole = wimpout_game(rules=RuleSet(goal=300, reroll_only_matching=True))
    half = wimpout_game(rules=RuleSet(goal=300, reroll_only_matching=True), stop_after=25)
    rebuilt = Game.replay(list(half.events))
    assert wimpout_game(game=rebuilt).events == whole.events


def test_the_dice_of_one_seat_do_not_depend_on_the_other_seats_decisions() -> None:
    """The k-th throw of a seat is at its own address: Bob's throws are the same whatever Ann does."""
    def bob_throws(ann_threshold: int) -> list[Any]:
        holder: list[Game] = []
        dice = KeyedDice(KeyedStream.of(SERVER_SEED, SEEDS), lambda: holder[0] if holder else None)
        holder.append(Game.start(["Ann", "Bob"], RuleSet(goal=5000), dice))
        game = holder[0]
        for _ in range(200):
            player = game.waiting_on()[0]
            points = ann_threshold if player == "Ann" else 200
            game.apply(player, threshold(points)(game.state, player, game.legal_actions(player)), dice)
        return [e.throw for e in game.events if isinstance(e, wimpout.events.Thrown) and e.player == "Bob"][:10]

    assert bob_throws(50) == bob_throws(400)


def poker_game() -> PokerGame:
    names = ["Ann", "Bob", "Cy"]
    holder: list[PokerGame] = []
    source = KeyedShuffle(KeyedStream.of(SERVER_SEED, SEEDS + ["cy"]), lambda: holder[0] if holder else None)
    holder.append(PokerGame.start(names, PokerOptions(), source))
    game = holder[0]
    rng = random.Random(3)
    for _ in range(3000):
        if game.is_over:
            break
        name = rng.choice(game.waiting_on())
        game.apply(name, cautious_move(table_view(game.state, name), game.legal_actions(name)), source)
    return game


def test_a_poker_game_on_keyed_shuffles_checks_and_a_changed_card_is_named() -> None:
    game = poker_game()
    events = [poker.event_to_dict(e) for e in game.events]
    export = json.loads(json.dumps(verifying.export("poker", 3, events, dice_record(SERVER_SEED, SEEDS + ["cy"]))))
    checked = verifying.verify(export)
    assert checked.matches and "every shuffle matches" in checked.text, checked.text
    shuffled = next(e for e in export["events"] if e["type"] == "Shuffled")
    order = shuffled["order"]
    order[0], order[1] = order[1], order[0]
    checked = verifying.verify(export)
    assert not checked.matches and "the 1st shuffle" in checked.text, checked.text


def test_a_funhouse_run_on_keyed_chance_checks_and_a_changed_draw_is_named() -> None:
    stream = KeyedStream.of(SERVER_SEED, ["ann"])
    chance = KeyedChance(stream)
    run = FunRun.start(0, chance=chance)
    rng = random.Random(5)
    while not run.is_over:
        run.apply(rng.choice(run.legal_moves()), chance)
    events = [funhouse.event_to_dict(e) for e in run.events]
    record = dice_record(SERVER_SEED, ["ann"])
    export = json.loads(json.dumps(verifying.export("funhouse", 4, events, record)))
    assert verifying.verify(export).matches, verifying.verify(export).text
    assert export["draws"] and all(set(d) == {"address", "n", "value"} for d in export["draws"])
    board = export["events"][1]["setup"]["board"]
    board[0], board[1] = board[1], board[0]
    checked = verifying.verify(export)
    assert not checked.matches and "the layout of slide-jam (event 1)" in checked.text, checked.text


def test_an_independent_script_recomputes_the_dice_from_the_export(tmp_path: Path) -> None:
    """The export's draws recomputed by a few lines of the standard library alone (``python -I``, not importing the
    project), as docs/fairness.md writes the construction."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(wimpout_export(wimpout_game())))
    done = subprocess.run([sys.executable, "-I", "-c", EXPORT_DRAWS, str(path)], capture_output=True, text=True,
                          cwd=tmp_path, check=False)
    assert done.returncode == 0 and done.stdout.startswith("all "), done.stdout + done.stderr




def test_verify_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    export = wimpout_export(wimpout_game())
    path.write_text(json.dumps(export))
    command = [sys.executable, "-m", "engine", "verify", str(path)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "every throw matches" in done.stdout, done.stdout + done.stderr
    thrown = next(e for e in export["events"][5:] if e["type"] == "Thrown")
    thrown["throw"]["commons"][0] = 10 if thrown["throw"]["commons"][0] != 10 else 3
    path.write_text(json.dumps(export))
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "the seeds give" in done.stdout
    path.write_text("not json")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "cannot read" in done.stderr and "Traceback" not in done.stderr


def test_face_counts_count_each_cube_thrown_and_the_chi_square_is_pearsons() -> None:
    from engine.wimpout.facecounts import FaceCounts, chi_square, p_value
    from engine.wimpout.keyeddice import draws

    game = wimpout_game()
    counts = FaceCounts()
    counts.add(draws(game.events), seat=0)
    ann = [e for e in game.events if isinstance(e, wimpout.events.Thrown) and e.player == "Ann"]
    rolloff = sum(1 for e in game.events if isinstance(e, wimpout.events.RollOff) for name, _ in e.throws
                  if name == "Ann")
    assert counts.thrown("common") + counts.thrown("sun") >= len(ann) + rolloff
    assert chi_square([10] * 6) == 0.0 and chi_square([60, 0, 0, 0, 0, 0]) == 300.0
    assert abs(p_value(11.0705) - 0.05) < 1e-6 and abs(p_value(1.0) - 0.96257) < 1e-5 and p_value(0) == 1.0
