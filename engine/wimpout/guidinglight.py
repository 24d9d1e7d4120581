"""The Guiding Light: rules change by unanimous approval of the players still in the game.

Any seated player proposes, one who is out of the game included (they do not vote). A proposal expires at the end of
the proposer's next turn (once they are out, of the next turn played from their seat on); an adopted change takes
effect at the start of the next turn (at once before the first throw), never inside the turn in progress. Functions
here decide and return events.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from engine.wimpout import events as ev
from engine.wimpout.actions import Propose
from engine.wimpout.rules import RuleError, RuleSet
from engine.wimpout.state import GameState, Proposal

MAX_HONOUR_RULE = 200
MAX_HONOUR_RULES = 20
MAX_OPEN_PROPOSALS = len(RuleSet.model_fields)
"""Bounds on what a table keeps (and saves): proposals and honour rules would otherwise grow without end at a table
of one person and house bots, who approve everything. One 'table set' naming every option is still put to a table."""


def base(state: GameState) -> RuleSet:
    """The rules a new change builds on: those already adopted, if any are waiting to take effect."""
    return state.adopted_rules or state.rules


def _changed(rules: RuleSet, name: str, value: str) -> RuleSet:
    if name:
        return rules.with_option(name, value)
    return rules.model_copy(update={"honour_rules": (*rules.honour_rules, value)})


def proposal_refusal(rules: RuleSet, proposals: Mapping[int, Proposal], action: Propose) -> str | None:
    """Why ``action`` cannot be proposed on ``rules`` (those a new change builds on) with ``proposals`` open.

    The game asks with its own rules and proposals; a table before its game starts with the table's."""
    if len(proposals) >= MAX_OPEN_PROPOSALS:
        return f"{MAX_OPEN_PROPOSALS} proposals are open already: vote on them first ('rules' lists them)."
    if not action.name:
        text = action.text.strip()
        if not text:
            return "Propose a rule change, e.g. 'propose bump on', or an honour rule in quotes."
        if len(text) > MAX_HONOUR_RULE:
            return f"An honour rule can be at most {MAX_HONOUR_RULE} characters."
        if len(rules.honour_rules) + sum(not p.name for p in proposals.values()) >= MAX_HONOUR_RULES:
            return f"A table keeps at most {MAX_HONOUR_RULES} honour rules (those proposed included)."
        same = _open_like(proposals, lambda p: not p.name and p.value.casefold() == text.casefold())
        return same and _already_proposed(same)
    try:
        candidate = _changed(rules, action.name, action.value)
    except RuleError as error:
        return str(error)
    if candidate == rules:
        return f"The table already plays with {action.name} {action.value}."
    same = _open_like(proposals, lambda p: p.name != "" and _changes_to(rules, p) == candidate)
    return same and _already_proposed(same)


def _open_like(proposals: Mapping[int, Proposal], alike: Callable[[Proposal], bool]) -> Proposal | None:
    return next((p for p in proposals.values() if alike(p)), None)


def _changes_to(rules: RuleSet, proposal: Proposal) -> RuleSet | None:
    try:
        return _changed(rules, proposal.name, proposal.value)
    except RuleError:
        return None


def _already_proposed(proposal: Proposal) -> str:
    """One change open twice would split the votes: the second proposer is sent to the first."""
    return (
        f"That is already proposed ({proposal.number}, by {proposal.proposer}): "
        f"'vote yes {proposal.number}' to support it."
    )


def propose(number: int, proposer: str, action: Propose) -> list[ev.Event]:
    """Proposal ``number`` (one more than those made so far)."""
    if action.name:
        made = ev.ProposalMade(number, proposer, action.name, action.value, f"{action.name} {action.value}")
    else:
        text = action.text.strip()
        made = ev.ProposalMade(number, proposer, "", text, f'"{text}"')
    return [made]


def vote_refusal(proposals: Mapping[int, Proposal], voter: str, number: int) -> str | None:
    proposal = proposals.get(number)
    if proposal is None:
        return f"There is no open proposal number {number}."
    if voter in proposal.yes:
        return f"You have already voted for proposal {number}."
    return None


def vote(voter: str, number: int, yes: bool) -> list[ev.Event]:
    if not yes:
        return [ev.VoteCast(number, voter, False), ev.ProposalDefeated(number, f"{voter} voted no")]
    return [ev.VoteCast(number, voter, True)]


def settle(state: GameState, turn_ended: str | None = None) -> list[ev.Event]:
    """In a game: adopt what everyone still in has approved; expire what outlived the turn it waited for (just
    ended). Before the first throw, an adopted change takes effect at once."""
    voters = {p.name for p in state.active}
    return settle_among(state.proposals, voters, base(state), at_once=not state.thrown_yet, turn_ended=turn_ended)


def settle_among(
    proposals: Mapping[int, Proposal], voters: Collection[str], rules: RuleSet, at_once: bool,
    turn_ended: str | None = None,
) -> list[ev.Event]:
    """Adopt each proposal every one of ``voters`` has approved, each change built on ``rules`` and the changes
    adopted before it (with ``at_once``, each followed by the rules it makes); expire what waited for the turn of
    ``turn_ended``. The game settles its own proposals; a table before its game starts, its own."""
    events: list[ev.Event] = []
    voting = set(voters)
    for proposal in list(proposals.values()):
        if voting <= set(proposal.yes):
            adoption = _adopt(proposal, rules, at_once)
            events.extend(adoption)
            if isinstance(adoption[0], ev.ProposalAdopted):  # the next change builds on this one
                rules = adoption[0].rules
        elif turn_ended is not None and proposal.expires_with == turn_ended:
            events.append(ev.ProposalDefeated(proposal.number, f"it expired at the end of {turn_ended}'s turn"))
    return events


def _adopt(proposal: Proposal, rules: RuleSet, at_once: bool) -> list[ev.Event]:
    try:
        adopted = _changed(rules, proposal.name, proposal.value)
    except RuleError as error:
        return [ev.ProposalDefeated(proposal.number, f"it no longer fits the rules: {error}")]
    events: list[ev.Event] = [ev.ProposalAdopted(proposal.number, adopted)]
    if at_once:
        events.append(ev.RulesChanged(adopted))
    return events
