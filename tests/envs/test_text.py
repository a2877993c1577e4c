"""The text interface: a seat's situation in words from its own view only, free answers
read back as legal moves (or refused with examples), and the Gymnasium-style text env."""

from __future__ import annotations

import random
from typing import Any

import pytest

from envs.text_agent import ScriptedTextAgent
from sleuth.core import State, all_kits
from sleuth.envs.text import (
    AnswerError,
    Played,
    TextTable,
    history_lines,
    legal_examples,
    situation_text,
)
from sleuth.envs.text_gym import SleuthTextEnv

KITS = [kit.name for kit in all_kits()]


def smallest(name: str) -> Any:
    kit = next(kit for kit in all_kits() if kit.name == name)
    return kit.game.configure(kit.game.min_players)


def asked_table(name: str, seed: int = 3) -> TextTable:
    """A table at its first decision that is not an out-of-turn offer."""
    table = TextTable(smallest(name))
    table.reset(seed)
    while table.asked is not None and table.asked.interrupt:
        table.take(None)
    return table


@pytest.mark.parametrize("name", KITS)
def test_a_legal_move_is_read_wherever_the_answer_puts_it(name: str) -> None:
    table = asked_table(name)
    asked = table.asked
    assert asked is not None
    reader = table.reader()
    move = table.state.legal_actions(asked.seat)[-1]
    text = str(move)
    for answer in (
        text,
        f"Thinking it over.\nAction: {text}",
        f"```\n{text}\n```",
        f"I answer [{text}].",
        f"action:   {text.upper()}",
        f"Let me consider the table first.\n\nSo I choose {text.lower()}",
    ):
        assert reader.read(answer) == move, answer


@pytest.mark.parametrize("name", KITS)
def test_a_malformed_answer_is_refused_with_legal_examples(name: str) -> None:
    table = asked_table(name)
    asked = table.asked
    assert asked is not None
    reader = table.reader()
    legal = table.state.legal_actions(asked.seat)
    examples = ", ".join(legal_examples(legal, asked.interrupt))
    with pytest.raises(AnswerError) as refused:
        reader.read("I am not sure what to do.")
    assert str(refused.value) == (
        "no legal move found in the answer; answer with one move in the game's notation, "
        f"e.g. {examples}"
    )
    with pytest.raises(AnswerError, match="must move"):
        reader.read("Action: wait")
    if len(legal) > 1:
        first, last = str(legal[0]), str(legal[-1])
        with pytest.raises(AnswerError, match="names several moves"):
            reader.read(f"Either {first}\nor {last}")
    before = table.state
    with pytest.raises(AnswerError):
        table.answer("xyzzy")
    assert table.state is before and table.played == []


def twin_of(state: State, seat: int, rng: random.Random) -> State:
    twin = state.hidden_twin(seat, rng)
    return state if twin is None else twin


@pytest.mark.parametrize("name", KITS)
def test_a_seat_reads_the_same_text_of_hidden_twins(name: str) -> None:
    """Every state of a game replaced by one that differs only in what the seat cannot
    know: the seat's history, table and legal moves read the same."""
    game = smallest(name)
    table = TextTable(game)
    table.reset(11)
    rng = random.Random(5)
    twins = 0
    for _ in range(30):
        asked = table.asked
        if asked is None:
            break
        for seat in range(game.players):
            text = situation_text(table.state, seat, asked, table.history(seat))
            twin_deal = twin_of(table.deal, seat, rng)
            twin_played = [
                Played(p.seat, p.action, p.public_action, twin_of(p.after, seat, rng))
                for p in table.played
            ]
            twin_now = twin_played[-1].after if twin_played else twin_deal
            twin_history = history_lines(seat, twin_deal, twin_played)
            assert twin_history == table.history(seat)
            assert situation_text(twin_now, seat, asked, twin_history) == text
            twins += twin_now is not table.state
        legal = table.state.legal_actions(asked.seat)
        calm = [action for action in legal if not action.drastic] or list(legal)
        table.take(None if asked.interrupt else rng.choice(calm))
    assert twins > 0


@pytest.mark.parametrize("name", KITS)
def test_the_text_env_plays_a_whole_game_and_retries_a_bad_answer(name: str) -> None:
    env = SleuthTextEnv(name, seat=0, opponents="random", max_steps=3000)
    agent = ScriptedTextAgent(1, fumble=True)
    text, info = env.reset(seed=4)
    assert info == {}
    first = text
    text, reward, terminated, truncated, info = env.step(agent(text))
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info["retries_left"] == 1 and info["invalid"].startswith("no legal move found")
    assert text == f"Your answer was not played: {info['invalid']}.\n\n{first}"
    steps = 0
    while not (terminated or truncated):
        text, reward, terminated, truncated, info = env.step(agent(text))
        assert "invalid" not in info, info
        steps += 1
    assert terminated and not truncated
    assert sorted(info) == ["scores", "winners"]
    assert reward == info["scores"][0]
    assert "The game is over." in text


def test_after_the_retries_the_illegal_policy_applies() -> None:
    name = KITS[0]
    raising = SleuthTextEnv(name, retries=1)
    raising.reset(seed=1)
    assert raising.step("nonsense")[4]["retries_left"] == 0
    with pytest.raises(AnswerError, match="no legal move found"):
        raising.step("nonsense again")
    paying = SleuthTextEnv(name, retries=0, illegal="penalty", penalty=-2.0)
    paying.reset(seed=1)
    _, reward, terminated, truncated, info = paying.step("nonsense")
    assert (reward, terminated, truncated) == (-2.0, True, False)
    assert info["illegal"].startswith("no legal move found")


def test_bad_options_are_refused_by_name() -> None:
    name = KITS[0]
    for options, message in (
        ({"retries": -1}, "retries is a whole number"),
        ({"illegal": "ignore"}, "illegal is one of raise, penalty"),
        ({"interrupts": "always"}, "interrupts is one of offer, none, own"),
        ({"seat": 9}, "seat 9 is not a seat"),
        ({"reward": "money"}, "reward is one of"),
    ):
        with pytest.raises(Exception, match=message):
            SleuthTextEnv(name, **options)
