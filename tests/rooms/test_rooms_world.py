"""The world model on its own: no sockets, no server."""

from __future__ import annotations

from pathlib import Path

import pytest

from rooms.loader import WorldError, build_world, load_world_file
from rooms.messages import Refusal
from rooms.world import World

WORLD = {
    "start": "hall",
    "rooms": {
        "hall": {"name": "Hall", "description": "A hall.", "exits": [{"name": "east", "to": "den", "aliases": ["e"]}]},
        "den": {"name": "Den", "description": "A den.", "exits": [{"name": "west", "to": "hall"}]},
    },
}


def texts_for(deliveries, who):  # type: ignore[no-untyped-def]
    return [d.message.text for d in deliveries if d.recipient == who]


@pytest.fixture
def world() -> World:
    w = build_world(WORLD)
    w.arrive("Igor")
    w.arrive("Mara")
    return w


def test_arrival_is_announced_to_the_room_and_the_newcomer_sees_it(world: World) -> None:
    out = world.arrive("Zed")
    assert texts_for(out, "Igor") == ["Zed has connected."]
    (look,) = texts_for(out, "Zed")
    assert look.startswith("Hall\nA hall.") and "Players here: Igor, Mara" in look


def test_say_and_pose_in_fuzzball_words(world: World) -> None:
    out = world.say("Igor", "hi")
    assert texts_for(out, "Igor") == ['You say, "hi"']
    assert texts_for(out, "Mara") == ['Igor says, "hi"']
    assert texts_for(world.pose("Igor", "falls down."), "Mara") == ["Igor falls down."]
    assert texts_for(world.pose("Igor", "'s dice are hot."), "Mara") == ["Igor's dice are hot."]


def test_moving_tells_both_rooms_and_speech_stays_in_its_room(world: World) -> None:
    out = world.go("Igor", "E")
    assert texts_for(out, "Mara") == ["Igor has left."]
    assert texts_for(out, "Igor")[0].startswith("Den")
    assert world.location("Igor").key == "den"
    assert texts_for(world.say("Mara", "anyone?"), "Igor") == []
    assert texts_for(world.go("Mara", "east"), "Igor") == ["Mara has arrived."]


def test_page_crosses_rooms_whisper_does_not(world: World) -> None:
    world.go("Igor", "east")
    out = world.page("Mara", ["Igor"], "come back")
    assert texts_for(out, "Igor") == ['Mara pages from Hall: "come back"']
    with pytest.raises(Refusal, match="Igor is not here"):
        world.whisper("Mara", "Ig", "psst")
    with pytest.raises(Refusal, match="Nobody is not connected"):
        world.match_player("Nobody")


def test_players_are_matched_by_a_unique_prefix(world: World) -> None:
    world.arrive("Igloo")
    assert world.match_player("igor") == "Igor" and world.match_player("igl") == "Igloo"
    with pytest.raises(Refusal, match="Who do you mean by ig: Igloo and Igor"):
        world.match_player("ig")
    out = world.page("Mara", ["Igor", "Igloo"], "tables at nine")
    assert texts_for(out, "Igloo") == ['Mara pages from Hall to Igor and Igloo: "tables at nine"']
    assert texts_for(out, "Mara") == ['You page Igor and Igloo: "tables at nine"']


def test_whisper_reaches_only_the_target(world: World) -> None:
    world.arrive("Zed")
    out = world.whisper("Igor", "mara", "psst")
    assert texts_for(out, "Mara") == ['Igor whispers, "psst"']
    assert texts_for(out, "Zed") == []


def test_no_such_exit_and_departure(world: World) -> None:
    with pytest.raises(Refusal, match="can't go that way"):
        world.go("Igor", "up")
    assert texts_for(world.depart("Igor"), "Mara") == ["Igor has disconnected."]
    assert not world.is_present("Igor") and world.occupants("hall") == ["Mara"]


def test_reconnect_keeps_the_place(world: World) -> None:
    world.go("Igor", "east")
    world.arrive("Zed")
    world.go("Zed", "east")
    out = world.reconnect("Igor")
    assert texts_for(out, "Zed") == ["Igor has reconnected."]
    assert world.location("Igor").key == "den"


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (lambda d: d.update(rooms={}), "at least one"),
        (lambda d: d.update(start="attic"), "start room 'attic'"),
        (lambda d: d["rooms"]["hall"]["exits"][0].update(to="attic"), "leads to unknown room 'attic'"),
        (lambda d: d["rooms"]["den"].pop("name"), "needs a non-empty name"),
        (lambda d: d["rooms"]["den"]["exits"][0].pop("to"), "needs 'to'"),
    ],
)
def test_bad_world_descriptions_are_refused_clearly(change, error) -> None:  # type: ignore[no-untyped-def]
    import copy

    data = copy.deepcopy(WORLD)
    change(data)
    with pytest.raises(WorldError, match=error):
        build_world(data)


def test_the_shipped_world_loads_and_every_room_can_be_left() -> None:
    world = load_world_file(Path(__file__).parents[2] / "config" / "world.toml")
    world.arrive("Igor")
    assert world.location("Igor").key == "lobby"
    for exit_ in world.location("Igor").exits:
        assert world.room(exit_.destination).exits
