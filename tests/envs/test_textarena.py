"""Every game through TextArena's own ``make`` and play loop, with a scripted text agent
standing in for a model (the ``text`` extra; skipped cleanly without it)."""

from __future__ import annotations

import pytest

ta = pytest.importorskip("textarena")

from envs.text_agent import ScriptedTextAgent  # noqa: E402
from sleuth.core import all_kits  # noqa: E402
from sleuth.envs.textarena_adapter import env_id, register  # noqa: E402

KITS = [kit.name for kit in all_kits()]


def test_register_adds_every_game_once() -> None:
    ids = register()
    assert ids == [env_id(name) + "-v0" for name in KITS]
    assert register() == ids  # again: nothing new, no error
    assert all(f"{i}-raw" in ta.envs.registration.ENV_REGISTRY for i in ids)


@pytest.mark.parametrize("name", KITS)
def test_a_whole_game_through_textarena(name: str) -> None:
    register()
    players = next(kit for kit in all_kits() if kit.name == name).game.min_players
    env = ta.make(env_id(name) + "-v0")
    env.reset(num_players=players, seed=5)
    agents = {seat: ScriptedTextAgent(seat, fumble=True) for seat in range(players)}
    refused = 0
    done = False
    turns = 0
    while not done:
        player, observation = env.get_observation()
        if agents[player].answers == 1:  # its first answer was the malformed one
            assert "Your answer was not played: no legal move found" in observation
            assert observation.rstrip().endswith("'.")  # the legal moves told again
            refused += 1
        done, _ = env.step(action=agents[player](observation))
        turns += 1
        assert turns < 5000
    rewards, game_info = env.close()
    assert refused == players
    assert sorted(rewards) == list(range(players))
    assert not any(info["invalid_move"] for info in game_info.values())
    assert game_info[0]["reason"].startswith("Winners: ")


def test_an_answer_is_never_passed_to_the_other_players() -> None:
    register()
    name = KITS[0]
    players = next(kit for kit in all_kits() if kit.name == name).game.max_players
    env = ta.make(env_id(name) + "-v0-raw")
    env.reset(num_players=players, seed=2)
    agent = ScriptedTextAgent(0)
    for _ in range(40):
        player, observation = env.get_observation()
        if env.state.done:
            break
        answer = agent("\n".join(message for _, message, _ in observation))
        env.step(action=f"{answer}\nPS: my secret note {player}")
    told = env.state.observations.values()
    everything = [message for messages in told for _, message, _ in messages]
    assert not any("secret note" in message for message in everything)
    assert not any("secret note" in message for _, message in env.state.logs)


def test_the_penalty_after_the_retries() -> None:
    register()
    name = KITS[0]
    players = next(kit for kit in all_kits() if kit.name == name).game.min_players
    env = ta.make(env_id(name) + "-v0-raw", retries=1, penalty=-3.0)
    env.reset(num_players=players, seed=2)
    player, _ = env.get_observation()
    done, _ = env.step(action="no idea")
    assert not done
    again, observation = env.get_observation()
    assert again == player
    assert "Your answer was not played: no legal move found" in observation[-1][1]
    done, _ = env.step(action="still no idea")
    assert done
    rewards, game_info = env.close()
    assert rewards == {seat: (-3.0 if seat == player else 0.0) for seat in range(players)}
    assert game_info[player]["invalid_move"] is True
