"""Commitments and signatures that let a record prove itself.

- The commitment, at the head of every record from the first step on, is the hex SHA-256 of
  ``SEED:SALT`` (the seed in decimal, the salt as 32 hex digits). The salt, drawn as secretly
  as the seed, keeps the commitment from giving the seed away; both are revealed at the end,
  so anyone can check that the deal was fixed before the first move.
- The signature is the hex HMAC-SHA256, under the signer's key, of the record's canonical
  form: the record without its ``signature`` as JSON with keys sorted (by code point), no
  whitespace, non-ASCII characters as themselves, encoded in UTF-8.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from pathlib import Path

from .errors import RecordError
from .said import said
from .serialize import JSONValue

SIGNATURE = "signature"
MIN_KEY_BYTES = 16


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"{seed}:{salt}".encode("ascii")).hexdigest()


def canonical_bytes(record: Mapping[str, object]) -> bytes:
    """The bytes a signature covers: the record without its signature, canonical JSON."""
    body = {key: value for key, value in record.items() if key != SIGNATURE}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


def signature_of(record: Mapping[str, object], key: bytes) -> str:
    return hmac.new(key, canonical_bytes(record), hashlib.sha256).hexdigest()


def sign_record(record: Mapping[str, JSONValue], key: bytes) -> dict[str, JSONValue]:
    """A copy of ``record`` carrying its signature under ``key`` (any old one replaced)."""
    _check_key(key, "key")
    signed = {k: v for k, v in record.items() if k != SIGNATURE}
    signed[SIGNATURE] = signature_of(signed, key)
    return signed


def signature_matches(record: Mapping[str, object], key: bytes) -> bool:
    given = record.get(SIGNATURE)
    if not isinstance(given, str):
        return False
    return hmac.compare_digest(given, signature_of(record, key))


def read_key(path: Path) -> bytes:
    """A signing key from a file: its bytes, surrounding whitespace (a final newline) left off."""
    try:
        key = path.read_bytes().strip()
    except OSError as error:
        reason = str(error.strerror or error)
        raise RecordError(
            said("key file %(file)s: cannot read: %(reason)s", file=str(path), reason=reason)
        ) from None
    _check_key(key, said("key file %(file)s", file=str(path)))
    return key


def _check_key(key: bytes, where: str) -> None:
    if len(key) < MIN_KEY_BYTES:
        raise RecordError(
            said(
                "%(where)s: a key needs at least %(least)s bytes, this one has %(count)s (make "
                'one with: python -c "import secrets; print(secrets.token_hex(32))")',
                where=where,
                least=MIN_KEY_BYTES,
                count=len(key),
            )
        )
