"""The mails of notifications (issue #36, item 3): one event's, a day's digest, and the
confirmation of a new address.

A mail says what the person's seat sees anyway: the table's id and link, the game's title,
that it is their move or that the game is over; never a card, the solution or the seed. It
is written in the language the person chose on the page, and ends with a link that turns
that kind of mail off (``mail_links``).
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import make_msgid

from sleuth.i18n import N_, translate

from .event_words import event_words
from .notify import CLOCK_LOW, GAME_OVER, INVITED, YOUR_MOVE

# What each kind of mail is, in the unsubscribe page's question and a digest's links.
KIND_WHAT = {
    YOUR_MOVE: N_("mails when it is your move"),
    GAME_OVER: N_("mails when a game is over"),
    INVITED: N_("mails when you are invited"),
    CLOCK_LOW: N_("mails when your clock runs low"),
}
DIGEST_SUBJECT = N_("Sleuth: your day at your tables")
DIGEST_STOP = N_("No more %(what)s: %(link)s")
OPEN_TABLE = N_("Open the table: %(link)s")
WHY = N_("You get this mail because you asked for it in your Sleuth account.")
STOP = N_("No more mails of this kind: %(link)s")
CONFIRM_SUBJECT = N_("Confirm your address for Sleuth's mails")
CONFIRM_BODY = N_(
    "Someone asked for Sleuth's notifications to be sent to this address. "
    "Open this link to confirm it: %(link)s"
)
CONFIRM_IGNORE = N_("If it was not you, ignore this mail: no other mail will follow.")


@dataclass(frozen=True)
class Mail:
    """What one mail says: all of it is what the person's own seat shows."""

    kind: str
    table_id: str
    game: str  # the game's name; its title is shown
    notice_id: int
    inviter: str | None = None  # an invitation's inviter's display name, when known
    expired: bool = False  # the table expired waiting: its "game over" says so


def compose(
    mail: Mail,
    to: str,
    language: str,
    sender: str,
    public_url: str,
    unsubscribe: str,
) -> EmailMessage:
    """The mail, in ``language``; ``unsubscribe``: the token of its link."""
    headline, opening = event_words(
        mail.kind, mail.table_id, mail.game, language, mail.inviter, mail.expired
    )
    base = public_url.rstrip("/")
    stop_link = f"{base}/mail/unsubscribe/{unsubscribe}"
    body = "\n\n".join(
        [
            opening,
            translate(language, OPEN_TABLE) % {"link": f"{base}/t/{mail.table_id}"},
            "-- \n"
            + translate(language, WHY)
            + "\n"
            + translate(language, STOP) % {"link": stop_link},
        ]
    )
    message = EmailMessage(policy=MAIL_POLICY)
    message["Subject"] = headline
    message["From"] = sender
    message["To"] = to
    # One id a notification: a receiver (and a test) tells a mail sent twice from two.
    message["Message-ID"] = make_msgid(f"notice-{mail.notice_id}", _domain(sender))
    message["List-Unsubscribe"] = f"<{stop_link}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(body + "\n")
    message["Content-Language"] = language  # after the content, which sets its own headers
    return message


def compose_digest(
    mails: list[Mail],
    to: str,
    language: str,
    sender: str,
    public_url: str,
    unsubscribe: dict[str, str],
) -> EmailMessage:
    """One mail listing ``mails`` (a day's), table by table, in ``language``; it ends with
    a link for each kind listed that turns it off (``unsubscribe``: kind -> token)."""
    base = public_url.rstrip("/")
    tables: dict[str, list[str]] = {}
    for mail in mails:
        opening = event_words(
            mail.kind, mail.table_id, mail.game, language, mail.inviter, mail.expired
        )[1]
        said = tables.setdefault(mail.table_id, [])
        if opening not in said:  # one "your move" a table, however many came
            said.append(opening)
    blocks = [
        "\n".join([*said, translate(language, OPEN_TABLE) % {"link": f"{base}/t/{table}"}])
        for table, said in tables.items()
    ]
    kinds = list(dict.fromkeys(mail.kind for mail in mails))
    links = {kind: f"{base}/mail/unsubscribe/{unsubscribe[kind]}" for kind in kinds}
    stops = [
        translate(language, DIGEST_STOP)
        % {"what": translate(language, KIND_WHAT[kind]), "link": links[kind]}
        for kind in kinds
    ]
    message = EmailMessage(policy=MAIL_POLICY)
    message["Subject"] = translate(language, DIGEST_SUBJECT)
    message["From"] = sender
    message["To"] = to
    message["Message-ID"] = make_msgid(f"digest-{mails[0].notice_id}", _domain(sender))
    message["List-Unsubscribe"] = f"<{links[kinds[0]]}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    footer = "-- \n" + "\n".join([translate(language, WHY), *stops])
    message.set_content("\n\n".join([*blocks, footer]) + "\n")
    message["Content-Language"] = language
    return message


def compose_confirmation(
    to: str, language: str, sender: str, public_url: str, token: str
) -> EmailMessage:
    """The one mail an address gets before it is confirmed: the link that confirms it."""
    link = f"{public_url.rstrip('/')}/mail/confirm/{token}"
    message = EmailMessage(policy=MAIL_POLICY)
    message["Subject"] = translate(language, CONFIRM_SUBJECT)
    message["From"] = sender
    message["To"] = to
    message["Message-ID"] = make_msgid("confirm", _domain(sender))
    message["Auto-Submitted"] = "auto-generated"
    text = translate(language, CONFIRM_BODY) % {"link": link}
    message.set_content(text + "\n\n" + translate(language, CONFIRM_IGNORE) + "\n")
    message["Content-Language"] = language
    return message


# Header lines up to SMTP's limit: a longer unsubscribe link folded at the usual 78 would be
# written as encoded words, which mail programs do not read as a link.
MAIL_POLICY = SMTP.clone(max_line_length=998)


def _domain(address: str) -> str:
    return address.rpartition("@")[2].strip(" >") or "localhost"
