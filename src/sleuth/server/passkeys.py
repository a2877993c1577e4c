"""Passkeys (WebAuthn, through the ``webauthn`` package): an account adds one while signed
in, and any browser then signs in with it, no password.

Each challenge is a row used once: the answer names its challenge (inside the signed client
data), the row is taken in the same transaction that checks it, so an answer replayed, or
answered for another account, or late, finds none. The relying party is the host the page
was served from (its name without the port) and the origin the browser says it is on,
which must be this server's own.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from . import problems
from .accounts import Accounts, SignedIn
from .db import Database
from .models import AccountRow, ChallengeRow, PasskeyRow

CHALLENGE_SECONDS = 300.0
ID_BYTES = 400  # the passkeys' id column, String(400)
DEVICE_CHARS = 100


@dataclass(frozen=True)
class RelyingParty:
    """Where the ceremony happens: the RP ID (a host name) and the origins accepted."""

    id: str
    origins: tuple[str, ...]


class PasskeyRefused(Exception):
    """The answer was not a valid passkey answer to a live challenge of this server."""


class PasskeyTaken(Exception):
    """An account has a passkey of this id already."""


def _check_id_length(passkey_id: object) -> None:
    """A passkey's id (base64url) fits its column, or the answer is refused."""
    if isinstance(passkey_id, str) and len(passkey_id.encode()) > ID_BYTES:
        raise PasskeyRefused(problems.PASSKEY_ID_TOO_LONG(bytes=ID_BYTES))


def _challenge_of(credential: dict[str, Any]) -> str:
    """The challenge the browser signed, base64url, from the answer's client data."""
    try:
        client_data = base64url_to_bytes(credential["response"]["clientDataJSON"])
        challenge = json.loads(client_data)["challenge"]
    except (KeyError, TypeError, ValueError) as error:
        raise PasskeyRefused(f"not a passkey answer: {error}") from None
    if not isinstance(challenge, str) or len(challenge) > 100:
        raise PasskeyRefused("not a passkey answer: no challenge")
    return challenge


class Passkeys:
    def __init__(self, database: Database, accounts: Accounts) -> None:
        self._db = database
        self._accounts = accounts

    async def _new_challenge(self, challenge: bytes, person_id: str | None) -> None:
        now = time.time()
        row = ChallengeRow(
            challenge=bytes_to_base64url(challenge),
            person_id=person_id,
            expires_at=now + CHALLENGE_SECONDS,
        )

        def work(session: Session) -> None:
            session.execute(delete(ChallengeRow).where(ChallengeRow.expires_at <= now))
            session.add(row)

        await self._db.write(work)

    async def _take_challenge(self, challenge: str, person_id: str | None) -> bytes:
        """The challenge's bytes, its row deleted; ``PasskeyRefused`` if there is no live
        one of this purpose (a sign-in's, or this account's)."""
        query = delete(ChallengeRow).where(
            ChallengeRow.challenge == challenge,
            ChallengeRow.expires_at > time.time(),
            ChallengeRow.person_id.is_(None)
            if person_id is None
            else ChallengeRow.person_id == person_id,
        )

        def work(session: Session) -> int:
            return int(getattr(session.execute(query), "rowcount", 0) or 0)

        if await self._db.write(work) != 1:
            raise PasskeyRefused("no such challenge, or it was used or is too old")
        return base64url_to_bytes(challenge)

    async def registration_options(self, account: AccountRow, party: RelyingParty) -> str:
        """The options for ``navigator.credentials.create``, as JSON."""
        known = await self.of(account.person_id)
        options = generate_registration_options(
            rp_id=party.id,
            rp_name="Sleuth",
            user_name=account.name,
            user_id=account.person_id.encode(),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=base64url_to_bytes(row.id)) for row in known
            ],
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
        )
        await self._new_challenge(options.challenge, account.person_id)
        return options_to_json(options)

    async def register(
        self, person_id: str, credential: dict[str, Any], party: RelyingParty, device: str
    ) -> PasskeyRow:
        """The passkey added; ``PasskeyRefused``, or ``PasskeyTaken`` if an account has one
        of its id already (nothing is stored then)."""
        _check_id_length(credential.get("id"))
        _check_id_length(credential.get("rawId"))
        expected = await self._take_challenge(_challenge_of(credential), person_id)
        try:
            verified = verify_registration_response(
                credential=credential,
                expected_challenge=expected,
                expected_rp_id=party.id,
                expected_origin=list(party.origins),
            )
        except (WebAuthnException, KeyError, TypeError, ValueError) as error:
            raise PasskeyRefused(f"the passkey was not accepted: {error}") from None
        passkey_id = bytes_to_base64url(verified.credential_id)
        _check_id_length(passkey_id)
        row = PasskeyRow(
            id=passkey_id,
            person_id=person_id,
            public_key=bytes_to_base64url(verified.credential_public_key),
            sign_count=verified.sign_count,
            device=device[:DEVICE_CHARS],
            created_at=time.time(),
        )
        try:
            await self._db.write(lambda session: session.add(row))
        except IntegrityError:  # the id is unique among every account's passkeys
            raise PasskeyTaken() from None
        return row

    async def sign_in_options(self, party: RelyingParty) -> str:
        """The options for ``navigator.credentials.get`` (any passkey of this server)."""
        options = generate_authentication_options(
            rp_id=party.id, user_verification=UserVerificationRequirement.PREFERRED
        )
        await self._new_challenge(options.challenge, None)
        return options_to_json(options)

    async def sign_in(
        self, credential: dict[str, Any], party: RelyingParty, device: str
    ) -> SignedIn:
        """A new session of the passkey's account; ``PasskeyRefused`` otherwise."""
        expected = await self._take_challenge(_challenge_of(credential), None)
        passkey_id = credential.get("id")
        if not isinstance(passkey_id, str) or len(passkey_id.encode()) > ID_BYTES:
            raise PasskeyRefused("not a passkey answer: no id")
        query = select(PasskeyRow, AccountRow).join(
            AccountRow, AccountRow.person_id == PasskeyRow.person_id
        )
        found = await self._db.read(
            lambda session: session.execute(query.where(PasskeyRow.id == passkey_id)).first()
        )
        if found is None:
            raise PasskeyRefused("no account has this passkey")
        passkey, account = found
        try:
            verified = verify_authentication_response(
                credential=credential,
                expected_challenge=expected,
                expected_rp_id=party.id,
                expected_origin=list(party.origins),
                credential_public_key=base64url_to_bytes(passkey.public_key),
                credential_current_sign_count=passkey.sign_count,
            )
        except (WebAuthnException, KeyError, TypeError, ValueError) as error:
            raise PasskeyRefused(f"the passkey was not accepted: {error}") from None
        count = update(PasskeyRow).where(PasskeyRow.id == passkey.id)
        await self._db.write(
            lambda session: session.execute(count.values(sign_count=verified.new_sign_count))
        )
        return await self._accounts.open_session(account, device)

    async def of(self, person_id: str) -> list[PasskeyRow]:
        query = (
            select(PasskeyRow)
            .where(PasskeyRow.person_id == person_id)
            .order_by(PasskeyRow.created_at, PasskeyRow.id)
        )
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def remove(self, person_id: str, passkey_id: str) -> bool:
        query = delete(PasskeyRow).where(
            PasskeyRow.person_id == person_id, PasskeyRow.id == passkey_id
        )

        def work(session: Session) -> int:
            return int(getattr(session.execute(query), "rowcount", 0) or 0)

        return await self._db.write(work) > 0
