"""The links a mail carries that act for a person (issue #36, item 3): the one that turns a
kind of mail off, and the one that confirms an address is theirs. Each is a token signed
with the service's key, so no one forges another's.
"""

from __future__ import annotations

from .notify import KINDS
from .signing import SigningKey

MAIL_LINKS = "mail-link"  # the domain of the links' signatures (``SigningKey.for_domain``)


def unsubscribe_token(key: SigningKey, person_id: str, kind: str) -> str:
    signature = key.for_domain(MAIL_LINKS).sign({"unsubscribe": person_id, "kind": kind})[
        "signature"
    ]
    return f"{person_id}.{kind}.{signature}"


def read_unsubscribe_token(key: SigningKey, token: str) -> tuple[str, str] | None:
    """The person and kind of a token this service signed, or None."""
    parts = token.split(".")
    if len(parts) != 3 or len(token) > 200:
        return None
    person_id, kind, signature = parts
    if kind not in KINDS or not key.for_domain(MAIL_LINKS).verify(
        {"unsubscribe": person_id, "kind": kind}, signature
    ):
        return None
    return person_id, kind


def confirm_token(key: SigningKey, person_id: str, address: str) -> str:
    """The token of the link that confirms ``address`` is the person's (it names the
    person only: the address it confirms is the one the person has when it is opened,
    so an old link does not confirm a newer address)."""
    signature = key.for_domain(MAIL_LINKS).sign({"confirm": person_id, "address": address})[
        "signature"
    ]
    return f"{person_id}.{signature}"


def read_confirm_token(key: SigningKey, token: str, address_of: str | None) -> bool:
    """Whether ``token`` confirms ``address_of`` for the person it names."""
    person_id, dot, signature = token.partition(".")
    if not dot or address_of is None or len(token) > 200:
        return False
    return key.for_domain(MAIL_LINKS).verify(
        {"confirm": person_id, "address": address_of}, signature
    )


def token_person(token: str) -> str:
    return token.partition(".")[0]
