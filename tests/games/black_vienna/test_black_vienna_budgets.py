"""Black Vienna's bot budgets: a spec beyond a bound is refused naming it (issue #31, 2)."""

from __future__ import annotations

import pytest

from sleuth.agents.budgets import DEFAULT_MAX_THINK, check_budget
from sleuth.core import ConfigError


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        # The spec.
        ("racing:samples=1000000000", "samples=1000000000 is above"),
        # Found by attack: a negative budget was dealt.
        ("racing:samples=-100", "samples=-100 is below 0"),
    ],
)
def test_a_spec_beyond_a_bound_is_refused_naming_the_parameter_and_bound(
    spec: str, named: str
) -> None:
    with pytest.raises(ConfigError, match=named):
        check_budget(spec, "black-vienna", DEFAULT_MAX_THINK)


def test_the_operators_max_think_leaves_counts_alone() -> None:
    check_budget("racing:samples=200", "black-vienna", 0.5)  # counts do not move with it
    with pytest.raises(ConfigError, match="samples=201 is above"):
        check_budget("racing:samples=201", "black-vienna", 0.5)
