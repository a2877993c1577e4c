from __future__ import annotations

from hypothesis import settings

settings.register_profile("deduce", max_examples=60, deadline=None)
settings.load_profile("deduce")
