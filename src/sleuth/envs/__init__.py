"""Research environments on the exact engine: PettingZoo, Gymnasium and OpenSpiel."""
