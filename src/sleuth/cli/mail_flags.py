"""``sleuth serve``'s flags for notifications by e-mail (issue #36, item 3).

The SMTP password is read from the environment (``SLEUTH_SMTP_PASSWORD``) or a file
(``--smtp-password-file``): a flag's value shows in every process list of the machine.
"""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path
from typing import Any

from sleuth.core.said import Said, said, words_of
from sleuth.i18n import N_

PASSWORD_VARIABLE = "SLEUTH_SMTP_PASSWORD"


def add_mail_arguments(serve: Any) -> None:
    serve.add_argument(
        "--smtp",
        metavar="URL",
        default=None,
        help=N_(
            "send notifications by e-mail through this server, e.g. smtp://user@host:587 "
            "(the password from SLEUTH_SMTP_PASSWORD or --smtp-password-file)"
        ),
    )
    serve.add_argument(
        "--smtp-password-file", type=Path, default=None, help=N_("a file holding the SMTP password")
    )
    serve.add_argument(
        "--mail-from", default=None, metavar="ADDRESS", help=N_("the mails' sender address")
    )
    serve.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help=N_(
            "the address people open the server at, for the links in mails "
            "(default: http://HOST:PORT)"
        ),
    )
    serve.add_argument(
        "--mail-retry",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help=N_("wait before a mail that failed is tried again (doubling each time)"),
    )
    serve.add_argument(
        "--notify-lease",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help=N_(
            "how long a process holds the notifications it took to send before another "
            "process of the same database may send them (40 to 3600: longer than one mail's 30 s "
            "send may take)"
        ),
    )
    serve.add_argument(
        "--no-push", action="store_true", help=N_("no notifications by Web Push to browsers")
    )
    serve.add_argument(
        "--push-service",
        action="append",
        default=[],
        metavar="ORIGIN",
        help=N_(
            "also post pushes to this push service, e.g. https://push.example.org "
            "(the browsers' own are always allowed)"
        ),
    )
    serve.add_argument(
        "--no-hooks",
        action="store_true",
        help=N_("no notifications to chat services and webhooks (Apprise URLs)"),
    )
    serve.add_argument(
        "--hook-private",
        action="store_true",
        help=N_(
            "let people's webhooks post to loopback and local-network addresses "
            "(by default public addresses only)"
        ),
    )


def mail_values(args: argparse.Namespace, shown_host: str) -> dict[str, Any]:
    """The settings' values for mail, or ``ValueError`` saying which flag is wrong."""
    from sleuth.server.mail_address import check_address, parse_smtp

    public_url = args.public_url or f"http://{shown_host}:{args.port}"
    push = push_values(args)
    if not math.isfinite(args.notify_lease) or not 40 <= args.notify_lease <= 3600:
        raise ValueError(said("--notify-lease: a number of seconds from 40 to 3600"))
    push["notify_lease_seconds"] = args.notify_lease
    if args.smtp is None:
        return {"public_url": public_url, **push}
    try:
        server = parse_smtp(args.smtp)
    except ValueError as error:
        raise ValueError(flag_refused("--smtp", error)) from None
    password = os.environ.get(PASSWORD_VARIABLE)
    if args.smtp_password_file is not None:
        try:
            password = args.smtp_password_file.read_text(encoding="utf-8").strip()
        except OSError as error:
            raise ValueError(flag_refused("--smtp-password-file", error)) from None
    if server.user is not None and not password:
        raise ValueError(
            said(
                "--smtp names the user %(user)s but no password: set %(variable)s "
                "or --smtp-password-file",
                user=repr(server.user),
                variable=PASSWORD_VARIABLE,
            )
        )
    # By default the SMTP server's own host: it accepts mail from itself.
    sender = f"sleuth@{server.host}"
    if args.mail_from is not None:
        try:
            sender = check_address(args.mail_from)
        except ValueError as error:
            raise ValueError(flag_refused("--mail-from", error)) from None
    if not math.isfinite(args.mail_retry) or not 0 < args.mail_retry <= 3600:
        raise ValueError(said("--mail-retry: a number of seconds above 0, at most 3600"))
    return {
        "smtp_url": args.smtp,
        "smtp_password": password or None,
        "mail_from": sender,
        "public_url": public_url,
        "mail_retry_seconds": args.mail_retry,
        **push,
    }


def push_values(args: argparse.Namespace) -> dict[str, Any]:
    from sleuth.server.push import service_origin

    try:
        services = tuple(service_origin(text) for text in args.push_service)
    except ValueError as error:
        raise ValueError(flag_refused("--push-service", error)) from None
    return {
        "push": not args.no_push,
        "push_services": services,
        "hooks": not args.no_hooks,
        "hook_private": args.hook_private,
    }


def flag_refused(flag: str, error: Exception) -> Said:
    """A flag's value refused for ``error``'s reason (in the language where it says one; a
    file's reason as the system gives it)."""
    reason = error.strerror if isinstance(error, OSError) and error.strerror else None
    return said("%(flag)s: %(reason)s", flag=flag, reason=words_of(error) or reason or str(error))
