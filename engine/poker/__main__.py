"""``python -m engine poker meld|best CARDS...``: read exactly those cards as one meld, or find the strongest meld a hand
makes; one JSON object each, its "meld" the spec's name or null with a "why". Exit 2 only for bad arguments."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from engine.commandline import Parser, UsageError, rule_options
from engine.poker.cards import Card, CardSyntaxError, parse_cards
from engine.poker.melds import Meld, MeldRules, best_meld, read_meld
from engine.poker.variations import OptionError, PokerOptions


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m engine poker", description="New Cosmic Poker's melds.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (("meld", "read exactly these cards as one meld"), ("best", "the strongest meld in a hand")):
        command = commands.add_parser(name, help=text)
        command.add_argument("cards", nargs="+", help="cards as A8, A-4, C, Kx2, Kx-1, R+3, E, F")
        command.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                             help="a table option (pairs, combos, tame, max_meld, wild=VALUE)")
    return parser


def _meld_rules(pairs: list[str]) -> MeldRules:
    chosen = PokerOptions.from_options(rule_options(pairs))
    return chosen.meld_rules(chosen.wild if isinstance(chosen.wild, int) else None)


def meld_json(meld: Meld | None) -> dict[str, object]:
    if meld is None:
        return {"meld": None}
    return {"meld": meld.name, "rank": meld.rank, "strength": meld.strength, "values": list(meld.values),
            "opens": meld.opens()}


def _meld(cards: tuple[Card, ...], rules: MeldRules) -> dict[str, object]:
    reading = read_meld(cards, rules)
    result: dict[str, object] = {"cards": [card.text for card in cards], **meld_json(reading.meld)}
    if reading.meld is None:
        result["why"] = reading.why
    else:
        result["placements"] = [f"{cards[m].text} on {cards[a].text}" for m, a in reading.placements]
    return result


def _best(cards: tuple[Card, ...], rules: MeldRules) -> dict[str, object]:
    found = best_meld(cards, rules)
    result: dict[str, object] = {"hand": [card.text for card in cards]}
    if found is None:
        return result | {"meld": None, "why": "No cards of this hand form a meld (it holds no challenge card)."}
    meld, used = found
    return result | meld_json(meld) | {"cards": [cards[i].text for i in used]}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        cards = parse_cards(args.cards)
        rules = _meld_rules(args.rule)
    except (UsageError, CardSyntaxError, OptionError) as error:
        print(f"python -m engine poker: error: {error}", file=sys.stderr)
        return 2
    print(json.dumps((_meld if args.command == "meld" else _best)(cards, rules)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
