"""Black Vienna's ``ismcts`` refuses a ``scale`` that is no positive finite number when made,
in the person's language: ``scale <= 0`` let NaN through (every lead then weighed NaN) and
infinity (every lead weighed nothing), from Python where a bot spec's parser does not stand
in between."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.core.said import error_in
from sleuth.games.black_vienna.bots import BlackViennaISMCTS


@pytest.mark.parametrize(
    ("scale", "shown"),
    [
        (float("nan"), "nan"),
        (float("inf"), "inf"),
        (float("-inf"), "-inf"),
        (0.0, "0.0"),
        (-2, "-2"),
        ("wide", "wide"),
    ],
)
def test_a_scale_that_is_no_positive_finite_number_is_refused(scale: Any, shown: str) -> None:
    with pytest.raises(ValueError) as refused:
        BlackViennaISMCTS(scale=scale)
    assert str(refused.value) == f"scale={shown}: must be positive"
    assert error_in(refused.value, "de") == f"scale={shown}: muss positiv sein"


def test_a_positive_finite_scale_is_taken() -> None:
    assert BlackViennaISMCTS(scale=0.25).scale == 0.25
    assert BlackViennaISMCTS(scale=7).scale == 7
