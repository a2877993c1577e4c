"""The slot factor of a history is not a function of the slot-count state it reaches.

Other hand h holds one card of pool A and one of pool B; the pile one of each. h shows a
card of value X, draws one card (it is B's), shows a card of value Y. Both orders (X from A
then Y from B, or X from B then Y from A) reach the same slot counts (h: one B card; pile: one
A card), but with slot factors 1/4 and 1/8, while their value parts are N_AX N_BY and
N_BX N_AY: so the card-value part cannot be summed out per slot-count state by a DP over
values alone; the state must remember which values went to which pool (or, as ``terms.py``
does, carry them as columns).

    python docs/wip/alibi-knowledge-5/counterexample.py
"""

from fractions import Fraction


def main() -> None:
    paths: dict[tuple[tuple[tuple[str, int], ...], ...], list[tuple[str, Fraction]]] = {}
    for j1 in "AB":
        for k in "AB":
            for j2 in "AB":
                hand = {"A": 1, "B": 1}
                pile = {"A": 1, "B": 1}
                p = Fraction(hand[j1], 2)
                hand[j1] -= 1
                p *= Fraction(pile[k], 2)
                pile[k] -= 1
                hand[k] += 1
                p *= Fraction(hand[j2], 2)
                hand[j2] -= 1
                if p:
                    sigma = (tuple(sorted(hand.items())), tuple(sorted(pile.items())))
                    paths.setdefault(sigma, []).append((f"X<-{j1} Y<-{j2}", p))
    for reached, found in sorted(paths.items()):
        print(reached, found)


if __name__ == "__main__":
    main()
