"""What ``sleuth simulate`` and ``sleuth arena`` deal from and where they write.

The deals: from a secret 128-bit seed, revealed once the games are over, unless ``--seed``
names one; then anyone who knows that seed knows every deal, a bot program too, which can
deal candidate seeds until one gives its own hand (issue 31), so the command says so.

The outputs: a folder or file a command cannot write is refused, in one line naming the
option, before any game is played, so a long run is not lost at its end.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from sleuth.core import GameError
from sleuth.core.rng import secret_seed
from sleuth.core.said import Said, said
from sleuth.i18n import N_, SOURCE, tr


def deal_seed(command: str, given: int | None, language: str = SOURCE) -> tuple[int, bool]:
    """(the seed the games are dealt from, whether it is secret); warns on stderr, once,
    when the seed was given, in ``language``."""
    if given is None:
        return secret_seed(), True
    warning = tr(
        "warning: --seed %(seed)s deals games anyone can compute: a bot program can find the "
        "deal by dealing seeds until one gives its own hand (leave --seed out to deal from a "
        "secret seed, printed after the games)",
        language,
        seed=given,
    )
    print(f"sleuth {command}: {warning}", file=sys.stderr)
    return given, False


def check_folder(option: str, folder: Path) -> None:
    """Make ``folder`` (and its parents) and write a probe file in it, as records are
    written; a ``GameError`` naming ``option`` if that fails."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _probe(folder)
    except OSError as failure:
        raise GameError(cannot_write_there(option, folder, failure)) from None


def check_file(option: str, path: Path) -> None:
    """A file that can be written in place: an existing folder, not a folder itself."""
    if path.is_dir():
        raise GameError(
            said("%(option)s %(path)s: is a folder, not a file", option=option, path=str(path))
        )
    folder = path.parent
    if not folder.is_dir():
        raise GameError(
            said(
                "%(option)s %(path)s: no folder %(folder)s",
                option=option,
                path=str(path),
                folder=str(folder),
            )
        )
    try:
        _probe(folder)
    except OSError as failure:
        raise GameError(cannot_write_there(option, path, failure)) from None


def cannot_write_there(option: str, path: Path, failure: OSError) -> Said:
    return _failed(N_("%(option)s %(path)s: cannot write there: %(reason)s"), option, path, failure)


def write_failed(option: str, path: Path, failure: OSError) -> GameError:
    """The error of a write that failed after the checks (a full disk, a folder removed)."""
    template = N_("%(option)s %(path)s: cannot write: %(reason)s")
    return GameError(_failed(template, option, path, failure))


def _failed(template: str, option: str, path: Path, failure: OSError) -> Said:
    """``template`` said of the output ``option`` names, with the system's reason."""
    return Said(template, {"option": option, "path": str(path), "reason": _reason(failure)})


def _probe(folder: Path) -> None:
    handle, name = tempfile.mkstemp(prefix=".sleuth-probe-", dir=folder)
    os.close(handle)
    os.unlink(name)


def _reason(failure: OSError) -> str:
    return failure.strerror or str(failure)
