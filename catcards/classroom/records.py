"""The plain records of the class pool: its error, a class, a student, a counted result, a
student's series of seeds, and the pool's bounds. Standard library only, so a lesson's kernel
that only talks to a class server (:class:`catcards.classroom.Classroom`) needs neither
SQLAlchemy nor a database driver; :mod:`catcards.classroom.pool` uses and re-exports them.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import CatcardsError, short_repr

__all__ = ["PoolError", "NicknameError", "ClassClosedError", "ClassInfo", "Student", "Counted", "series_seed", "CODE_ALPHABET",
           "CODE_LENGTH", "MAX_SAVE_BYTES", "MAX_NICKNAME", "MAX_STUDENTS", "GAMES_PER_STUDENT",
           "TALLIES_PER_STUDENT"]

#: a class code's characters: capitals and digits without look-alikes (no 0/O, 1/I/L)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: the largest save the pool reads, in bytes of UTF-8 (a finished Big Cat game is about 3 kB)
MAX_SAVE_BYTES = 256 * 1024
#: the longest nickname, in characters
MAX_NICKNAME = 24
#: the most students a class may be set to take (``Pool(max_students=...)``, ``--max-students``)
MAX_STUDENTS = 3000
#: games in a student's series: game k (0 <= k < this) has the seed ``series_seed(seed, k)``
GAMES_PER_STUDENT = 1000
#: counts from real cards one student may send (a pass through a real deck takes minutes; without
#: a cap one student's script could outweigh the class's real-deck counts, which nobody can check)
TALLIES_PER_STUDENT = 20
_SEED_LOW, _SEED_HIGH = 10 ** 11, 10 ** 12  # a student's seed has 12 digits


class PoolError(CatcardsError, ValueError):
    """A request the pool refuses; nothing was changed.

    Attributes:
        status: the HTTP status the server answers with: 400 malformed input, 401 no teacher's
            token, 403 a closed or ended class, an unknown student, a wrong teacher's token or a
            full class, 404 an unknown class code, 409 a result already counted or a join under
            a nickname taken in the class, 413 a save too large, 422 a save edited,
            unfinished, of another game or class, not from the student's series, or a game
            after the student's next one, 429 too many submissions
            or joins at once; from the HTTP client
            (:class:`catcards.classroom.Classroom`) also 502 (the server's answer is not what the
            contract says) and 503 (no server answers); 503 too when joins keep colliding.
        retry_after: for a 429, the whole seconds to wait before asking again (the message says
            them too; the server sends them as ``Retry-After``), else None.
    """

    def __init__(self, status: int, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class NicknameError(PoolError):
    """A join refused for its nickname (400: not one, or it reads like the teacher's list's words or
    pretends to be the teacher; 409: taken in the class). ``field`` is ``"nickname"``: the server
    answers it beside the error, and the join page shows the words beside the nickname box."""

    field = "nickname"


class ClassClosedError(PoolError):
    """A valid result refused (403) only because the teacher has closed the class for results
    (not ended it): the student's page says that game was not counted. A request that is
    refused for anything else while the class is closed (a save that is not one, edited, of
    another game) gets its own :class:`PoolError`, not this."""


@dataclass(frozen=True)
class ClassInfo:
    """A class: ``code`` (6 characters of :data:`CODE_ALPHABET`), ``game``, ``activity`` (its
    key), ``nicknames`` (students may give one), ``is_open`` (submissions accepted), ``ended``,
    ``created`` (Unix time, s) and ``teacher_token`` (only from :meth:`Pool.start` and
    :meth:`Pool.resume`; the store keeps its hash)."""

    code: str
    game: str
    activity: str
    nicknames: bool
    is_open: bool
    ended: bool
    created: float
    teacher_token: str | None = None


@dataclass(frozen=True)
class Student:
    """A student of a class: ``token`` (secret, the student's identity; None when not known),
    ``number`` (1, 2, ... in the order they joined), ``seed`` (their own; game k of their series
    is :func:`series_seed` ``(seed, k)``) and ``nickname`` (None unless given and allowed)."""

    code: str
    number: int
    seed: int
    nickname: str | None
    token: str | None = None

    def game_seed(self, k: int) -> int:
        """The seed of this student's ``k``-th game (0 <= k < :data:`GAMES_PER_STUDENT`)."""
        return series_seed(self.seed, k)


@dataclass(frozen=True)
class Counted:
    """A result counted: ``value``, ``kind`` ("game" or "tally"), ``verified`` (True for a
    replayed game), ``game_number`` (1 for the student's first game, as in the results' CSV and
    the messages: k + 1) and ``seed`` (games only), ``n`` (the student's results of
    that kind so far) and the class's ``version`` after it."""

    value: float
    kind: str
    verified: bool
    game_number: int | None
    seed: int | None
    n: int
    version: int


def series_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of the series of a student whose own seed is ``seed``:
    ``seed * 1000 + k``.

    Raises:
        PoolError (400): ``k`` is not a whole number from 0 to :data:`GAMES_PER_STUDENT` - 1.
    """
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < GAMES_PER_STUDENT:
        raise PoolError(400, f"a game's number is a whole number from 0 to {GAMES_PER_STUDENT - 1}, "
                             f"not {short_repr(k)}")
    return seed * GAMES_PER_STUDENT + k
