"""Batch simulation with numpy: many games at once, one module per game, checked against the
one-game engines (same deals, same results)."""
