"""A layer's moves merged by their next state's key (``layer_kernel._merge``, compiled):
the same merge as sorting gives, looking at about one slot of its table a move."""

from __future__ import annotations

import numpy as np
import pytest

from sleuth.deduce import kernels, layer_kernel

pytest.importorskip("numba")


def test_keys_differing_only_in_a_high_column_spread_over_the_table() -> None:
    """A layer's moves merged by key: the slot had been the product's bits 20 on, which
    depend only on the key's low bits, so 21,000 moves into 300 states differing only in a
    column of multiplier 2**40 all went to one run of slots (3,160,500 slots looked at;
    review finding). Now about one a move, and the same merge as sorting gives."""
    assert kernels.available()
    states = [12_345 + (m << 40) for m in range(300)]
    keys = np.array([states[(7 * i) % 300] for i in range(21_000)], np.int64)
    dst, order, rep, probes = layer_kernel._merge(keys)
    want_dst = [(7 * i) % 300 for i in range(21_000)]
    assert dst.tolist() == want_dst
    assert order.tolist() == np.argsort(np.array(want_dst), kind="stable").tolist()
    assert rep.tolist() == [next(i for i in range(300) if (7 * i) % 300 == r) for r in range(300)]
    assert probes == 21_000  # one slot a move: no two of the 300 states met in the table
