"""Database rows (SQLAlchemy 2). Kept apart from the wire schemas and the engine's types.

A table's truth is its row, its seats and its steps: the game is re-dealt from the seed and
every step re-applied, so nothing else needs storing. The seed and salt are secret until the
end; nothing in these rows is sent as it is.
"""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class PersonRow(Base):
    """A browser identity: the SHA-256 of its cookie's secret and a display name."""

    __tablename__ = "people"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[float] = mapped_column(Float)


class AccountRow(Base):
    """A person who signed up: the name they sign in with and their password's argon2id
    hash. ``name_key`` is the name as compared (NFKC, casefolded), unique."""

    __tablename__ = "accounts"
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), primary_key=True
    )
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """One signed-in browser of an account: the SHA-256 of its cookie's secret."""

    __tablename__ = "account_sessions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), index=True
    )
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    device: Mapped[str] = mapped_column(String(100))  # the browser's User-Agent, shortened
    created_at: Mapped[float] = mapped_column(Float)


class PasskeyRow(Base):
    """A passkey (WebAuthn credential) of an account: its id and public key, base64url."""

    __tablename__ = "passkeys"
    id: Mapped[str] = mapped_column(String(400), primary_key=True)
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), index=True
    )
    public_key: Mapped[str] = mapped_column(Text)
    sign_count: Mapped[int] = mapped_column(Integer)
    device: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[float] = mapped_column(Float)


class ChallengeRow(Base):
    """A WebAuthn challenge handed out and not yet answered: used once, then deleted.
    ``person_id``: the account adding a passkey (None: a sign-in)."""

    __tablename__ = "passkey_challenges"
    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    person_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


# A table's statuses. Only a waiting or playing table is open: the others have ended, a
# finished one played to its end, an expired one never started (``expiry``).
WAITING = "waiting"
PLAYING = "playing"
FINISHED = "finished"
EXPIRED = "expired"
ENDED = (FINISHED, EXPIRED)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    config: Mapped[str] = mapped_column(Text)  # the game's config JSON
    seed: Mapped[str] = mapped_column(Text)  # decimal, 128 bits from `secrets`
    salt: Mapped[str] = mapped_column(String(64))  # hex; the commitment hashes seed and salt
    bot_seed: Mapped[str] = mapped_column(Text)  # bots' randomness, never the game seed
    sheet: Mapped[str] = mapped_column(String(8))
    clock: Mapped[str] = mapped_column(String(8))
    per_move: Mapped[float | None] = mapped_column(Float, nullable=True)
    # Seconds a person's seat must be away (no channel open) before the others may hand it
    # to the table's bot; only at a table without a clock (a clock's own bot plays sooner).
    away_after: Mapped[float] = mapped_column(Float)
    takeover_bot: Mapped[str] = mapped_column(String(200))
    spectators: Mapped[bool] = mapped_column(Boolean)
    listed: Mapped[bool] = mapped_column(Boolean)
    # waiting, playing, finished; expired: a waiting table left unstarted (``expiry``)
    status: Mapped[str] = mapped_column(String(10), index=True)
    step: Mapped[int] = mapped_column(Integer)
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # Rated tables move their players' ratings when they finish (``ratings``); casual not.
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # A clock's time bank for each seat, in seconds, and the days a person's clock stands
    # still on vacation in the whole game (``clocks``; migration 0013).
    bank: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    vacation_days: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # A waiting table's last sign of life (made, a seat taken, a chat line): the sweep
    # expires one left this long (``expiry``; migration 0016). ``created_from``: the client
    # address that dealt it, which a cap on waiting tables counts (``deps.client_address``),
    # kept only while the table waits (cleared when it starts or expires).
    active_at: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    created_from: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)


class SeatRow(Base):
    """One seat: a person (``person_id`` once someone joined) or a bot (``bot`` its spec).

    ``takeover``: a person's seat played by ``bot`` for now (time ran out, or the others
    replaced a missing person); the person may take it back. ``since``: when the seat last
    changed hands, a clock's start if later than the last step.
    """

    __tablename__ = "seats"
    # One person, one seat of a table, kept by the database itself (migration 0002).
    __table_args__ = (Index("uq_seats_table_person", "table_id", "person_id", unique=True),)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    takeover: Mapped[bool] = mapped_column(Boolean)
    person_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    since: Mapped[float] = mapped_column(Float)
    notes: Mapped[str] = mapped_column(Text)  # the hand-kept sheet (level off), JSON


class LeaverRow(Base):
    """A person who gave up a seat (``owner.leave``; migration 0014). That person's page,
    offline when it happened, is told at its reconnection that the seat is gone (4410),
    where anyone else is told only that it is not theirs (4403)."""

    __tablename__ = "seat_leavers"
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    person_id: Mapped[str] = mapped_column(String(32), primary_key=True)


class StandInRow(Base):
    """A person a bot played a seat for during the game (left it, away, out of time;
    migration 0015): a rated table ranks them last, even back at the seat by its end."""

    __tablename__ = "stand_ins"
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    person_id: Mapped[str] = mapped_column(String(32), primary_key=True)


class StepRow(Base):
    """One accepted action. The unique number per table orders the table across processes:
    a second process that inserts the same number is refused and re-reads."""

    __tablename__ = "steps"
    __table_args__ = (UniqueConstraint("table_id", "number", name="uq_steps_table_number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    result: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class NewStep(NamedTuple):
    """A step this process has just accepted, as the store commits it and its table keeps
    it: a ``StepRow``'s values without the ORM object, which cost 11 us to make at every
    step of every table (measured in a loop)."""

    table_id: str
    number: int
    seat: int
    action: str
    result: str
    at: float


# A step as the store commits it and a table takes it: read back, or just accepted here.
AnyStep = StepRow | NewStep


class VacationRow(Base):
    """A person's vacation: from when until when their clocks stand still (``clocks``).
    Ended early, ``ends_at`` is when it was ended. Kept after: finished turns' banks are
    worked out from them."""

    __tablename__ = "vacations"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), index=True
    )
    starts_at: Mapped[float] = mapped_column(Float)
    ends_at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class RateRow(Base):
    """A counter of ``sleuth.server.ratelimit``: a limit's key (the limit and the client's
    address), the count in its window, and when the window ends."""

    __tablename__ = "rate_limits"
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class RatingRow(Base):
    """A player's rating in one game: a person (``person:ID``) or a bot (``bot:SPEC``),
    Plackett-Luce's mean and uncertainty (openskill), from finished rated tables."""

    __tablename__ = "ratings"
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    player: Mapped[str] = mapped_column(String(210), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float, index=True)  # mu - 3 sigma: the board's order
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)


class RatedTableRow(Base):
    """A finished rated table whose result is in the ratings: each counts once, whichever
    process rates it first."""

    __tablename__ = "rated_tables"
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    rated_at: Mapped[float] = mapped_column(Float)


class MailSettingsRow(Base):
    """A person's e-mail address for notifications, the page's language they chose, and
    which kinds of event they want mailed (``notify.KINDS``)."""

    __tablename__ = "mail_settings"
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str] = mapped_column(String(254))
    language: Mapped[str] = mapped_column(String(8))
    your_move: Mapped[bool] = mapped_column(Boolean)
    game_over: Mapped[bool] = mapped_column(Boolean)
    invited: Mapped[bool] = mapped_column(Boolean)
    clock_low: Mapped[bool] = mapped_column(Boolean)
    updated_at: Mapped[float] = mapped_column(Float)
    # None until the link of the confirmation mail is opened: nothing else goes to it before.
    confirmed_at: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    confirm_sent_at: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    # None: a mail per event; an hour (0-23) of ``digest_zone``: one mail a day at that hour.
    digest_hour: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    digest_zone: Mapped[str] = mapped_column(String(64), server_default="UTC", default="UTC")


class NotificationRow(Base):
    """An event to tell a person (``notify``): written when it happens, sent by a sender
    task of any process. It names the table and the step only; the mail is made from what
    that person's seat may see when it is sent. ``claimed_by``/``claimed_until``: the
    sender that took it, until when (another takes it after, if that one died)."""

    __tablename__ = "notifications"
    __table_args__ = (
        UniqueConstraint(
            "person_id",
            "kind",
            "table_id",
            "step",
            "channel",
            "target",
            name="uq_notifications_event",
        ),
        Index("ix_notifications_due", "sent_at", "next_try_at"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"))
    step: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer)
    next_try_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # None: given up
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    claimed_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    claimed_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    # "mail", or "push" to one browser: ``target`` its subscription's id (0 for mail).
    channel: Mapped[str] = mapped_column(String(8), server_default="mail")
    target: Mapped[int] = mapped_column(Integer, server_default="0")


class BotAccountRow(Base):
    """A network bot's account (``netbots``): its name at tables (``net:NAME``), the person
    who issued it, and the SHA-256 of its token (shown once, when issued)."""

    __tablename__ = "bot_accounts"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[float] = mapped_column(Float)


class RetiredBotNameRow(Base):
    """A bot name whose account was revoked or went with its owner's: never issued again
    (a table's seat names ``net:NAME``; a new bot of that name would play the old one's)."""

    __tablename__ = "retired_bot_names"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    retired_at: Mapped[float] = mapped_column(Float)


class PushSettingsRow(Base):
    """Which kinds of event a person wants pushed to their browsers (``notify.KINDS``)."""

    __tablename__ = "push_settings"
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), primary_key=True
    )
    your_move: Mapped[bool] = mapped_column(Boolean)
    game_over: Mapped[bool] = mapped_column(Boolean)
    invited: Mapped[bool] = mapped_column(Boolean)
    clock_low: Mapped[bool] = mapped_column(Boolean)
    updated_at: Mapped[float] = mapped_column(Float)


class PushSubscriptionRow(Base):
    """One browser's Web Push subscription: where its push service takes messages for it
    (``endpoint``) and the keys they are encrypted to. ``failures``: tries failed since
    the last that went through (the settings show it failing); ``language``: the page's
    when it subscribed, the language of its notifications."""

    __tablename__ = "push_subscriptions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), index=True
    )
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    language: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[float] = mapped_column(Float)
    failures: Mapped[int] = mapped_column(Integer, server_default="0")
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)


class InvitationRow(Base):
    """A table's creator asks one account, by its name, to take a free person's seat
    (``invites``). Only that account answers it; ``state`` is open until it is accepted,
    declined, or spent (the seat was taken otherwise, the table started); an open one past
    ``expires_at`` is expired. No token: the invitee's signed-in identity opens it."""

    __tablename__ = "invitations"
    __table_args__ = (
        # One open invitation of an account to a table, kept by the database itself (of two
        # requests at once, one makes it); an expired one is closed as a new one is made.
        Index(
            "uq_invitations_open",
            "table_id",
            "invitee_id",
            unique=True,
            sqlite_where=text("state = 'open'"),
            postgresql_where=text("state = 'open'"),
        ),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    inviter_id: Mapped[str] = mapped_column(String(32), ForeignKey("people.id", ondelete="CASCADE"))
    invitee_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), index=True
    )
    state: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    answered_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class HookRow(Base):
    """One of a person's chat services or webhooks, as an Apprise URL (``hooks``): where its
    notifications go, which kinds it takes, and in which language. ``shown``: the URL as
    Apprise writes it with its secrets masked, all the page ever shows of it. ``failures``:
    tries failed since the last that went through (the settings show it failing)."""

    __tablename__ = "hooks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("people.id", ondelete="CASCADE"), index=True
    )
    url: Mapped[str] = mapped_column(Text)
    shown: Mapped[str] = mapped_column(Text)
    language: Mapped[str] = mapped_column(String(8))
    your_move: Mapped[bool] = mapped_column(Boolean)
    game_over: Mapped[bool] = mapped_column(Boolean)
    invited: Mapped[bool] = mapped_column(Boolean)
    clock_low: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[float] = mapped_column(Float)
    failures: Mapped[int] = mapped_column(Integer, server_default="0")
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
