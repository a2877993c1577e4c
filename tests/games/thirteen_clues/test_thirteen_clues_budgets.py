"""13 Clues' bot budgets: a spec beyond a bound is refused naming it (issue #31, 2)."""

from __future__ import annotations

import pytest

from sleuth.agents.budgets import DEFAULT_MAX_THINK, check_budget
from sleuth.core import ConfigError


def test_a_spec_beyond_a_bound_is_refused_naming_the_parameter_and_bound() -> None:
    # The spec.
    with pytest.raises(ConfigError, match="iterations=2000000000 is above"):
        check_budget("ismcts:iterations=2000000000", "13-clues", DEFAULT_MAX_THINK)
