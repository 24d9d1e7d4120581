"""The Guiding Light: rules change by unanimous approval of the players still in the game.

Any seated player proposes, one who is out of the game included (they do not vote). A proposal expires at the end of
the proposer's next turn (once they are out, of the next turn played from their seat on); an adopted change takes
effect at the start of the next turn (at once before the first throw), never inside the turn in progress. Functions
here decide and return events.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import events as ev
from engine.actions import Propose
from engine.rules import RuleError, RuleSet
from engine.state import GameState, Proposal

MAX_HONOUR_RULE = 200


def _base(state: GameState) -> RuleSet:
    """The rules a new change builds on: those already adopted, if any are waiting to take effect."""
    return state.adopted_rules or state.rules


def _changed(rules: RuleSet, name: str, value: str) -> RuleSet:
    if name:
        return rules.with_option(name, value)
    return rules.model_copy(update={"honour_rules": (*rules.honour_rules, value)})


def proposal_refusal(state: GameState, action: Propose) -> str | None:
    if not action.name:
        text = action.text.strip()
        if not text:
            return "Propose a rule change, e.g. 'propose bump on', or an honour rule in quotes."
        if len(text) > MAX_HONOUR_RULE:
            return f"An honour rule can be at most {MAX_HONOUR_RULE} characters."
        same = _open_like(state, lambda p: not p.name and p.value.casefold() == text.casefold())
        return same and _already_proposed(same)
    base = _base(state)
    try:
        candidate = _changed(base, action.name, action.value)
    except RuleError as error:
        return str(error)
    if candidate == base:
        return f"The table already plays with {action.name} {action.value}."
    same = _open_like(state, lambda p: p.name != "" and _changes_to(base, p) == candidate)
    return same and _already_proposed(same)


def _open_like(state: GameState, alike: Callable[[Proposal], bool]) -> Proposal | None:
    return next((p for p in state.proposals.values() if alike(p)), None)


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


def propose(state: GameState, proposer: str, action: Propose) -> list[ev.Event]:
    number = state.proposals_made + 1
    if action.name:
        made = ev.ProposalMade(number, proposer, action.name, action.value, f"{action.name} {action.value}")
    else:
        text = action.text.strip()
        made = ev.ProposalMade(number, proposer, "", text, f'"{text}"')
    return [made]


def vote_refusal(state: GameState, voter: str, number: int) -> str | None:
    proposal = state.proposals.get(number)
    if proposal is None:
        return f"There is no open proposal number {number}."
    if voter in proposal.yes:
        return f"You have already voted for proposal {number}."
    return None


def vote(state: GameState, voter: str, number: int, yes: bool) -> list[ev.Event]:
    if not yes:
        return [ev.VoteCast(number, voter, False), ev.ProposalDefeated(number, f"{voter} voted no")]
    return [ev.VoteCast(number, voter, True)]


def settle(state: GameState, turn_ended: str | None = None) -> list[ev.Event]:
    """Adopt what everyone still in has approved; expire what outlived the turn it waited for (just ended)."""
    events: list[ev.Event] = []
    voters = {p.name for p in state.active}
    rules = _base(state)
    for proposal in list(state.proposals.values()):
        if voters <= set(proposal.yes):
            adoption = _adopt(state, proposal, rules)
            events.extend(adoption)
            if isinstance(adoption[0], ev.ProposalAdopted):  # the next change builds on this one
                rules = adoption[0].rules
        elif turn_ended is not None and proposal.expires_with == turn_ended:
            events.append(ev.ProposalDefeated(proposal.number, f"it expired at the end of {turn_ended}'s turn"))
    return events


def _adopt(state: GameState, proposal: Proposal, rules: RuleSet) -> list[ev.Event]:
    try:
        adopted = _changed(rules, proposal.name, proposal.value)
    except RuleError as error:
        return [ev.ProposalDefeated(proposal.number, f"it no longer fits the rules: {error}")]
    events: list[ev.Event] = [ev.ProposalAdopted(proposal.number, adopted)]
    if not state.thrown_yet:
        events.append(ev.RulesChanged(adopted))
    return events
