"""Pieces of the lines the assistant's fuzz types (``test_assist_fuzz``), which each game's
entries (``NotebookCases.entries`` in its cases) are built from."""

from __future__ import annotations

from hypothesis import strategies as st

odd_numbers = st.sampled_from(["²", "٣", "-1", "1" * 40, "9" * 300, "0x1", "1.5", ""])
table_seats = st.integers(0, 3).map(str)
# mostly seats at a table of 3-4, so that most entries are taken and the engine works
seats = st.one_of(table_seats, table_seats, table_seats, odd_numbers, st.integers(4, 9).map(str))


def join(*parts: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(*parts).map(" ".join)
