"""Signed records: HMAC-SHA256 over the record's canonical JSON, with a key kept on disk.

Canonical JSON: keys sorted, no spaces, UTF-8. The key file (32 random bytes, hex) is made
on first start if absent, readable by its owner only. ``commitment`` is published when a
table is dealt and lets anyone check, once the seed and salt are revealed, that the deal
was fixed from the start.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

from sleuth.core.serialize import JSONValue

ALGORITHM = "HMAC-SHA256"


class SigningKey:
    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("a signing key needs at least 16 bytes")
        self._key = key
        # Names the key in a signature without revealing it.
        self.key_id = hashlib.sha256(b"sleuth-key-id:" + key).hexdigest()[:16]

    @classmethod
    def load_or_create(cls, path: Path) -> SigningKey:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(secrets.token_hex(32) + "\n")
        text = path.read_text(encoding="ascii").strip()
        try:
            return cls(bytes.fromhex(text))
        except ValueError as error:
            raise ValueError(f"{path}: not a signing key (hex): {error}") from None

    def sign(self, record: dict[str, JSONValue]) -> str:
        return hmac.new(self._key, canonical_json(record), hashlib.sha256).hexdigest()

    def verify(self, record: dict[str, JSONValue], signature: str) -> bool:
        if len(signature) != 64 or any(c not in "0123456789abcdef" for c in signature):
            return False
        try:
            expected = self.sign(record)
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8 text, so never signed here
            return False
        return hmac.compare_digest(expected, signature)


def canonical_json(value: JSONValue) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def commitment(seed: int, salt: str) -> str:
    """SHA-256 of the seed and salt: public from the deal, checkable after the reveal."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()
