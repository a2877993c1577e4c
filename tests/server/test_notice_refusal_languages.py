"""A person's notice settings refused in their language (issue #35): the e-mail address,
the time zone and hour of the daily digest, a browser's push subscription, and the
operator's SMTP URL and push service are refused in words with values, which the page (or
the terminal) says in German or Japanese; in English they read as before. The example time
zone is one a person of the language would write."""

from __future__ import annotations

import base64
from collections.abc import Callable

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from sleuth.core.said import said_in
from sleuth.server.digest import check_hour, check_zone
from sleuth.server.mail_address import check_address, parse_smtp
from sleuth.server.problems import NO_SUCH_LANGUAGE
from sleuth.server.push import check_subscription, service_origin
from support.said_errors import refusals

LANGUAGES = ("en", "de", "ja")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


# The public key of the private value 1 (the curve's base point): a real P-256 key.
P256DH = b64url(
    ec.derive_private_key(1, ec.SECP256R1())
    .public_key()
    .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
)
AUTH = b64url(bytes(16))
BROWSERS = "https://fcm.googleapis.com/fcm/send/abc"

ADDRESSES = [
    "",
    "a" * 250 + "@x.org",
    "ann example@x.org",
    "example.org",
    "ann@@example.org",
    "ann(x)@x.org",
    ".ann@x.org",
    "ann@-x-.org",
    "ann@localhost",
]
ADDRESS_SAID = {
    "en": [
        "the e-mail address is empty: write one such as ann@example.org",
        "the e-mail address is longer than 254 characters",
        "'ann example@x.org' is not an e-mail address: it has a space or a line break",
        "'example.org' is not an e-mail address: it needs a name, @ and a domain",
        "'ann@@example.org' is not an e-mail address: it has more than one @",
        "'ann(x)@x.org' is not an e-mail address: the part before @ has a character addresses "
        "do not have",
        "'.ann@x.org' is not an e-mail address: a dot at the wrong place",
        "'ann@-x-.org' is not an e-mail address: '-x-.org' is no domain",
        "'ann@localhost' is not an e-mail address: 'localhost' is no domain (such as example.org)",
    ],
    "de": [
        "die E-Mail-Adresse ist leer: schreib eine wie ann@example.org",
        "die E-Mail-Adresse ist länger als 254 Zeichen",
        "'ann example@x.org' ist keine E-Mail-Adresse: sie enthält ein Leerzeichen oder einen "
        "Zeilenumbruch",
        "'example.org' ist keine E-Mail-Adresse: sie braucht einen Namen, @ und eine Domain",
        "'ann@@example.org' ist keine E-Mail-Adresse: sie hat mehr als ein @",
        "'ann(x)@x.org' ist keine E-Mail-Adresse: der Teil vor dem @ enthält ein Zeichen, das "
        "Adressen nicht haben",
        "'.ann@x.org' ist keine E-Mail-Adresse: ein Punkt an der falschen Stelle",
        "'ann@-x-.org' ist keine E-Mail-Adresse: '-x-.org' ist keine Domain",
        "'ann@localhost' ist keine E-Mail-Adresse: 'localhost' ist keine Domain (wie example.org)",
    ],
    "ja": [
        "メールアドレスが空です：ann@example.org のように書いてください",
        "メールアドレスが254文字より長いです",
        "'ann example@x.org' はメールアドレスではありません：空白か改行が入っています",
        "'example.org' はメールアドレスではありません：名前、@、ドメインが必要です",
        "'ann@@example.org' はメールアドレスではありません：@ が2つ以上あります",
        "'ann(x)@x.org' はメールアドレスではありません：@ の前の部分にアドレスで使えない"
        "文字があります",
        "'.ann@x.org' はメールアドレスではありません：点の位置が正しくありません",
        "'ann@-x-.org' はメールアドレスではありません：'-x-.org' はドメインではありません",
        "'ann@localhost' はメールアドレスではありません：'localhost' は（example.org のような）"
        "ドメインではありません",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_address_is_refused_in_the_language(language: str) -> None:
    assert refusals(check_address, ADDRESSES, ValueError, language) == ADDRESS_SAID[language]


ZONES = ["", "Mars/Olympus", "../etc/passwd"]
ZONE_SAID = {
    "en": [
        "'' is not a time zone: write one such as Europe/Berlin or UTC",
        "'Mars/Olympus' is not a time zone: write one such as Europe/Berlin or UTC",
        "'../etc/passwd' is not a time zone: write one such as Europe/Berlin or UTC",
    ],
    "de": [
        "'' ist keine Zeitzone: schreib eine wie Europe/Berlin oder UTC",
        "'Mars/Olympus' ist keine Zeitzone: schreib eine wie Europe/Berlin oder UTC",
        "'../etc/passwd' ist keine Zeitzone: schreib eine wie Europe/Berlin oder UTC",
    ],
    "ja": [
        "'' はタイムゾーンではありません：Asia/Tokyo や UTC のように書いてください",
        "'Mars/Olympus' はタイムゾーンではありません：Asia/Tokyo や UTC のように書いてください",
        "'../etc/passwd' はタイムゾーンではありません：Asia/Tokyo や UTC のように書いてください",
    ],
}
HOUR_SAID = {
    "en": ["the digest's hour is one from 0 to 23, not 24", "the digest's hour is one from 0 "
           "to 23, not -1"],
    "de": [
        "die Uhrzeit der täglichen E-Mail ist eine Stunde von 0 bis 23, nicht 24",
        "die Uhrzeit der täglichen E-Mail ist eine Stunde von 0 bis 23, nicht -1",
    ],
    "ja": [
        "毎日のメールの時刻は0〜23時のどれかで、24ではありません",
        "毎日のメールの時刻は0〜23時のどれかで、-1ではありません",
    ],
}  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_digests_zone_and_hour_are_refused_in_the_language(language: str) -> None:
    assert refusals(check_zone, ZONES, ValueError, language) == ZONE_SAID[language]
    assert refusals(check_hour, [24, -1], ValueError, language) == HOUR_SAID[language]


SUBSCRIPTIONS = [
    ("https://push.example.org/x", P256DH, AUTH),
    ("https://ann:pw@fcm.googleapis.com/x", P256DH, AUTH),
    (BROWSERS, "zz", AUTH),
    (BROWSERS, b64url(b"\x04" + bytes(64)), AUTH),
    (BROWSERS, P256DH, "!!"),
    (BROWSERS, P256DH, "AAAA"),
]
SUBSCRIPTION_SAID = {
    "en": [
        "endpoint: 'https://push.example.org' is not a push service this server posts to (the "
        "browser's own: FCM, Mozilla, Apple, Windows)",
        "endpoint: 'https://ann:pw@fcm.googleapis.com' is not a push service this server posts "
        "to (the browser's own: FCM, Mozilla, Apple, Windows)",
        "keys.p256dh: not a P-256 public key in base64url",
        "keys.p256dh: not a P-256 public key in base64url",
        "keys.auth: not base64url",
        "keys.auth: 3 bytes, a push's auth secret has 16",
    ],
    "de": [
        "endpoint: 'https://push.example.org' ist kein Push-Dienst, an den dieser Server sendet "
        "(die der Browser selbst: FCM, Mozilla, Apple, Windows)",
        "endpoint: 'https://ann:pw@fcm.googleapis.com' ist kein Push-Dienst, an den dieser "
        "Server sendet (die der Browser selbst: FCM, Mozilla, Apple, Windows)",
        "keys.p256dh: kein öffentlicher P-256-Schlüssel in base64url",
        "keys.p256dh: kein öffentlicher P-256-Schlüssel in base64url",
        "keys.auth: kein base64url",
        "keys.auth: 3 Bytes, das Auth-Geheimnis eines Push-Abonnements hat 16",
    ],
    "ja": [
        "endpoint：'https://push.example.org' はこのサーバーが送るプッシュサービスではありません"
        "（ブラウザ自身のもの：FCM、Mozilla、Apple、Windows）",
        "endpoint：'https://ann:pw@fcm.googleapis.com' はこのサーバーが送るプッシュサービスでは"
        "ありません（ブラウザ自身のもの：FCM、Mozilla、Apple、Windows）",
        "keys.p256dh：base64url の P-256 公開鍵ではありません",
        "keys.p256dh：base64url の P-256 公開鍵ではありません",
        "keys.auth：base64url ではありません",
        "keys.auth：3バイトですが、プッシュの認証シークレットは16バイトです",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_push_subscription_is_refused_in_the_language(language: str) -> None:
    def check(given: tuple[str, str, str]) -> object:
        return check_subscription(*given, services=())

    said = refusals(check, SUBSCRIPTIONS, ValueError, language)
    assert said == SUBSCRIPTION_SAID[language]
    # The operator's own push service is one this server posts to.
    assert check_subscription(
        "https://push.example.org/x", P256DH, AUTH, ["https://push.example.org"]
    )


OPERATORS: list[tuple[Callable[[str], object], str]] = [
    (parse_smtp, "http://mail.example.org"),
    (parse_smtp, "smtp://ann:secret@mail.example.org"),
    (parse_smtp, "smtp://"),
    (parse_smtp, "smtp://mail.example.org/inbox"),
    (parse_smtp, "smtp://mail.example.org:99999"),
    (service_origin, "push.example.org"),
    (service_origin, "https://push.example.org/path"),
]
OPERATOR_SAID = {
    "en": [
        "'http://mail.example.org': the SMTP server's URL starts smtp:// or smtps://",
        "the SMTP password is never on the command line: set SLEUTH_SMTP_PASSWORD or name a "
        "file with --smtp-password-file",
        "'smtp://': no host (smtp://user@host:587)",
        "'smtp://mail.example.org/inbox': only smtp://user@host:port, nothing after it",
        "'smtp://mail.example.org:99999': the port is not a number from 1 to 65535",
        "'push.example.org': a push service's origin, e.g. https://push.example.org",
        "'https://push.example.org/path': only the origin (scheme://host:port), nothing after it",
    ],
    "de": [
        "'http://mail.example.org': die URL des SMTP-Servers beginnt mit smtp:// oder smtps://",
        "das SMTP-Passwort steht nie auf der Befehlszeile: setze SLEUTH_SMTP_PASSWORD oder "
        "nenne eine Datei mit --smtp-password-file",
        "'smtp://': kein Host (smtp://user@host:587)",
        "'smtp://mail.example.org/inbox': nur smtp://user@host:port, nichts danach",
        "'smtp://mail.example.org:99999': der Port ist keine Zahl von 1 bis 65535",
        "'push.example.org': der Ursprung eines Push-Dienstes, z. B. https://push.example.org",
        "'https://push.example.org/path': nur der Ursprung (scheme://host:port), nichts danach",
    ],
    "ja": [
        "'http://mail.example.org'：SMTPサーバーのURLは smtp:// か smtps:// で始まります",
        "SMTPのパスワードはコマンドラインには書きません：SLEUTH_SMTP_PASSWORD を設定するか、"
        "--smtp-password-file でファイルを指定してください",
        "'smtp://'：ホストがありません（smtp://user@host:587）",
        "'smtp://mail.example.org/inbox'：smtp://user@host:port だけを書き、その後には"
        "何も書きません",
        "'smtp://mail.example.org:99999'：ポートが1〜65535の数ではありません",
        "'push.example.org'：プッシュサービスのオリジン（例：https://push.example.org）を"
        "書いてください",
        "'https://push.example.org/path'：オリジン（scheme://host:port）だけを書き、その後には何も"
        "書きません",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_operators_smtp_url_and_push_service_are_refused_in_the_language(
    language: str,
) -> None:
    def check(case: tuple[Callable[[str], object], str]) -> object:
        call, given = case
        return call(given)

    assert refusals(check, OPERATORS, ValueError, language) == OPERATOR_SAID[language]


def test_a_language_the_service_does_not_speak_is_refused_in_the_language() -> None:
    # Its value is named ``language``, as the language it is said in is: both reach the words.
    refused = NO_SUCH_LANGUAGE(language="'fr'", languages="en, de, ja")
    assert [said_in(refused, language) for language in LANGUAGES] == [
        "language: 'fr' is not one of en, de, ja",
        "language: 'fr' ist keine von en, de, ja",
        "language：'fr' は en, de, ja のどれでもありません",
    ]
