"""13 Clues for the research environments: a seat's view as numbers, actions as codes.

The observation (``P`` players, ``C`` cards in play, ``I`` informants, ``Q`` question
subjects, ``W`` sides a question names: left and right with two players, else none; every
value in [0, 1]):

- who and when: ``seat``, ``phase``, ``turn`` (one-hot), ``actors``, ``chosen`` (seats whose
  mystery choice is made), ``turns_done`` (/ the stall limit, or / 4P without one, at most 1);
- glasses: ``supply`` and ``glasses`` per seat (/ the glasses in the game), ``top_secret``
  (seats still holding the token);
- cards: ``hand`` (the seat's five dealt cards), ``mysteries`` (per seat, the cards of its
  mystery the seat can see), ``hidden`` (per seat, its two kept cards as they lie, left then
  right, where seen), ``informants`` (per slot, its card once looked up), ``looked`` (per slot
  and seat, who looked it up);
- questions: ``answers`` (per witness, side and subject: asked, then the answer / the
  subject's cards in play; a witness's answer never changes), ``secret_questions`` (per
  asker and witness: a Top Secret question this seat did not take part in);
- ``accused`` (per seat and card: named in one of its wrong accusations).

The action codes, in blocks: ``choose`` and ``accuse`` (person x location x weapon in play),
``ask`` (witness x side x Top Secret x subject), ``look`` (informant slot), ``take`` (seat).
"""

from __future__ import annotations

from typing import Any

from sleuth.core.encoding import Codes, Encoder, Features, KnowledgeLayout, LogCache
from sleuth.core.protocol import State, View

from . import components as tc
from .notation import SLOT_LETTERS, Accuse, Ask, Choose, Look, Take
from .rules import ThirteenClues, ThirteenCluesState
from .views import AccusationView, QuestionView, ThirteenCluesView

PHASES = tuple(tc.Phase)
Axes = tuple[tuple[int, tuple[int, ...]], ...]  # a grid's (stride, positions) axes
AXES_KEPT = 4096


class ThirteenCluesEncoder(Encoder):
    longest_seen = 707  # decisions; 40 games a policy, seeds 1-40 (see Encoder)

    def __init__(self, game: Any) -> None:
        if not isinstance(game, ThirteenClues):
            raise TypeError(f"{game!r} is not a 13 Clues game")
        super().__init__(game)
        self.tc = game
        n, c, i = game.players, len(game.cards), game.informants
        self.players, self.card_count = n, c
        self.sides = tc.SIDES if game.two_player else ("",)
        self.secrets = (False, True) if game.config.top_secret else (False,)
        subjects = game.subjects
        self.subject_index = {s: k for k, s in enumerate(subjects)}
        self.subject_cards = [max(1, game.masks[s].bit_count()) for s in subjects]
        self.glasses = max(1, game.config.glasses)
        names = [card.name for card in game.cards]
        self.names = names
        # Position of each card among the cards of its type: the digits of a trio's code.
        self.type_position = {card: k for ids in game.by_type for k, card in enumerate(ids)}
        self.type_sizes = [len(ids) for ids in game.by_type]
        self.at = self._add_features(len(subjects), game.informants)
        trios = [
            tuple(names[k] for k in (p, loc, wp))
            for p in game.by_type[0]
            for loc in game.by_type[1]
            for wp in game.by_type[2]
        ]
        self._add_actions(trios, subjects, game.informants)
        # Each question's writes, kept as the log grows (a game asks hundreds).
        self.questions = LogCache(self._question)
        # Codes of the ask family by (seat, token held), of the accuse grid by the cards
        # the accuser sees: a handful of each per configuration, asked for at every step.
        self.ask_spans: dict[tuple[int, bool], list[tuple[int, int]]] = {}
        self.accuse_axes: dict[int, Axes] = {}
        self.accused = LogCache(self._accusation)
        self.trio_slot = {t: k for k, t in enumerate(trios)}
        places = [
            *(f"hidden:{s}{side}" for s in range(n) for side in ("", ":left", ":right")),
            *(f"informant:{SLOT_LETTERS[k]}" for k in range(i)),
            "mystery",
            *(f"mystery:{s}" for s in range(n)),
        ]
        self.knowledge = KnowledgeLayout(
            cards=tuple(names),
            places=tuple(places),
            solutions=len(trios),
            solution_slot=lambda view, cards: self.trio_slot.get(tuple(cards)),
            help="the seat's own mystery: posterior over person x location x weapon",
        )

    def _add_features(self, q: int, i: int) -> dict[str, int]:
        """The observation's blocks (the module docstring's list), by name: their offsets."""
        add = self.layout.add
        n, c, w = self.players, self.card_count, len(self.sides)
        return {
            "seat": add("seat", n, "the observing seat, one-hot"),
            "phase": add("phase", len(PHASES), "phase one-hot: " + ", ".join(PHASES)),
            "turn": add("turn", n, "the seat on turn, one-hot (none during setup)"),
            "actors": add("actors", n, "seats that may act now"),
            "chosen": add("chosen", n, "seats whose mystery choice is made"),
            "turns_done": add("turns_done", 1, "turns played / the stall limit (or 4P)"),
            "supply": add("supply", 1, f"glasses in the supply / {self.glasses}"),
            "glasses": add("glasses", n, f"glasses per seat / {self.glasses}"),
            "top_secret": add("top_secret", n, "seats holding the Top Secret token"),
            "hand": add("hand", c, "the seat's five dealt cards"),
            "mysteries": add("mysteries", n * c, "per seat: the cards of its mystery, if seen"),
            "hidden": add("hidden", n * 2 * c, "per seat: its kept cards left, right, if seen"),
            "informants": add("informants", i * c, "per informant slot: its card, if seen"),
            "looked": add("looked", i * n, "per informant slot: the seats that looked it up"),
            "answers": add(
                "answers",
                n * w * q * 2,
                "per witness, side and subject: asked, then the answer / the subject's cards",
            ),
            "secret_questions": add(
                "secret_questions", n * n, "per asker and witness: an unseen Top Secret question"
            ),
            "accused": add("accused", n * c, "per seat and card: named in a wrong accusation"),
        }

    def _add_actions(
        self, trios: list[tuple[str, ...]], subjects: tuple[str, ...], informants: int
    ) -> None:
        """The action codes' blocks (the module docstring's list), in order."""
        n = self.players
        self.actions.add("choose", (Choose(t) for t in trios), "person x location x weapon")
        self.asks_start = self.actions.size
        self.actions.add(
            "ask",
            (
                Ask(witness, subject, side, secret)
                for witness in range(n)
                for side in self.sides
                for secret in self.secrets
                for subject in subjects
            ),
            "witness x side (two players) x Top Secret (with the variant) x subject",
        )
        self.actions.add(
            "look", (Look(SLOT_LETTERS[k]) for k in range(informants)), "informant slot"
        )
        self.actions.add("take", (Take(s) for s in range(n)), "the seat to take a glass from")
        self.accuse_start = self.actions.size
        self.actions.add("accuse", (Accuse(t) for t in trios), "person x location x weapon")
        # For the environments' factored actions: a trio is chosen a card at a time.
        self.combinations = {"choose": tuple(self.names), "accuse": tuple(self.names)}

    def combination_parts(self, action: Any) -> tuple[str, ...]:
        """A mystery choice's or accusation's cards: person, location, weapon."""
        return tuple(action.cards)

    def score_bounds(self) -> tuple[float, float]:
        return 0.0, 1.0

    def encode(self, view: View, out: Features) -> None:
        if not isinstance(view, ThirteenCluesView) or view.seat is None:
            raise TypeError("a seat's 13 Clues view is needed")
        at, flag, put = self.at, out.flag, out.put
        n, c = self.players, self.card_count
        ids = self.tc.ids
        flag(at["seat"] + view.seat)
        flag(at["phase"] + PHASES.index(view.phase))
        if view.turn is not None:
            flag(at["turn"] + view.turn)
        out.flags(at["actors"], view.actors)
        out.flags(at["chosen"], view.chosen)
        limit = view.final_after or 4 * n
        put(at["turns_done"], min(1.0, view.turns_done / limit))
        put(at["supply"], min(1.0, view.supply / self.glasses))
        hand = at["hand"]
        for name in view.hand or ():
            flag(hand + ids[name])
        glasses, mysteries, hidden = at["glasses"], at["mysteries"], at["hidden"]
        for s in view.seats:
            put(glasses + s.seat, min(1.0, s.glasses / self.glasses))
            if s.top_secret:
                flag(at["top_secret"] + s.seat)
            if s.mystery:
                start = mysteries + s.seat * c
                for name in s.mystery:
                    flag(start + ids[name])
            if s.hidden:
                start = hidden + s.seat * 2 * c
                for side, name in enumerate(s.hidden):  # left, then right
                    flag(start + side * c + ids[name])
        for k, informant in enumerate(view.informants):
            if informant.card is not None:
                flag(at["informants"] + k * c + ids[informant.card])
            if informant.looked_by:
                out.flags(at["looked"] + k * n, informant.looked_by)
        self.questions.write(view.questions, out)
        self.accused.write(view.accusations, out)

    def _question(self, question: QuestionView, out: Features) -> None:
        at, n = self.at, self.players
        if question.subject is None or question.answer is None:
            out.flag(at["secret_questions"] + question.asker * n + question.witness)
            return
        side = self.sides.index(question.side)
        subject = self.subject_index[question.subject]
        sides, subjects = len(self.sides), len(self.subject_index)
        slot = at["answers"] + ((question.witness * sides + side) * subjects + subject) * 2
        out.flag(slot)
        out.put(slot + 1, question.answer / self.subject_cards[subject])

    def _accusation(self, accusation: AccusationView, out: Features) -> None:
        if not accusation.correct:  # a card named twice writes the same flag twice
            start = self.at["accused"] + accusation.seat * self.card_count
            out.flags(start, (self.tc.ids[name] for name in accusation.cards))

    def family_codes(self, state: State, seat: int, kind: str, out: Codes) -> bool:
        if not isinstance(state, ThirteenCluesState):
            return False
        if kind == "ask":
            token = bool(state.tokens >> seat & 1)
            spans = self.ask_spans.get((seat, token))
            if spans is None:
                spans = self.ask_spans[seat, token] = self._ask_spans(seat, token)
            out.spans += spans
            return True
        if kind == "accuse":
            if not self.tc.config.repeat_accusations and any(
                a.seat == seat for a in state.accusations
            ):
                return False  # its own wrong trios are left out: list them one by one
            # The grid follows from the cards the seat sees: made once for each such set.
            visible = state.seen_by(seat)
            axes = self.accuse_axes.get(visible)
            if axes is None:
                if len(self.accuse_axes) >= AXES_KEPT:  # a few per game: bounded all the same
                    self.accuse_axes.clear()
                axes = self.accuse_axes[visible] = self._accuse_axes(state, seat)
            out.grid(self.accuse_start, *axes)
            return True
        return False

    def _ask_spans(self, seat: int, token: bool) -> list[tuple[int, int]]:
        """The code spans of every question of ``seat`` (with or without its token)."""
        subjects = len(self.subject_index)
        secrets = self.secrets if token else (False,)
        per_witness = len(self.sides) * len(self.secrets)
        spans = []
        for witness in range(self.players):
            if witness == seat:
                continue
            for side in range(len(self.sides)):
                for secret in range(len(secrets)):
                    block = witness * per_witness + side * len(self.secrets) + secret
                    start = self.asks_start + block * subjects
                    spans.append((start, start + subjects))
        return spans

    def _accuse_axes(self, state: ThirteenCluesState, seat: int) -> Axes:
        persons, places, weapons = state.accusation_choices(seat)
        position = self.type_position
        places_n, weapons_n = self.type_sizes[1], self.type_sizes[2]
        return (
            (places_n * weapons_n, tuple(position[p] for p in persons)),
            (weapons_n, tuple(position[loc] for loc in places)),
            (1, tuple(position[w] for w in weapons)),
        )
