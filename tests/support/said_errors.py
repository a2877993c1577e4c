"""What a call refuses each input with, in a language, for the language tests of refusals
said with values (``sleuth.core.said``): the games' tests name their calls and words."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

import pytest

from sleuth.core.said import error_in

Given = TypeVar("Given")


def refusals(
    call: Callable[[Given], object],
    given: Iterable[Given],
    error: type[Exception],
    language: str,
) -> list[str]:
    """The words each of ``given`` is refused with by ``call`` in ``language``; in English
    the error's own text is checked to be those words (the English stays as it was)."""
    said = []
    for item in given:
        with pytest.raises(error) as refused:
            call(item)
        said.append(error_in(refused.value, language))
        if language == "en":
            assert str(refused.value) == said[-1]
    return said
