"""Exact calculations and lesson helpers, one module per game (layer 3: no widgets)."""
