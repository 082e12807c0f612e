"""The errors catcards raises on purpose: every one a :class:`CatcardsError` with a message saying
what was wrong and what is allowed (docs/architecture.md, "Errors")."""
from __future__ import annotations

from typing import Any

from .text import short_text

__all__ = ["CatcardsError", "IllegalActionError", "GameParameterError", "SaveFormatError"]


class CatcardsError(Exception):
    """Base class of every error catcards raises on purpose."""


class IllegalActionError(CatcardsError, ValueError):
    """An action that the rules do not allow in this state.

    Attributes:
        action: the action that was refused.
        reason: why, in players' words ("Dog 2 matches neither the colour nor the number of Cat 7").
    """

    def __init__(self, action: Any, reason: str):
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {short_text(action, 200)!r}: {reason}")


class GameParameterError(CatcardsError, ValueError):
    """A game parameter outside what the rules allow (raised before any work is done)."""


class SaveFormatError(CatcardsError, ValueError):
    """A saved game that cannot be loaded (wrong format, or an action that does not replay)."""
