"""Checking a game's dice without the project: scripts of the standard library alone, run by ``python -I`` on a
game's export (``replay GAME json``), as docs/fairness.md writes the construction down. Each checks the commitment,
makes the stream key and defines ``below(address, n)``, then checks the game its own way."""

from __future__ import annotations

HEADER = """
import hashlib, hmac, json, sys
game = json.load(open(sys.argv[1]))
dice = game["dice"]
assert hashlib.sha256(bytes.fromhex(dice["server_seed"])).hexdigest() == dice["commitment"]
key = hmac.new(bytes.fromhex(dice["server_seed"]),
               "\\n".join(["cosmic-dice/1", *(s["seed"] for s in dice["seeds"])]).encode(), "sha256").digest()
def below(address, n):
    limit, block = 2**32 - 2**32 % n, 0
    while True:
        digest = hmac.new(key, f"{address}#{block}".encode(), "sha256").digest()
        for i in range(0, 32, 4):
            word = int.from_bytes(digest[i:i + 4], "big")
            if word < limit:
                return word % n
        block += 1
"""
"""The export read, its server seed checked against the commitment, the stream key, and ``below``."""
EXPORT_DRAWS = HEADER + """faces = [2, 3, 4, 5, 6, 10]
thrown = [face for e in game["events"] if e["type"] == "Thrown" for face in e["throw"]["commons"]]
drawn = [faces[d["value"]] for d in game["draws"] if d["address"].startswith("wimpout/throw/")
         and not d["address"].endswith("/4")]
assert sorted(map(str, thrown)) == sorted(map(str, drawn)), "the export's draws are not the game's cubes"
for d in game["draws"]:
    assert below(d["address"], d["n"]) == d["value"], d["address"]
print("all", len(game["draws"]), "values match")
"""
"""Every value the export lists recomputed at its address (its common cubes are the game's)."""
EVENT_THROWS = HEADER + """players = game["events"][0]["players"]
counts = dict.fromkeys(players, 0)
checked = 0
for event in game["events"]:
    if event["type"] != "Thrown":
        continue
    seat, k = players.index(event["player"]), counts[event["player"]]
    counts[event["player"]] += 1
    if len(event["throw"]["commons"]) + (event["throw"]["sun"] is not None) < 5:
        continue  # whole throws of five cubes alone: nothing held from a void throw
    faces = [str(f) for f in event["throw"]["commons"]]
    assert faces == [str([2, 3, 4, 5, 6, 10][below(f"wimpout/throw/{seat}/{k}/{slot}", 6)])
                     for slot in range(len(faces))], (seat, k)
    checked += 1
print("ok", checked)
"""
"""The cubes of every whole throw of the stored events recomputed (the k-th throw of a seat, its cubes in slots):
nothing of the export's own list of values is trusted."""
