"""What people see at a table: the ScoreHandler's words, per viewer and per style."""

from __future__ import annotations

from engine.wimpout import LoadedDice, RuleSet, parse_throw
from rooms.tables import Table
from rooms.wimpout.wimpoutplay import wimpout_table
from server.render.board import rules_text
from server.render.cubeart import art, compact, spoken
from server.render.scorehandler import Style, render, rules_summary

ART, COMPACT, READER = Style(), Style(cubes="compact"), Style(screenreader=True)


def game(script: tuple[str, ...], **rules: object) -> tuple[Table, LoadedDice]:
    table = wimpout_table(7, "lobby", RuleSet(**rules), ["Ann", "Bob"])
    dice = LoadedDice(("10 2", *script))
    table.start("Ann", dice)
    return table, dice


def test_the_cubes_three_ways() -> None:
    throw = parse_throw("4 4 4 4 s5")
    assert compact(throw) == "[4] [4] [4] [4] [s5]"
    assert compact(parse_throw("2 3 S")) == "[2] [3] [sun]"
    assert spoken(throw) == "4, 4, 4, 4, and the sun cube showing 5"
    assert spoken(parse_throw("10 S")) == "10 and the Flaming Sun"
    assert spoken(parse_throw("4 4")) == "4 and 4"
    assert spoken(parse_throw("6")) == "6"
    lines = art(throw)
    assert lines[0] == " ".join([".-------."] * 5)
    assert lines[1].split(" | ")[0] == "| \\   /"
    assert lines[-1].strip() == "sun cube"


def test_cube_art_wraps_to_the_clients_width() -> None:
    lines = art(parse_throw("2 3 4 6 S"), width=30)
    assert max(len(line) for line in lines) <= 30
    assert len([line for line in lines if line.startswith(".-------.")]) == 2  # two rows of cubes


def test_a_throw_as_the_thrower_and_as_the_other_player_see_it() -> None:
    table, dice = game(("4 4 4 4 s5",))
    news = table.move("Ann", "roll", dice)
    mine = render(news, "Ann", COMPACT)
    assert mine.splitlines() == [
        "You throw: [4] [4] [4] [4] [s5]",
        "You score 45 (flash of 4s). Turn total: 45.",
        "A flash of 4s: it must be cleared (the Futtless Rule).",
        "1 cube to throw, clearing 4s: a 4 voids the throw; without one, something must score.",
        "You may: roll.",
    ]
    theirs = render(news, "Bob", READER)
    assert theirs.splitlines()[:2] == [
        "Ann throws: 4, 4, 4, 4, and the sun cube showing 5.",
        "Ann scores 45 (flash of 4s). Turn total: 45.",
    ]
    assert "You may" not in theirs


def test_the_reason_not_to_stop_is_shown_with_the_choices() -> None:
    table, dice = game(("10 2 3 4 s6",))
    text = render(table.move("Ann", "roll", dice), "Ann", COMPACT)
    assert text.splitlines()[-2:] == [
        "You need 35 points in one turn to get in the game; you have 10 so far.",
        "You may: roll.",
    ]


def test_the_start_of_a_game_shows_rules_roll_off_and_who_is_up() -> None:
    table = wimpout_table(7, "lobby", RuleSet(goal=300, bump=True), ["Ann", "Bob"])
    text = render(table.start("Bob", LoadedDice(["6 10"])), "Bob", ART)
    assert text.splitlines() == [
        "Table 7: a game of Cosmic Wimpout begins for Ann, Bob.",
        "Rules: goal 300, Last Licks official; Bump.",
        "Roll-off for the first turn: Ann 6, Bob 10.",
        "--- Your turn (score 0) ---",
        "You may: roll.",
    ]


def test_wimpout_bank_and_getting_in() -> None:
    table, dice = game(("10 10 5 2 s2", "2 3"), opening_minimum=25)
    table.move("Ann", "roll", dice)
    text = render(table.move("Ann", "stop", dice), "Bob", COMPACT)
    assert text.splitlines()[:2] == ["Ann stops and banks 25: score 25.", "Ann is in the game!"]
    assert text.splitlines()[2] == "--- Your turn (score 0) ---"


def test_rules_summary_names_what_differs_from_the_defaults() -> None:
    assert rules_summary(RuleSet()) == "goal 500, Last Licks official."
    summary = rules_summary(RuleSet(goal=300, last_licks="C", ntw=3, honour_rules=("no hats",)))
    assert summary == 'goal 300, Last Licks C; (n)TW 3; honour rule: "no hats".'


def test_a_choice_shows_the_choices_not_a_stale_turn_total() -> None:
    table, dice = game(("10 10 10 2 S",))
    text = render(table.move("Ann", "roll", dice), "Ann", COMPACT)
    assert "Turn total 0" not in text
    assert text.splitlines()[-1] == "You may: keep sun 10, keep sun 5, reroll sun."


def test_ymnwtbym_reads_right_for_the_thrower_and_the_others() -> None:
    table, dice = game(("10 10 5 5 s10",))
    news = table.move("Ann", "roll", dice)
    assert "All five cubes scored: you may not want to, but you must throw all five again!" in render(news, "Ann", COMPACT)
    assert "All five cubes scored: Ann may not want to, but must throw all five again!" in render(news, "Bob", COMPACT)


def test_allowed_but_discouraged_combinations_are_noted_with_the_rules() -> None:
    summary = rules_summary(RuleSet(ntw=3, recovery=True))
    assert summary.endswith("Note: (n)TW together with Recovery is not recommended by the Guide.")


def test_wrapping_never_splits_a_quoted_command() -> None:
    from server.render.colour import GREEN, RESET, plain, wrap

    note = ("The notes marked like this explain each rule ('help <rule>' says more; 'leave yes' ends the lesson). "
            "Type '@set cubes=compact' for one line a throw; Ann's and Bob's turns come next.")
    for text in (note, note.replace("'leave yes'", f"{GREEN}'leave yes'{RESET}")):
        for width in range(24, 81):
            lines = [plain(line) for line in wrap(text, width, "", "  ")]
            assert " ".join(line.strip() for line in lines).split() == plain(text).split()
            for quoted in ("'help <rule>'", "'leave yes'", "'@set cubes=compact'"):
                assert any(quoted in line for line in lines), (width, lines)
            assert all(len(line) <= width for line in lines)


def test_a_player_who_leaves_a_game_is_seen_leaving_before_what_it_causes() -> None:
    table, dice = game(("10 2 3 4 s6",), goal=10, opening_minimum=0)
    table.move("Ann", "roll", dice)
    table.move("Ann", "stop", dice)  # Ann reaches the goal: Bob has his Last Lick, and leaves instead
    assert render(table.leave("Bob", dice), "Ann", COMPACT).splitlines() == [
        "Bob leaves table 7.",
        "Bob is out of the game: Bob left the table.",
        "*** Ann WINS the game at table 7 (Ann won Last Licks)! ***",
    ]


def test_a_sun_match_while_clearing_5s_and_10s_is_told_as_one() -> None:
    """RULES.md, Full House: [2 3 4 6 sun] while clearing 5s and 10s is interpretation 2, "Reroll from Sun Match".
    The player was told "That matches the flash of  being cleared" (no face), and that without a 5 or a 10 something
    must score."""
    table, dice = game(("10 10 5 5 S", "2 3 4 6 S"), full_house=True)
    table.move("Ann", "roll", dice)
    lines = render(table.move("Ann", "roll", dice), "Ann", COMPACT).splitlines()
    assert lines[1] == (
        "The Flaming Sun is the only scorer, and its 5 or 10 would match a flash being cleared: a sun match, so it"
        " does not count (the Reroll Clause): those cubes are thrown again."
    )
    assert lines[2] == (
        "Turn total 150; 5 cubes to throw, clearing 5s and 10s: a 5 or a 10 voids the throw, so does a sun that is the"
        " only scorer; without one, something must score."
    )


def test_a_proposal_nobody_still_seated_has_approved_reads_as_such() -> None:
    """The proposer stood up before the start: their yes no longer counts, and 'rules' says nobody has approved."""
    table = wimpout_table(1, "lobby", RuleSet(), ["Ann", "Bob", "Cy"])
    table.play.propose("Ann", "bump", LoadedDice([]))
    table.stand("Ann")
    assert "Proposal 1 by Ann: bump on. Yes so far: nobody; still to vote: Bob, Cy." in rules_text(table.view())
