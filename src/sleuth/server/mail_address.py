"""What a person and the operator give for mail (issue #36, item 3): the address a person
gives on the page, and the operator's SMTP server (``sleuth serve --smtp
smtp://user@host:587``). Both checked here, with an error that says what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import idna

from sleuth.core.said import said

PASSWORD_VARIABLE = "SLEUTH_SMTP_PASSWORD"

# --- the address a person gives -----------------------------------------------------------

_LOCAL_PART = re.compile(r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$")
_LABEL = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")


def check_address(text: str) -> str:
    """The address as given (spaces around it dropped), its domain in ASCII (IDNA 2008:
    the form every SMTP server takes, ``ß.de`` as ``xn--zca.de``), or ``ValueError``
    saying what is wrong with it. Only plain addresses: a name, one @, a domain with a
    dot (an address with quotes, comments or a bare host is refused, as no person needs
    one here)."""
    address = text.strip()
    if not address:
        raise ValueError(said("the e-mail address is empty: write one such as ann@example.org"))
    if len(address) > 254:
        raise ValueError(said("the e-mail address is longer than 254 characters"))
    given = repr(address)
    if any(c.isspace() or not c.isprintable() for c in address):
        raise ValueError(
            said(
                "%(address)s is not an e-mail address: it has a space or a line break",
                address=given,
            )
        )
    local, at, domain = address.rpartition("@")
    if not at or not local:
        raise ValueError(
            said(
                "%(address)s is not an e-mail address: it needs a name, @ and a domain",
                address=given,
            )
        )
    if "@" in local:
        raise ValueError(
            said("%(address)s is not an e-mail address: it has more than one @", address=given)
        )
    if len(local) > 64 or not _LOCAL_PART.match(local):
        raise ValueError(
            said(
                "%(address)s is not an e-mail address: the part before @ has a character "
                "addresses do not have",
                address=given,
            )
        )
    if local.startswith(".") or local.endswith(".") or ".." in local:
        raise ValueError(
            said("%(address)s is not an e-mail address: a dot at the wrong place", address=given)
        )
    try:
        # IDNA 2008 (the idna package, which anyio brings), not Python's codec of 2003:
        # that one writes ß.de as ss.de, another domain.
        ascii_domain = idna.encode(domain, uts46=True).decode("ascii")
    except (idna.IDNAError, UnicodeError):
        raise ValueError(
            said(
                "%(address)s is not an e-mail address: %(domain)s is no domain",
                address=given,
                domain=repr(domain),
            )
        ) from None
    labels = ascii_domain.split(".")
    if len(labels) < 2 or not all(_LABEL.match(label) for label in labels) or labels[-1].isdigit():
        raise ValueError(
            said(
                "%(address)s is not an e-mail address: %(domain)s is no domain (such as "
                "example.org)",
                address=given,
                domain=repr(domain),
            )
        )
    return f"{local}@{ascii_domain.lower()}"


# --- the operator's SMTP server ---------------------------------------------------------------


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    user: str | None
    implicit_tls: bool  # smtps://: TLS from the start; smtp://: STARTTLS when offered


def parse_smtp(url: str) -> SmtpServer:
    """``smtp://[user@]host[:port]`` (port 587 by default) or ``smtps://`` (465), or
    ``ValueError``. A password in the URL is refused: it would show in the process list."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError(
            said("%(url)s: the SMTP server's URL starts smtp:// or smtps://", url=repr(url))
        )
    if parts.password is not None:
        raise ValueError(
            said(
                "the SMTP password is never on the command line: set %(variable)s or name a "
                "file with --smtp-password-file",
                variable=PASSWORD_VARIABLE,
            )
        )
    if not parts.hostname:
        raise ValueError(said("%(url)s: no host (smtp://user@host:587)", url=repr(url)))
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(
            said("%(url)s: only smtp://user@host:port, nothing after it", url=repr(url))
        )
    try:
        port = parts.port
    except ValueError:
        raise ValueError(
            said("%(url)s: the port is not a number from 1 to 65535", url=repr(url))
        ) from None
    implicit = parts.scheme == "smtps"
    return SmtpServer(parts.hostname, port or (465 if implicit else 587), parts.username, implicit)
