"""Direct enumeration of the Black Stories Investigation cases a seat cannot tell apart, from
the rules' own data: a field per matching piece of evidence (``support.review_oracle``)."""

from __future__ import annotations

from itertools import product

from sleuth.games.black_stories import components as bs
from sleuth.games.black_stories.rules import BlackStoriesState


def bs_joint(state: BlackStoriesState, seat: int) -> tuple[list[int], list[tuple[str, ...]]]:
    """The opponents holding a case (in seat order) and every assignment of distinct
    four-evidence cards to them that fits what ``seat`` sees now and saw of the piles: a
    case is a card of the pile it was drawn from (the deal's, or a reshuffle's, whose cards
    every seat saw face up on the discard pile), the last pile each card went into."""

    def pile(card: str) -> int:
        return max((i + 1 for i, cards in enumerate(state.reshuffled) if card in cards), default=0)

    game = state.game
    full = [c for c in game.deck if c.count("+") == bs.FULL_EVIDENCE - 1]
    visible = {*state.hands[seat], *state.discard}
    visible |= {card for grid in state.grids for card, _ in grid}
    own_case = state.cases[seat]
    if own_case is not None:
        visible.add(own_case)
    public = game.config.guesses != "private"
    order = [t for t in range(state.players) if t != seat and state.cases[t] is not None]
    options = []
    for target in order:
        last_solve = max(
            (i for i, a in enumerate(state.attempts) if a.target == target and a.success),
            default=-1,
        )
        failed = {
            a.guess.replace("/", "+")
            for a in state.attempts[last_solve + 1 :]
            if a.target == target and not a.success and (public or a.seat == seat)
        }
        options.append(
            [
                case
                for case in full
                if case not in visible
                and case not in failed
                and pile(case) == pile(state.cases[target] or "")
                and all(
                    bs.field_label((game.masks[card] & bs.evidence_mask(case)).bit_count()) == field
                    for card, field in state.grids[target]
                )
            ]
        )
    joint = [combo for combo in product(*options) if len(set(combo)) == len(combo)]
    return order, joint
