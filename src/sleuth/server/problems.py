"""Every refusal the service says to a person, by a stable code, with the words the page translates.

An error frame of the play channel and an HTTP error's body keep their English (``message``,
``detail``) for API clients, and add ``template`` and ``values``: the page looks the template
up in its catalogue (the English text is the catalogue's key, one source of strings) and
fills in the values, so a person reads the refusal in the page's language. A rules engine's
refusal of a move carries its own template (``sleuth.core.said``); the service's own are
declared here, each with ``problem(code, template)`` so that ``pybabel extract`` finds them,
and ``PROBLEMS`` lists them all for the test that each has a German and a Japanese entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.said import Said, SaidValue, words_of

PROBLEMS: list[Problem] = []


@dataclass(frozen=True)
class Problem:
    """One kind of refusal: its code (what a client may act on) and its English template."""

    code: str
    template: str

    def __call__(self, **values: SaidValue) -> Said:
        return Said(self.template, values, self.code)


def problem(code: str, template: str) -> Problem:
    declared = Problem(code, template)
    PROBLEMS.append(declared)
    return declared


# --- the play channel ---------------------------------------------------------------------------
RATE_LIMITED = problem("rate_limited", "more than %(rate)s messages a second")
BINARY = problem("malformed", "messages are JSON text, not binary")
TOO_LARGE = problem("too_large", "a message is at most %(bytes)s bytes")
SEAT_GONE = problem("forbidden", "this channel no longer holds its seat")
SPECTATOR = problem("forbidden", "a spectator only watches")
SESSION_ENDED = problem(
    "signed_out", "the session that opened this channel has ended: sign in again to play"
)
# Spectators' channels from one client address (``limits.WatchLimits``).
WATCHING_THIS_TABLE = problem(
    "too_many_watching",
    "%(count)s channels from this address watch this table already: close one first",
)
SEAT_CHANNELS = problem(
    "too_many_seat_channels",
    "%(count)s channels of this seat are open already: close one first",
)
WATCHING_TABLES = problem(
    "too_many_watching",
    "%(count)s channels from this address watch tables already: close one first",
)
NO_BOT_HERE = problem("not_a_bot", "seat %(seat)s is not played by a bot")
BOT_ALREADY = problem("a_bot_already", "seat %(seat)s is played by a bot already")
OUT_OF_TIME = problem(
    "out_of_time",
    "seat %(seat)s's time for this move ran out: its bot makes the move, then take the seat back",
)

# --- a move refused by the table (the rules engine gives its own reasons) ------------------------
NOT_STARTED = problem("not_started", "the table has not started: seats are still free")
GAME_OVER = problem("game_over", "the game is over")
BOT_PLAYS = problem(
    "bot_plays", "seat %(seat)s is played by a bot for now: take the seat back first"
)
STALE = problem("stale", "step %(step)s is past: the table is at step %(now)s")
BUSY = problem("busy", "the table is busy: try again")
NO_GRID = problem("no_grid", "%(game)s keeps no hand-marked grid")
ENGINE_SHEET = problem("engine_sheet", "this table's sheet is filled by the engine, not by hand")
NO_ROW = problem("no_row", "notes: no row %(card)s")
NO_COLUMN = problem("no_column", "notes: no column %(place)s")

# --- who may do what at a table (sleuth.server.access) -------------------------------------------
NO_SEAT = problem("no_seat", "no seat %(seat)s at this %(seats)s-seat table")
NOT_YOUR_SEAT_CHANNEL = problem("forbidden", "this token or identity does not open this seat")
NO_SPECTATORS = problem("no_spectators", "this table takes no spectators")
CHAT_FOR_SEATS = problem(
    "no_spectators", "this table takes no spectators: its chat is for its seats"
)
SEATED_ONLY = problem("seated_only", "only a person seated at this table may do that")
TOKEN_OPENS_NOTHING = problem("bad_invite", "this token opens no seat at this table")
NOT_LISTED = problem("not_listed", "this table is not listed: its seats open by invite only")
STARTED = problem("started", "the game has started: seats are taken before the deal")
BOTS_SEAT = problem("bots_seat", "seat %(seat)s is a bot's")
SEAT_TAKEN = problem("seat_taken", "seat %(seat)s is taken")
NO_IDENTITY = problem("no_identity", "no identity: POST /api/people with a display name first")
ONE_SEAT = problem("one_seat", "you hold another seat at this table: one seat a person")
NOT_YOURS = problem("not_yours", "seat %(seat)s is not yours")
NOT_STARTED_KEPT = problem(
    "not_started", "the game has not started: a seat taken is kept until it does"
)
ONLY_DURING = problem("not_playing", "only during a game")
PRESENT = problem("present", "seat %(seat)s's person is at the table")
NOT_OVER = problem("not_over", "the game is not over")
REMATCH_SEATED = problem("seated_only", "only a person seated at the table asks for its rematch")
RECORD_AFTER_END = problem(
    "not_over",
    "the game is not over: its record (and seed), replay and review come after the reveal",
)
# A waiting table left unstarted past the operator's while (``expiry``).
TABLE_EXPIRED = problem(
    "expired", "this table expired before it started: it takes no one and nothing any more"
)

# --- the HTTP routes ------------------------------------------------------------------------------
NO_TABLE = problem("no_table", "no table %(table)s")
ORIGIN = problem("origin", "this Origin may not use the service")
TOO_MANY_NEW = {
    "tables": problem(
        "too_many_new",
        "too many new tables from this address: at most %(amount)s per %(window)s; "
        "try again in %(wait)s s",
    ),
    "people": problem(
        "too_many_new",
        "too many new people from this address: at most %(amount)s per %(window)s; "
        "try again in %(wait)s s",
    ),
}
TOO_MANY_WAITING = problem(
    "too_many_waiting",
    "%(count)s tables dealt by you or from this address wait for people already, the most "
    "there may be: start one, or wait until one expires",
)
PASSWORDS_BUSY = problem(
    "passwords_busy", "too many people are signing in right now: try again in a few seconds"
)
TOO_MANY_READS = problem(
    "too_many_reads",
    "too many replays, reviews and records from this address: at most %(amount)s per "
    "%(window)s; try again in %(wait)s s",
)
# Replays, reviews and records (``sleuth.server.reviews``, ``routers.review``).
READS_BUSY = problem(
    "busy",
    "%(count)s replays, reviews and records are being worked out: try again in a few seconds",
)
READS_QUEUED = problem(
    "reads_queued",
    "%(count)s replays, reviews and records asked from this address are being worked out: "
    "try again once they are done",
)
READS_QUEUED_NETWORK = problem(
    "reads_queued",
    "%(count)s replays, reviews and records asked from this network are being worked out: "
    "try again once they are done",
)
WORKER_STOPPED = problem("busy", "the worker stopped while working this out: try again")
NO_REVIEW = problem("no_review", "this game has no review")
REVIEW_NO_REPLAY = problem(
    "review_no_replay",
    "this table's moves no longer replay on this server (%(reason)s), so no review is worked out",
)
REVIEW_REFUSED = problem(
    "review_refused", "the review of this game cannot be worked out: %(reason)s"
)
# A seat handed to a bot by the others (``TableOwner.hand_to_bot``).
CLOCK_TAKES_OVER = problem(
    "clock_table",
    "this table has a clock: a seat whose time runs out is played by its bot without asking",
)
PERSON_PRESENT = problem("person_present", "seat %(seat)s's person is at the table")
AWAY_TOO_SHORT = {
    "minute": problem(
        "away_too_short",
        "seat %(seat)s's person has been away less than 1 minute: a bot may play the seat only "
        "after that long",
    ),
    "minutes": problem(
        "away_too_short",
        "seat %(seat)s's person has been away less than %(count)s minutes: a bot may play the "
        "seat only after that long",
    ),
    "second": problem(
        "away_too_short",
        "seat %(seat)s's person has been away less than 1 second: a bot may play the seat only "
        "after that long",
    ),
    "seconds": problem(
        "away_too_short",
        "seat %(seat)s's person has been away less than %(count)s seconds: a bot may play the "
        "seat only after that long",
    ),
}
TOO_MANY_INVITE_CHECKS = problem(
    "too_many_reads",
    "too many invite checks from this address: at most %(amount)s per %(window)s; "
    "try again in %(wait)s s",
)
# A rated table rates accounts, and its result is its seated people's own (``owner``).
ACCOUNT_NEEDED = problem(
    "account_needed", "a rated table seats signed-up players only: sign up or sign in first"
)
RATED_TAKEOVER_ONLY = problem(
    "rated_takeover",
    "at a rated table only the table's own bot plays a missing person's seat: choose no other",
)
RATED_OWN_SEAT = problem(
    "rated_own_seat",
    "at a rated table no bot plays your own seat: its result is rated as yours",
)
SIT_WHO = problem("no_identity", "sit: POST /api/people with a display name first")
PASSKEY_NEEDS_PASSWORD = problem(
    "password_needed",
    "adding a passkey needs the account's password, or a sign-in on this browser in the last "
    "%(minutes)s minutes",
)
PASSKEY_TAKEN = problem("passkey_taken", "this passkey is added to an account already")
PASSKEY_ID_TOO_LONG = problem("passkey_id_too_long", "a passkey's id is at most %(bytes)s bytes")
NAME_HIDDEN_CHARACTER = problem(
    "bad_name", "an account's name may not hold an invisible character (%(character)s)"
)
NAME_KEY_TOO_LONG = problem(
    "bad_name", "this name is too long once its characters are written out: at most %(chars)s"
)
SIT_NOT_PERSON = problem("not_a_person", "sit: seat %(seat)s is not a person's seat")

# --- network bots (``netbots``) ------------------------------------------------------------------
NET_SEAT_ONLY = problem(
    "net_seat_only", "a network bot (net:NAME) plays only a seat it is given when a table is made"
)
NET_BOT_NAME = problem(
    "net_bot_name", "bot name %(name)s: 2-32 lowercase letters, digits, - or _, a letter first"
)
NET_BOT_TAKEN = problem("net_bot_taken", "the bot name %(name)s is taken")
NET_BOTS_MANY = problem("net_bots_many", "a person issues at most %(count)s bot accounts")
NET_BOT_AWAY = problem("net_bot_away", "the network bot %(name)s is not connected")
NET_BOT_BUSY = problem("net_bot_busy", "the network bot %(name)s is playing at another table")
NET_BOT_TWICE = problem("net_bot_twice", "the network bot %(name)s takes one seat at a table")
NET_BOT_NOT_GAME = problem(
    "net_bot_not_game", "the network bot %(name)s takes no challenges to %(game)s"
)
NET_CHALLENGE_WAITING = problem(
    "net_challenge_waiting", "your challenge to %(name)s still waits for its answer"
)
NET_CHALLENGE_DECLINED = problem(
    "net_challenge_declined", "the network bot %(name)s declined your challenge"
)
NET_CHALLENGE_UNANSWERED = problem(
    "net_challenge_unanswered",
    "the network bot %(name)s did not answer your challenge within %(seconds)s s: no table",
)
TOO_MANY_CHALLENGES = problem(
    "too_many_challenges",
    "too many challenges: at most %(amount)s per %(window)s; try again in %(wait)s s",
)
NET_BOT_WHO = problem(
    "net_bot_who", "a network bot is asked by a player: sign in, or play as a guest, first"
)
NET_BOT_NOT_YOURS = problem("net_bot_not_yours", "you have no bot account named %(name)s")
BOT_TOKEN_UNKNOWN = problem(
    "bot_token_unknown",
    "this bot token is not known: a signed-in person issues one (POST /api/bots)",
)


# --- invitations of an account by its name (``invites``) -----------------------------------------
INVITE_CREATOR_ONLY = problem(
    "creator_only", "only the table's creator invites a player by name to its seats"
)
NO_PLAYER = problem(
    "no_player", "there is no player named %(name)s (only a player with an account is invited)"
)
INVITE_YOURSELF = problem("invite_yourself", "you cannot invite yourself: take the seat")
INVITEE_SEATED = problem("invitee_seated", "%(name)s holds a seat at this table already")
INVITED_ALREADY = problem("invited_already", "%(name)s is invited to this table already")
TOO_MANY_CONFIRMATIONS = problem(
    "too_many_confirmations",
    "too many confirmation mails for this account or this address: at most %(amount)s per "
    "%(window)s; try again in %(wait)s s",
)
TOO_MANY_INVITATIONS = problem(
    "too_many_invitations",
    "too many invitations from you: at most %(amount)s per %(window)s; try again in %(wait)s s",
)
INVITEE_FLOODED = problem(
    "invitee_flooded",
    "%(name)s was invited too often: at most %(amount)s invitations per %(window)s; "
    "try again in %(wait)s s",
)
NO_INVITATION = problem("no_invitation", "no invitation %(invitation)s for you")
INVITATION_ACCEPTED = problem("invitation_used", "invitation %(invitation)s is accepted already")
INVITATION_DECLINED = problem("invitation_used", "invitation %(invitation)s was declined")
INVITATION_EXPIRED = problem("invitation_expired", "invitation %(invitation)s has expired")
INVITATION_SPENT = problem(
    "invitation_spent", "invitation %(invitation)s is spent: its seat was taken or the game began"
)
# --- chat services and webhooks (``hooks``) -------------------------------------------------------
HOOK_EMPTY = problem(
    "hook_url", "the URL is empty: paste one such as discord://… or json://host/path"
)
HOOK_LONG = problem("hook_url", "the URL is longer than %(chars)s characters")
HOOK_SPACE = problem("hook_url", "the URL has a space or a line break in it")
HOOK_NO_SCHEME = problem(
    "hook_url",
    "not an Apprise URL: it starts with a service's scheme, such as discord:// or json://",
)
HOOK_SCHEME = problem(
    "hook_scheme", "%(scheme)s:// is not a service this server posts to (it posts to %(schemes)s)"
)
HOOK_ATTACHMENT = problem(
    "hook_attachment", "the URL asks for an attachment: notifications have none"
)
HOOK_MALFORMED = problem(
    "hook_url",
    "the %(scheme)s:// URL is not one Apprise can send to: a part is missing or malformed "
    "(see the service's URL form in Apprise's documentation)",
)
HOOK_HOST_UNKNOWN = problem(
    "hook_host", "the host %(host)s is not found (its name does not resolve)"
)
HOOK_HOST_PRIVATE = problem(
    "hook_private",
    "the host %(host)s is at %(address)s, a private address (loopback, local network or "
    "link-local): this server posts to public addresses only",
)
HOOK_HOST_SLOW = problem(
    "hook_host", "the URL's host did not resolve within %(seconds)s s: try again later"
)
HOOK_TWICE = problem("hook_twice", "this URL is one of your hooks already")
HOOKS_MANY = problem("hooks_many", "an account has %(most)s hooks at most: remove one first")
NO_HOOKS = problem(
    "no_hooks",
    "this server sends to no chat service or webhook (it was started with --no-hooks)",
)
NO_SUCH_HOOK = problem("no_such_hook", "no such hook among this account's")

# --- a person's notices by mail, push or hook (their settings' routes) ------------------------
NO_SUCH_LANGUAGE = problem("no_language", "language: %(language)s is not one of %(languages)s")
MAIL_SETTING = problem("mail_setting", "%(field)s: %(reason)s")

# --- a person's vacation (``vacations``) ---------------------------------------------------------
VACATION_DAYS = problem(
    "vacation_days", "days: a vacation is %(least)s-%(most)s days, not %(days)s"
)
ON_VACATION = problem(
    "on_vacation", "a vacation is under way until %(until)s: end it before starting another"
)
VACATION_ALLOWANCE = problem(
    "vacation_allowance",
    "at most %(most)s vacation days in any 365 days: %(left)s left now, %(days)s asked",
)
NO_VACATION = problem("no_vacation", "no vacation under way")
NO_VACATIONS = problem("no_vacations", "this server keeps no vacations")


def error_fields(message: str) -> dict[str, object]:
    """What an error's body or frame adds to its English, if it was said in words the
    page can translate: the code of a service's refusal, the template and its values."""
    if not isinstance(message, Said):
        return {}
    fields: dict[str, object] = {"problem": message.code} if message.code else {}
    return fields | message.wire()


def said_or_text(error: BaseException) -> str:
    """The error's words (a ``Said``, if it was raised with one), else its text."""
    return words_of(error) or str(error)
