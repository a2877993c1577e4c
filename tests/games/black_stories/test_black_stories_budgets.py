"""Black Stories Investigation's bot budgets: a spec beyond a bound is refused naming it
(issue #31, 2)."""

from __future__ import annotations

import pytest

from sleuth.agents.budgets import DEFAULT_MAX_THINK, check_budget
from sleuth.core import ConfigError


def test_a_spec_beyond_a_bound_is_refused_naming_the_parameter_and_bound() -> None:
    # The spec.
    with pytest.raises(ConfigError, match="bound of 200"):
        check_budget("ismcts:depth=201", "black-stories-investigation", DEFAULT_MAX_THINK)
