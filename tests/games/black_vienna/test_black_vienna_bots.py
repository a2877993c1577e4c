"""Black Vienna bots: the casual notes are sound, and bots accuse only when sure."""

from __future__ import annotations

import pytest

from sleuth.agents import Agent, RandomAgent, make_agent
from sleuth.arena import play_match
from sleuth.core import GameError, make_game
from sleuth.core.records import replay_record
from sleuth.games.black_vienna import BlackVienna, BlackViennaState, BlackViennaView, parse_action
from sleuth.games.black_vienna.bots.notes import CasualNotes
from support.narrow import narrow
from support.streams import bot_streams

HANDS4 = ("ACDEFG", "HIJKNO", "PQRSTU", "VWXYZÖ")
STACKS = (
    ("AOR", "BHV", "CDE", "FGI", "JKL", "MNP", "QST", "UWX", "YZÖ", "AKÖ", "LOY", "JRZ"),
    ("ABC", "DHO", "ERV", "FJM", "GKN", "ILP", "QUY", "SWZ", "TXÖ", "BNT", "HPQ", "MSV"),
    ("AFQ", "GOS", "IRT", "BJU", "HKW", "LVX", "CMY", "DNZ", "EPÖ", "CGX", "DIU", "EFW"),
)


def test_casual_notes_exact_sets() -> None:
    game = make_game("bv", 4)
    assert isinstance(game, BlackVienna)
    state = game.from_deal(HANDS4, "BLM", STACKS)
    for seat, text in [(0, "ask 3 AOR"), (3, "ask 1 ABC"), (1, "ask 2 AFQ")]:
        state = state.apply(seat, parse_action(text))
    view = state.view(0)
    assert isinstance(view, BlackViennaView)
    notes = CasualNotes.from_view(view)
    assert notes.has[0] == set("ACDEFG")
    assert {"O", "R"} <= notes.lacks[3]  # AOR=0 at seat 3
    assert {"B"} <= notes.lacks[1]  # ABC=0 at seat 1
    assert notes.has[2] == {"Q"}  # AFQ=1 at seat 2, and seat 0 holds A and F
    assert "Q" not in notes.ring_candidates()
    assert notes.ring_candidates()[:4] == ["B", "H", "I", "J"]


def test_unknown_bot_and_wrong_game_are_clear_errors() -> None:
    with pytest.raises(GameError, match="unknown bot 'genius'"):
        make_agent("genius", "black-vienna")
    with pytest.raises(GameError, match="unknown game 'no-such-game'"):
        make_agent("basic", "no-such-game")


def test_basic_accuses_only_when_its_notes_are_certain() -> None:
    game = make_game("bv", 4)
    wins = 0
    for seed in range(40):
        agents = [make_agent("basic", game.name), RandomAgent(), RandomAgent(), RandomAgent()]
        result = play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents)))
        replay = replay_record(result.record)
        for before, step in zip(replay.states(), replay.steps, strict=False):
            if step.seat == 0 and step.action.startswith("accuse"):
                forced = getattr(before, "phase", "") in ("final-question", "final-accusation")
                assert step.result == "correct" or forced, (seed, step)
        wins += 0 in result.outcome.winners
    assert wins >= 8  # random bots never win: basic wins whenever it gets certain in time


@pytest.mark.slow
def test_deductive_accusations_from_a_certain_ring_are_always_right() -> None:
    from sleuth.games.black_vienna.bots import DeductiveBlackVienna
    from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, black_vienna_position

    game = make_game("bv", 4)
    certain_accusations = 0
    for seed in range(12):
        agents: list[Agent] = [DeductiveBlackVienna(early=1.0, late=1.0)]
        agents += [make_agent("basic", game.name)]
        agents += [RandomAgent(), RandomAgent()]
        replay = replay_record(
            play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents))).record
        )
        for before, step in zip(replay.states(), replay.steps, strict=False):
            if step.seat != 0 or not step.action.startswith("accuse"):
                continue
            view = before.view(0)
            assert isinstance(view, BlackViennaView)
            rings = BlackViennaAnalysis(black_vienna_position(view)).ring()
            forced = getattr(before, "phase", "") in ("final-question", "final-accusation")
            if not forced:
                assert len(rings) == 1, (seed, step)  # it accuses only when certain
                certain_accusations += 1
                assert step.result == "correct", (seed, step)
                assert step.action == f"accuse {rings[0][0]}"
    assert certain_accusations >= 3


# A game of deductive askers from the constructed deal, 19 questions in: seat 0's likeliest
# ring has probability 1/4 (4 trios left), below the 0.553 a deductive bot needs here.
NINETEEN_QUESTIONS = [
    (0, "ask 2 AFQ"),
    (2, "ask 3 GOS"),
    (3, "ask 2 AOR"),
    (2, "ask 3 IRT"),
    (3, "ask 2 ABC"),
    (2, "ask 0 DHO"),
    (0, "ask 2 ERV"),
    (2, "ask 3 BJU"),
    (3, "ask 0 BHV"),
    (0, "ask 1 FJM"),
    (1, "ask 3 CDE+BHV"),
    (3, "ask 1 HKW+ABC"),
    (1, "ask 0 GKN+CDE"),
    (0, "ask 1 FGI+GOS"),
    (1, "ask 2 JKL+BJU"),
    (2, "ask 1 ILP+IRT"),
    (1, "ask 3 LVX+JKL"),
    (3, "ask 0 MNP+ABC"),
    (0, "ask 1 QST+JKL"),
    (1, "ask 3 CMY+MNP"),
]


def _nineteen_in() -> tuple[BlackViennaState, BlackViennaView]:
    game = make_game("bv", 4)
    assert isinstance(game, BlackVienna)
    state = game.from_deal(HANDS4, "BLM", STACKS)
    for seat, text in NINETEEN_QUESTIONS:
        state = narrow(BlackViennaState, state.apply(seat, parse_action(text)))
    view = state.view(0)
    assert isinstance(view, BlackViennaView)
    return state, view


def _twenty_one_in() -> tuple[BlackViennaState, BlackViennaView]:
    """Two questions past ``_nineteen_in``: seat 1 to move, as seat 1 sees it."""
    state, _ = _nineteen_in()
    for seat, text in [(3, "ask 2 QUY+QST"), (2, "ask 1 SWZ+MNP")]:
        state = narrow(BlackViennaState, state.apply(seat, parse_action(text)))
    view = state.view(1)
    assert isinstance(view, BlackViennaView)
    return state, view


def test_racing_accuses_below_its_own_threshold_only_when_rivals_press() -> None:
    import random

    from sleuth.games.black_vienna import Accuse
    from sleuth.games.black_vienna.bots import DeductiveBlackVienna, RacingBlackVienna
    from sleuth.games.black_vienna.bots.deductive import confidence_needed
    from sleuth.games.black_vienna.bots.racing import rival_pressure
    from sleuth.games.black_vienna.bots.ring import ring_knowledge

    state, view = _nineteen_in()
    known = ring_knowledge(view)
    assert (known.trios, known.p_best) == (4, 0.25)
    assert view.supply == 16  # 13 markers above the break-off, fewer than the stacks' cards
    assert confidence_needed(view, 0.95, 0.25) == pytest.approx(0.25 + 0.7 * 13 / 30)
    legal = state.legal_actions(0)
    rng = random.Random(5)
    # at closeness 0 every rival counts as about to accuse: the floor is all it needs
    assert rival_pressure(view, 4, 0.0, rng) == 1.0
    assert DeductiveBlackVienna().interrupt(view, legal, rng) is None
    pressed = RacingBlackVienna(closeness=0.0, floor=0.25, odds=False).interrupt(view, legal, rng)
    assert pressed == Accuse(known.best)
    unpressed = RacingBlackVienna(closeness=0.0, floor=0.26, odds=False)
    assert unpressed.interrupt(view, legal, rng) is None


def test_racing_shuns_the_trio_a_failed_rival_must_have_named() -> None:
    import dataclasses
    import random

    from sleuth.games.black_vienna import Accuse
    from sleuth.games.black_vienna.bots import DeductiveBlackVienna, RacingBlackVienna
    from sleuth.games.black_vienna.bots.racing import failed_accusations
    from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, black_vienna_position
    from sleuth.games.black_vienna.views import AccusationView

    state, _ = _nineteen_in()
    state = narrow(BlackViennaState, state.apply(3, parse_action("ask 2 QUY+QST")))
    view = state.view(0)
    assert isinstance(view, BlackViennaView)
    analysis = BlackViennaAnalysis(black_vienna_position(view))
    assert sorted(analysis.ring()) == [("BLM", 1), ("BLP", 1)]
    # Whatever seat 1 holds among the deals seat 0 thinks possible, seat 1's likeliest
    # rings tie between BLM and BLP, and the first in deck order is BLM.
    assert failed_accusations(analysis, [1], 8, random.Random(2)) == {"BLM": 1.0}
    # Had seat 1 accused in vain (the letters are never shown), BLM keeps 1 - 0.9 of its
    # weight: BLP has 1 / 1.1 = 0.91, above the 0.44 needed with 11 markers left.
    failed = dataclasses.replace(view, accusations=(AccusationView(1, False, None),))
    legal = state.legal_actions(0)
    rng = random.Random(4)
    assert DeductiveBlackVienna().interrupt(failed, legal, rng) == Accuse("BLM")
    assert RacingBlackVienna(floor=1.0).interrupt(failed, legal, rng) == Accuse("BLP")
    assert RacingBlackVienna(floor=1.0, shun=0.0).interrupt(failed, legal, rng) == Accuse("BLM")
    with pytest.raises(GameError, match=r"shun=1\.5: between 0 and 1"):
        make_agent("racing:shun=1.5", "bv")


def test_thrift_trades_bits_about_the_ring_against_the_markers_an_answer_takes() -> None:
    import random

    from sleuth.games.black_vienna.bots import DeductiveBlackVienna
    from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, black_vienna_position

    game = make_game("bv", 4)
    assert isinstance(game, BlackVienna)
    state = game.from_deal(HANDS4, "BLM", STACKS)
    for seat, text in NINETEEN_QUESTIONS[:8]:
        state = narrow(BlackViennaState, state.apply(seat, parse_action(text)))
    view = state.view(3)
    assert isinstance(view, BlackViennaView)
    legal = state.legal_actions(3)
    ranked = {
        (str(q["letters"]), q["target"]): q
        for q in BlackViennaAnalysis(black_vienna_position(view)).questions(["BHV", "FJM", "HKW"])
    }
    # BHV put to seat 0 tells the most about the ring but is expected to take 0.72
    # markers; put to seat 2 it tells about half as much for 0.27 markers.
    assert ranked[("BHV", 0)]["ring_bits"] == pytest.approx(0.1458, abs=1e-4)
    assert ranked[("BHV", 0)]["answers"] == pytest.approx(
        {"0": 0.406, "1": 0.464, "2": 0.130}, abs=1e-3
    )
    assert ranked[("BHV", 2)]["ring_bits"] == pytest.approx(0.0794, abs=1e-4)
    assert ranked[("BHV", 2)]["answers"] == pytest.approx({"0": 0.730, "1": 0.270}, abs=1e-3)
    for thrift, expected in [(0.0, "ask 0 BHV"), (0.1, "ask 0 BHV"), (1.0, "ask 2 BHV")]:
        chosen = DeductiveBlackVienna(thrift=thrift).act(view, legal, random.Random(1))
        assert str(chosen) == expected, thrift
    with pytest.raises(GameError, match=r"thrift=-1\.0: not below 0"):
        make_agent("deductive:thrift=-1", "bv")


def test_racing_weighs_the_odds_that_a_rival_accuses_rightly_now() -> None:
    import dataclasses
    import random

    from sleuth.games.black_vienna import Accuse
    from sleuth.games.black_vienna.bots import DeductiveBlackVienna, RacingBlackVienna
    from sleuth.games.black_vienna.bots.deductive import confidence_needed
    from sleuth.games.black_vienna.bots.racing import rival_threat, rivals_in
    from sleuth.games.black_vienna.bots.ring import ring_knowledge
    from sleuth.games.black_vienna.views import AccusationView

    state, view = _twenty_one_in()
    known = ring_knowledge(view)
    assert (known.trios, known.best) == (11, "BLM")
    assert known.p_best == pytest.approx(0.2105, abs=1e-4)
    needed = confidence_needed(view, 0.95, 0.25)
    assert needed == pytest.approx(0.4133, abs=1e-4)
    # In 4 of the 6 deals drawn, seat 0 or 2 holds odds it would accuse from, and is right.
    assert rival_threat(view, 6, random.Random(1)) == pytest.approx(4 / 6)
    # 3 * 0.21 = 0.63 for accusing now against 4/6 * 0.21 + 2/6 * 3 * 0.41 = 0.55 for
    # waiting: it accuses, where deductive (0.21 < 0.41) waits.
    # (Without ``passes``: as if no rival had had the chance to accuse on these answers.)
    legal = state.legal_actions(1)
    racing = RacingBlackVienna()
    assert racing.interrupt(view, legal, random.Random(1)) == Accuse("BLM")
    assert DeductiveBlackVienna().interrupt(view, legal, random.Random(1)) is None
    # With a minimum of 0.4 it never hurries below those odds.
    cautious = RacingBlackVienna(minimum=0.4)
    assert cautious.interrupt(view, legal, random.Random(1)) is None
    # With one rival left to accuse, a wrong accusation would hand it the game: no hurry.
    failed = (AccusationView(0, False, None), AccusationView(3, False, None))
    lone = dataclasses.replace(view, eliminated=(0, 3), accusations=failed)
    assert rivals_in(lone) == [2]
    assert rival_threat(lone, 6, random.Random(1)) == pytest.approx(4 / 6)
    lone_racing = RacingBlackVienna(shun=0.0)
    assert lone_racing.interrupt(lone, legal, random.Random(1)) is None


def test_racing_takes_a_rival_who_let_the_chance_to_accuse_pass_as_not_that_sure() -> None:
    import dataclasses
    import random

    from sleuth.games.black_vienna import Accuse
    from sleuth.games.black_vienna.bots import RacingBlackVienna
    from sleuth.games.black_vienna.bots.racing import passed_rivals, rival_threat

    state, view = _twenty_one_in()
    legal = state.legal_actions(1)
    # The table offers the accusation to the seats after the one to move, in seat order,
    # and to the one to move last. Seat 1 moves here: every rival has let it pass.
    assert passed_rivals(view) == [0, 2, 3]
    assert rival_threat(view, 6, random.Random(1), [0, 2, 3]) == 0.0
    hurried = RacingBlackVienna(passes=True)
    assert hurried.interrupt(view, legal, random.Random(1)) is None
    # Seat 0 to move: seat 1 is offered first, the threat is as drawn (4 of 6 deals, seat 0
    # or seat 2 right), and accusing at 0.21 is worth more than waiting (previous test).
    first = dataclasses.replace(view, asker=0)
    assert passed_rivals(first) == []
    assert rival_threat(first, 6, random.Random(1)) == pytest.approx(4 / 6)
    assert hurried.interrupt(first, legal, random.Random(1)) == Accuse("BLM")
    # Seat 3 to move: seat 0 was offered before seat 1 and did not accuse, so the 2 deals
    # in which it would have (odds of 0.5, above the 0.41 needed) are left out. In 2 of the
    # other 4 seat 2 would accuse and be right: a threat of 0.5, and waiting is worth
    # 0.5 * 0.21 + 0.5 * 3 * 0.41 = 0.73, more than 3 * 0.21 = 0.63.
    after_seat_0 = dataclasses.replace(view, asker=3)
    assert passed_rivals(after_seat_0) == [0]
    assert rival_threat(after_seat_0, 6, random.Random(1), [0]) == 0.5
    assert hurried.interrupt(after_seat_0, legal, random.Random(1)) is None


def test_racing_near_the_break_off_weighs_that_the_next_answer_may_end_the_game() -> None:
    import dataclasses
    import random

    from sleuth.games.black_vienna import Accuse
    from sleuth.games.black_vienna.bots import RacingBlackVienna
    from sleuth.games.black_vienna.bots.deductive import confidence_needed
    from sleuth.games.black_vienna.bots.racing import asker_card_sets, break_off_risk
    from sleuth.games.black_vienna.bots.ring import ring_knowledge

    state, view = _nineteen_in()
    known = ring_knowledge(view)
    assert (known.trios, known.p_best) == (4, 0.25)
    # Seat 3 asks next: of a face-up card, or of one with QST, the 0-marker card before
    # seat 1, put to seat 0, 1 or 2: 6 card sets by 3 targets.
    assert asker_card_sets(view) == [
        ("UWX",),
        ("QUY",),
        ("DNZ",),
        ("UWX", "QST"),
        ("QUY", "QST"),
        ("DNZ", "QST"),
    ]
    legal = state.legal_actions(0)
    # 16 markers: 13 above the break-off, no answer can end the game.
    assert break_off_risk(view, 24, random.Random(1)) == 0.0
    # 4 markers: any answer of 1 or more ends it. Whatever the deal seat 0 (ACDEFG) finds
    # possible, 9 of the 18 answers take a marker: DNZ put to seat 0 (D) or seat 1 (DNZ=1
    # there), UWX and QUY put to seat 2 (UWX=1, QUY=2), every set with QST put to seat 2,
    # DNZ+QST put to seat 0 or 1; the others are 0 (UWX=0, QUY=0 and QST=0 at seat 1).
    near = dataclasses.replace(view, supply=4)
    assert break_off_risk(near, 24, random.Random(1)) == 0.5
    # The odds needed there, 0.25 + 0.7 * 1 / 30 = 0.273, are worth 3 * 0.273 = 0.82 a
    # marker left, if waiting could not end the game; it may, half the time: 0.41. Accusing
    # at 0.25 is worth 0.75.
    needed = confidence_needed(near, 0.95, 0.25)
    assert needed == pytest.approx(0.25 + 0.7 / 30)
    waiting = RacingBlackVienna(odds=False, floor=1.0, break_off=True)
    unaware = RacingBlackVienna(odds=False, floor=1.0)
    assert waiting.interrupt(near, legal, random.Random(1)) == Accuse(known.best)
    assert unaware.interrupt(near, legal, random.Random(1)) is None
    assert waiting.interrupt(view, legal, random.Random(1)) is None
    # The last card of the stacks ends the game whatever the answer: any odds beat 0.
    last_card = dataclasses.replace(view, stack_sizes=(1, 0, 0), face_up=("UWX", None, None))
    assert break_off_risk(last_card, 24, random.Random(1)) == 1.0


def test_racing_asks_no_question_likely_to_end_the_game() -> None:
    import dataclasses
    import random

    from sleuth.games.black_vienna import Investigate
    from sleuth.games.black_vienna.bots import DeductiveBlackVienna, RacingBlackVienna
    from sleuth.games.black_vienna.bots.racing import ending_chances

    state, _ = _nineteen_in()
    view = state.view(3)
    assert isinstance(view, BlackViennaView)
    legal = state.legal_actions(3)
    near = dataclasses.replace(view, supply=6)  # an answer of 3 ends the game
    asked: list[tuple[tuple[str, ...], int]] = [(("QUY", "QST"), 2), (("QUY", "QST"), 0)]
    # Seat 2's answer (Q counted twice) is 3 or more in 13 of the 24 deals drawn; seat 0's
    # is at most 2.
    assert ending_chances(near, asked, 24, random.Random(1)) == [13 / 24, 0.0]
    # Put to seat 2, QUY+QST tells 1.09 + 0.60 bits about the ring, put to seat 0 only
    # 0.57 + 0.32: the thrifty deductive asks seat 2. Racing counts those 1.69 bits only
    # in the 11 deals of 24 that leave the game going, 0.77 bits: it asks seat 0, and
    # seat 2 again with 16 markers.
    thrifty = DeductiveBlackVienna(early=1.0, late=1.0, thrift=0.1)
    racing = RacingBlackVienna(early=1.0, late=1.0, break_off=True)
    assert thrifty.act(near, legal, random.Random(1)) == Investigate(2, ("QUY", "QST"))
    assert racing.act(near, legal, random.Random(1)) == Investigate(0, ("QUY", "QST"))
    assert racing.act(view, legal, random.Random(1)) == Investigate(2, ("QUY", "QST"))


def test_the_expert_level_is_the_racing_bot() -> None:
    assert make_agent("Expert", "bv").name == "racing"


def test_the_whole_families_of_actions_are_the_accusations_and_guesses() -> None:
    """The bot protocol sends a family of every action of a kind, not a list (its check of
    every game's families: tests/agents/test_bot_protocol.py)."""
    game = make_game("bv", 3)
    kinds = [t.kind for t in game.action_types if game.every_action(t.kind) is not None]
    assert kinds == ["accuse", "guess"]
