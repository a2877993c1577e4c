"""The service's signing key: a file made on first start if absent, readable by its owner.

Records are signed as ``sleuth.core.signing`` signs them (HMAC-SHA256 over the record's
canonical JSON, the signature inside the record), so ``sleuth replay --key FILE`` with the
server's key file checks a downloaded record, and the commitment is the core's too.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from sleuth.core.errors import RecordError
from sleuth.core.serialize import JSONValue
from sleuth.core.signing import SIGNATURE, commitment, read_key, sign_record, signature_of

from .private import make_private_folder

ALGORITHM = "HMAC-SHA256"

__all__ = ["ALGORITHM", "SigningKey", "commitment"]


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
            make_private_folder(path.parent)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(secrets.token_hex(32) + "\n")
        try:
            return cls(read_key(path))
        except RecordError as error:
            raise ValueError(*error.args) from None  # its words, to say in any language

    def for_domain(self, tag: str) -> SigningKey:
        """A key of its own for one use (mail links): what it signs never verifies as a
        record signed with this key, nor a record as one of its signatures."""
        derived = hmac.new(self._key, b"sleuth-domain:" + tag.encode(), hashlib.sha256)
        return SigningKey(derived.digest())

    def sign(self, record: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
        """The record with its signature in it."""
        return sign_record(record, self._key)

    def verify(self, record: Mapping[str, object], signature: str) -> bool:
        if len(signature) != 64 or any(c not in "0123456789abcdef" for c in signature):
            return False
        try:
            expected = signature_of({k: v for k, v in record.items() if k != SIGNATURE}, self._key)
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8 text, so never signed here
            return False
        return hmac.compare_digest(expected, signature)
