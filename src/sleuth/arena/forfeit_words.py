"""A lost decision's detail in the person's language.

A bot program's runtime (``sleuth.agents.remote``, ``botpipe``) and the text ladder write why
a decision was lost in English, in a few fixed forms that nest ("not running: it ended at
the hello: exited with code 1"). Here each known form is matched and said from the
catalogues, its parts in turn; what matches none (a program's own error output, an
exception's message) stays as it was written, as ``argparse_words`` does with argparse's.
"""

from __future__ import annotations

import re

from sleuth.i18n import N_, SOURCE, tr

# Each form: its pattern, its message, and which of its parts are details themselves.
FORMS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (r"not running: (?P<why>.+)", N_("not running: %(why)s"), ("why",)),
    (r"it ended at the hello: (?P<note>.+)", N_("it ended at the hello: %(note)s"), ("note",)),
    (
        r"it crashed at step (?P<step>\d+): (?P<note>.+)",
        N_("it crashed at step %(step)s: %(note)s"),
        ("note",),
    ),
    (
        r"stopped at step (?P<step>\d+) after repeated time-outs",
        N_("stopped at step %(step)s after repeated time-outs"),
        (),
    ),
    (
        r"stopped at step (?P<step>\d+): (?P<why>.+)",
        N_("stopped at step %(step)s: %(why)s"),
        ("why",),
    ),
    (r"it could not be started: (?P<error>.+)", N_("it could not be started: %(error)s"), ()),
    (r"its answer to the hello: (?P<error>.+)", N_("its answer to the hello: %(error)s"), ()),
    (r"it is not running", N_("it is not running"), ()),
    (
        r"no 'ready' within (?P<seconds>\S+) s of the hello",
        N_("no 'ready' within %(seconds)s s of the hello"),
        (),
    ),
    (
        r"it did not read the decision within (?P<seconds>\S+) s",
        N_("it did not read the decision within %(seconds)s s"),
        (),
    ),
    (
        r"no answer within (?P<seconds>\S+) s; stopped after (?P<count>\d+) time-outs in a row",
        N_("no answer within %(seconds)s s; stopped after %(count)s time-outs in a row"),
        (),
    ),
    (r"no answer within (?P<seconds>\S+) s", N_("no answer within %(seconds)s s"), ()),
    (r"answer too long: (?P<error>.+)", N_("answer too long: %(error)s"), ()),
    (
        r"(?P<note>.+); its last error output: (?P<output>.+)",
        N_("%(note)s; its last error output: %(output)s"),
        ("note",),
    ),
    (r"exited with code (?P<code>-?\d+)", N_("exited with code %(code)s"), ()),
    (r"killed by signal (?P<signal>\d+)", N_("killed by signal %(signal)s"), ()),
    (r"closed its output but is still running", N_("closed its output but is still running"), ()),
    (
        r"no legal move after (?P<count>\d+) answers: (?P<why>.+)",
        N_("no legal move after %(count)s answers: %(why)s"),
        (),
    ),
    (r"the game ended without an outcome", N_("the game ended without an outcome"), ()),
)


def detail_words(detail: str, language: str = SOURCE) -> str:
    """``detail`` in ``language`` where it is of a known form (English: as it is)."""
    if language == SOURCE:
        return detail
    for pattern, message, nested in FORMS:
        found = re.fullmatch(pattern, detail, re.S)
        if found is not None:
            parts = found.groupdict()
            values = {k: detail_words(v, language) if k in nested else v for k, v in parts.items()}
            return tr(message, language, **values) if values else tr(message, language)
    return detail
