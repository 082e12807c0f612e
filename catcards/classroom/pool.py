"""The class pool: a class's code, its students and their seeds, and the results that count.

:class:`Pool` is the one place a result is checked and counted (the HTTP server, a notebook and
the tests all go through it). A submitted result is a finished game's save: it is read
(:func:`catcards.registry.read_save`), its seed must be one of the student's own series
(:func:`series_seed`), it is replayed with :func:`catcards.load_state` (the digest checked), and
the activity measures the finished state. Every refusal is a :class:`PoolError` with an HTTP
status and a message saying what was wrong and what is allowed, and leaves the store as it was;
what is counted is counted in one transaction, once (the database's unique constraint on the
game's seed), so nothing counted is lost and concurrent duplicates count once.

Only real, in-order results count: a student's games are counted in the order the class deals
them (game 0, 1, 2, ... of their series), so a game must be sent before the next one counts and a
student cannot play many games and send only the good ones (:meth:`Pool.next_game` says which game
is next; a later game is refused with 422 until it is, an earlier one with 409).

Bounds: a save of at most :data:`MAX_SAVE_BYTES`, a nickname of at most :data:`MAX_NICKNAME`
printable characters, ``max_students`` per class (default :data:`DEFAULT_MAX_STUDENTS`, at most
:data:`MAX_STUDENTS`), :data:`GAMES_PER_STUDENT` games and :data:`TALLIES_PER_STUDENT` real-deck
counts per student, a per-student rate of
submissions, a rate of joins per client address and per class, and a rate of checked games and
of real-card counts per client address (token buckets: ``burst`` at once, then ``per_second``;
kept in this process's memory).
"""
from __future__ import annotations

import hashlib
import hmac
import math
import numbers
import re
import secrets
import threading
import time
import unicodedata
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Callable

import sqlalchemy as sa

from ..core import SaveFormatError, short_repr
from ..core.text import json_kind
from ..probability import wilson_interval
from ..registry import load_state, read_save
from .activities import Activity, ActivityError, activity as find_activity, default_activity
from .records import (_SEED_HIGH, _SEED_LOW, CODE_ALPHABET, CODE_LENGTH, GAMES_PER_STUDENT,
                      MAX_NICKNAME, MAX_SAVE_BYTES, MAX_STUDENTS, TALLIES_PER_STUDENT, ClassClosedError, ClassInfo, Counted,
                      NicknameError, PoolError,
                      Student, series_seed)
from .store import Store

__all__ = ["Pool", "PoolError", "ClassClosedError", "NicknameError", "ClassInfo", "Student", "Counted", "series_seed", "CODE_ALPHABET",
           "MAX_SAVE_BYTES", "MAX_NICKNAME", "MAX_STUDENTS", "GAMES_PER_STUDENT", "TALLIES_PER_STUDENT", "DEFAULT_MAX_STUDENTS",
           "JOIN_RATE_PER_ADDRESS", "JOIN_RATE_PER_CLASS", "TALLY_RATE_PER_ADDRESS", "RESULT_RATE_PER_ADDRESS",
           "OWN_RESULTS_RATE_PER_STUDENT"]

#: the most students a class takes unless its teacher sets another number (``--max-students``)
DEFAULT_MAX_STUDENTS = 200
#: joins from one client address: (``burst`` at once, then ``per_second``). A whole class behind
#: one school router or a JupyterHub's proxy shares one address, so the burst holds a class.
JOIN_RATE_PER_ADDRESS = (50.0, 1.0)
#: joins to one class from every address together: (``burst``, ``per_second``)
JOIN_RATE_PER_CLASS = (100.0, 2.0)
#: counts from real cards (not checked, :meth:`Pool.tally`) sent to one class from one client
#: address, by all its students together: (``burst``, ``per_second``). Each student may send
#: :data:`TALLIES_PER_STUDENT`, but a student who joins again gets a new token and so 20 more:
#: one script joined 10 times and put 200 unchecked counts in the pool in 2 s (hostile tester).
#: As for joins, a class behind one school router shares one address: the burst holds a class of
#: 30 sending 3 counts each at once (break53: 50 at once, then 1 a second, refused 40 of such a
#: class's 90), and a refused count says how long to wait.
TALLY_RATE_PER_ADDRESS = (100.0, 2.0)
#: checked games (:meth:`Pool.submit`) sent to one class from one client address, by all its
#: students together: (``burst``, ``per_second``). Each student's own rate bounds one student,
#: but a script joined many nicknames (50 at once from one address, then 1 a second) and sent
#: their games, each replayed by the server (hostile tester). Sized for a class of 30 behind
#: one school router: the burst holds the 10 games each of them sends at once in the Snap
#: lesson (300), and the rate is twice what 30 students finishing a game every 20 s send
#: (1.5 a second), so a class of 60 playing at that pace is not held up either.
RESULT_RATE_PER_ADDRESS = (300.0, 3.0)
#: a student's reads of their own results and class state (:meth:`Pool.own_results` with
#: ``polled``: the student page's ``/me``, every 4 s and at each load): (``burst``, ``per_second``).
#: Each read is a query of the student's rows, but nothing else bounded it: one student's script
#: calling ``/me`` in a loop slowed the other students' joins 20 to 70 times (break55).
OWN_RESULTS_RATE_PER_STUDENT = (20.0, 1.0)


def _wait_seconds(wait: float) -> int:
    """A rate limit's ``wait`` (seconds, a float) as the whole seconds a 429 says, at least 1 (its
    words and its ``Retry-After``)."""
    return max(1, math.ceil(wait))


def _hash(token: str) -> str:
    # "surrogatepass": a lone surrogate sent in JSON ("\\ud800") hashes too, and is then an unknown
    # student (403), not a 500 with a traceback (break-it, stop 37)
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class _Buckets:
    """Token buckets per key (``burst`` at once, refilled at ``per_second``), thread-safe. Full
    buckets are forgotten when more than :attr:`MAX_KEYS` are kept (a flood from many addresses
    does not grow memory without bound)."""

    MAX_KEYS = 100_000

    def __init__(self, burst: float, per_second: float, clock: Callable[[], float]):
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self._state: dict[Any, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def _level(self, key: Any, now: float) -> float:
        level, then = self._state.get(key, (self.burst, now))
        return min(self.burst, level + (now - then) * self.per_second)

    def wait(self, key: Any) -> float:
        """0 when one may be taken now, else the seconds until one is back (nothing taken)."""
        with self._lock:
            level = self._level(key, self.clock())
            return 0.0 if level >= 1 else (1 - level) / self.per_second

    def take(self, key: Any) -> float:
        """Take one; returns 0 when allowed, else the seconds until one is back."""
        with self._lock:
            now = self.clock()
            level = self._level(key, now)
            if level < 1:
                self._state[key] = (level, now)
                return (1 - level) / self.per_second
            if len(self._state) >= self.MAX_KEYS:
                self._state = {k: (v, t) for k, (v, t) in self._state.items()
                               if min(self.burst, v + (now - t) * self.per_second) < self.burst}
            self._state[key] = (level - 1, now)
            return 0.0


class Pool:
    """A class pool on a :class:`~catcards.classroom.store.Store` (see the module docstring).

    Args:
        store: where classes, students and results are kept.
        burst, per_second: each student's rate limit (default 40 submissions at once, then 2 a
            second).
        max_students: the most students a class takes (default :data:`DEFAULT_MAX_STUDENTS`;
            1 to :data:`MAX_STUDENTS`).
        join_per_address, join_per_class: the join rate limits, ``(burst, per_second)``
            (default :data:`JOIN_RATE_PER_ADDRESS` and :data:`JOIN_RATE_PER_CLASS`).
        tally_per_address: the rate of real-card counts from one client address, all its
            students together, ``(burst, per_second)`` (default :data:`TALLY_RATE_PER_ADDRESS`).
        result_per_address: the same for checked games (default :data:`RESULT_RATE_PER_ADDRESS`).
        own_results_per_student: the rate of a student's polled reads of their own results
            (default :data:`OWN_RESULTS_RATE_PER_STUDENT`).
        clock: the rate limits' clock (seconds; default ``time.monotonic``).

    Raises: PoolError 400 a ``max_students`` outside 1 to :data:`MAX_STUDENTS`.

    Every method that takes a ``code`` refuses an unknown or malformed one with PoolError 404.
    Thread-safe: methods may be called from many threads (and processes, each with its own Pool
    on the same store; the rate limit is then per process).
    """

    def __init__(self, store: Store, *, burst: float = 40, per_second: float = 2.0,
                 max_students: int = DEFAULT_MAX_STUDENTS,
                 join_per_address: tuple[float, float] = JOIN_RATE_PER_ADDRESS,
                 join_per_class: tuple[float, float] = JOIN_RATE_PER_CLASS,
                 tally_per_address: tuple[float, float] = TALLY_RATE_PER_ADDRESS,
                 result_per_address: tuple[float, float] = RESULT_RATE_PER_ADDRESS,
                 own_results_per_student: tuple[float, float] = OWN_RESULTS_RATE_PER_STUDENT,
                 clock: Callable[[], float] = time.monotonic):
        if isinstance(max_students, bool) or not isinstance(max_students, int) or not 1 <= max_students <= MAX_STUDENTS:
            raise PoolError(400, f"a class takes 1 to {MAX_STUDENTS} students, not {short_repr(max_students)}")
        self.store = store
        self.max_students = max_students
        #: the rate limits' clock (the class server's table pages use it too)
        self.clock = clock
        self._buckets = _Buckets(burst, per_second, clock)
        self._join_address = _Buckets(*join_per_address, clock)
        self._join_class = _Buckets(*join_per_class, clock)
        self._tally_address = _Buckets(*tally_per_address, clock)
        self._result_address = _Buckets(*result_per_address, clock)
        self._own_results = _Buckets(*own_results_per_student, clock)
        t = store
        self._classes, self._students, self._results = t.classes, t.students, t.results
        self._removed = t.removed

    # ---- classes ------------------------------------------------------------------------------
    def start(self, game: str, activity: str | None = None, *, nicknames: bool = True,
              code: str | None = None) -> ClassInfo:
        """Start a class of ``game`` pooling ``activity`` (a key; default the game's first).

        Args:
            code: the class code to use (6 characters of :data:`CODE_ALPHABET`; default a random
                one not in the store).

        Returns: the class, with its ``teacher_token`` (shown once; the store keeps its hash).
        Raises:
            PoolError: 400 an unknown game or activity, or an activity of another game, or a
                malformed code; 409 the code is taken.
        """
        try:
            act = default_activity(game) if activity is None else find_activity(activity)
        except ActivityError as exc:
            raise PoolError(400, str(exc)) from None
        if act.game != game:
            raise PoolError(400, f"the activity {act.key!r} is for {act.game!r}, not {short_repr(game)}")
        token = secrets.token_urlsafe(24)
        for attempt in range(20):
            chosen = self._code(code, 400) if code is not None else "".join(
                secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            row = dict(code=chosen, game=game, activity=act.key, teacher_hash=_hash(token),
                       nicknames=bool(nicknames), is_open=True, ended=False, created=time.time(),
                       version=0)
            try:
                with self.store.begin() as conn:
                    conn.execute(self._classes.insert().values(**row))
            except sa.exc.IntegrityError:
                if code is not None:
                    raise PoolError(409, f"the class code {chosen} is taken; choose another") from None
                continue
            return self._info(row, token)
        raise PoolError(409, "no free class code found; try again")  # pragma: no cover

    def resume(self, code: str, teacher_token: str) -> ClassInfo:
        """The class ``code``, for its teacher (a server started again on the same store).

        Raises:
            PoolError: 404 unknown code; 401/403 no or a wrong teacher's token.
        """
        row = self._teacher(code, teacher_token)
        return self._info(row, teacher_token)

    def classes(self) -> list[ClassInfo]:
        """Every class in the store, oldest first (without teachers' tokens)."""
        with self.store.connect() as conn:
            rows = conn.execute(sa.select(self._classes).order_by(self._classes.c.created)).mappings().all()
        return [self._info(r) for r in rows]

    def info(self, code: str) -> ClassInfo:
        """The class ``code`` (without its teacher's token). Raises PoolError 404."""
        return self._info(self._class(code))

    def activity(self, code: str) -> Activity:
        """The activity the class ``code`` pools. Raises PoolError 404."""
        return find_activity(self._class(code)["activity"])

    def set_open(self, code: str, teacher_token: str, is_open: bool) -> ClassInfo:
        """Open (True) or close (False) submissions. Raises PoolError 404, 401/403 (token), 403
        an ended class."""
        row = self._teacher(code, teacher_token)
        if row["ended"]:
            raise PoolError(403, f"the class {row['code']} has ended; start a new class")
        self._update(row["code"], is_open=bool(is_open))
        return self.resume(row["code"], teacher_token)

    def end(self, code: str, teacher_token: str) -> ClassInfo:
        """End the class: no more joins or results (its results stay). Raises PoolError 404,
        401/403 (token)."""
        row = self._teacher(code, teacher_token)
        self._update(row["code"], ended=True, is_open=False)
        return self.resume(row["code"], teacher_token)

    def set_removed(self, code: str, teacher_token: str, number: Any, removed: Any) -> bool:
        """Take student ``number``'s results out of the pooled results (``removed`` True), or put
        them back (False): for nonsense real-card counts or a rude nickname. Nothing is deleted:
        the results stay in the store and in :meth:`results` (its ``removed`` column);
        :meth:`summary` leaves them out while the student is out and never shows their
        nickname. A student taken out can go on playing: what they send is counted into the
        store and stays out of the pool until they are put back. While they are out their
        nickname is taken: a join under it is refused (:meth:`join`, 409). Doing what is already
        done is not an error. The class's version changes.

        Args:
            number: the student's number in the class (1, 2, ...; ``Student N`` of the summary;
                any integer type, e.g. numpy's of :meth:`results`'s ``student`` column).
            removed: True to take out, False to put back.

        Returns: ``removed``.
        Raises: PoolError 404 unknown class, 401/403 (teacher's token), 400 a ``number`` that is
            not a whole number or a ``removed`` that is not True/False, 404 no student with that
            number in the class, 403 an ended class (as :meth:`set_open`).
        """
        row = self._teacher(code, teacher_token)
        code = row["code"]
        if row["ended"]:
            raise PoolError(403, f"the class {code} has ended; its students can no longer be taken out "
                                 "or put back (the CSV has a row for every result)")
        if isinstance(number, bool) or not isinstance(number, numbers.Integral):  # numpy's too: results()
            raise PoolError(400, f"a student is given by their number (1, 2, ...), not {short_repr(number)}")
        number = int(number)
        if not isinstance(removed, bool):
            raise PoolError(400, f"removed is true (take the student's results out) or false (put them "
                                 f"back), not {short_repr(removed)}")
        if not 1 <= number <= MAX_STUDENTS:  # never a student; the database is not asked (its integers are bounded)
            raise PoolError(404, f"the class {code} has no student {short_repr(number)}")
        s, out = self._students, self._removed
        try:
            with self.store.begin() as conn:
                known = conn.execute(sa.select(s.c.id).where(s.c.code == code, s.c.number == number)).first()
                if known is None:
                    raise PoolError(404, f"the class {code} has no student {short_repr(number)}")
                conn.execute(out.delete().where(out.c.code == code, out.c.number == number))
                if removed:
                    conn.execute(out.insert().values(code=code, number=number, at=time.time()))
                self._bump(conn, code)
        except sa.exc.IntegrityError:  # pragma: no cover - two teachers' clicks at once: one row stays
            pass
        return removed

    def removed(self, code: str) -> list[int]:
        """The numbers of the students taken out of the pooled results (:meth:`set_removed`),
        in order. Raises PoolError 404."""
        code = self._class(code)["code"]
        with self.store.connect() as conn:
            return self._removed_numbers(conn, code)

    def _removed_numbers(self, conn, code: str) -> list[int]:
        """:meth:`removed` read on the open connection ``conn``."""
        out = self._removed
        return [int(n) for n in conn.execute(
            sa.select(out.c.number).where(out.c.code == code).order_by(out.c.number)).scalars()]

    def version(self, code: str) -> int:
        """A number that changes whenever a student joins, a result is counted, the class is
        opened, closed or ended, or a student is taken out or put back (the dashboard polls it).
        Raises PoolError 404."""
        return int(self._class(code)["version"])

    # ---- students -----------------------------------------------------------------------------
    def join(self, code: str, nickname: str | None = None, *, client: str | None = None) -> Student:
        """A new student of the class ``code``, with their token and own seed.

        Args:
            nickname: optional, at most :data:`MAX_NICKNAME` printable characters; ignored when
                the class has nicknames switched off.
            client: the joining device's address (the server passes the request's), for the join
                rate limit per address; None: only the class's limit applies.

        Raises:
            PoolError: 404 unknown code; 403 an ended class, or a full one (``max_students``);
                400 a nickname that is not text of 1 to 24 printable characters, reads like
                the dashboard's own words ("Student 2", "... (taken out)") or pretends to be
                the teacher or the app (with the word teacher, admin or catcards: "Teacher 1",
                "Mr Teacher", "Admin"); 409 a nickname already taken in this class, by any
                student, one taken out too (:meth:`_check_nickname_free`); 429 too many joins
                at once from this address or to this class. A nickname's refusal is a
                :class:`NicknameError` (``field`` ``"nickname"``: the join page shows it
                beside the box). Nothing refused is stored.
        """
        row = self._class(code)
        code = row["code"]
        if row["ended"]:
            raise PoolError(403, f"the class {code} has ended; ask your teacher for the new code")
        nickname = self._nickname(nickname) if row["nicknames"] else None
        if nickname is not None:  # before the join rate: a refused nickname spends none of it
            with self.store.connect() as conn:
                self._check_nickname_free(conn, code, nickname)
        self._join_rate(code, client)
        s = self._students
        for attempt in range(50):
            token = secrets.token_urlsafe(24)
            seed = _SEED_LOW + secrets.randbelow(_SEED_HIGH - _SEED_LOW)
            try:
                with self.store.begin() as conn:
                    joined, last = conn.execute(
                        sa.select(sa.func.count(), sa.func.max(s.c.number)).where(s.c.code == code)).one()
                    if joined >= self.max_students:
                        raise PoolError(403, f"the class {code} is full ({self.max_students} students); "
                                             "tell your teacher, who can start it again for more students")
                    if nickname is not None:  # again in the join's transaction: two joins at once under one
                        # nickname read the same last number, and the second's insert fails and is retried here
                        self._check_nickname_free(conn, code, nickname)
                    number = (last or 0) + 1
                    conn.execute(s.insert().values(code=code, number=number, token_hash=_hash(token),
                                                   seed=seed, nickname=nickname, joined=time.time()))
                    self._bump(conn, code)
            except sa.exc.IntegrityError:  # two joins took the same number, or the same seed
                time.sleep(0.001 * attempt)
                continue
            return Student(code, number, seed, nickname, token)
        raise PoolError(503, "too many students joining at once; try again")  # pragma: no cover

    def _check_nickname_free(self, conn, code: str, nickname: str) -> None:
        """Refuse (409, :class:`NicknameError`) a join of the class ``code`` under a nickname a
        student of the class already has, read on the open connection ``conn``, compared without
        regard to case, spaces, accents, characters that draw nothing or look-alike forms
        (:func:`_fold`: "RUDE", "R u d e", "Rudé" and "ｒｕｄｅ" are one nickname).

        Two students under one nickname are one name on the teacher's list: the teacher cannot
        tell whose results are whose, nor take out the right one. A student taken out
        (:meth:`set_removed`) keeps theirs too: let in under it, a student taken out for a rude
        nickname would be back on the teacher's list, their results back in the pool. Refused,
        the student is told, in words, to choose another nickname (or none); nothing is stored.
        """
        s = self._students
        taken = conn.execute(sa.select(s.c.nickname).where(s.c.code == code, s.c.nickname.is_not(None))).scalars()
        folded = _fold(nickname)
        if any(_fold(n) == folded for n in taken):
            raise NicknameError(409, "that nickname is taken in this class: try another, or join without one")

    def student(self, code: str, token: str) -> Student:
        """The student of class ``code`` with ``token`` (a reload of their page).

        Raises: PoolError 404 unknown code, 403 unknown student."""
        row = self._student(self._class(code)["code"], token)
        return Student(row["code"], row["number"], row["seed"], row["nickname"], token)

    def class_of(self, token: Any) -> str | None:
        """The code of the class the student ``token`` joined (any class of the store, ended
        too), or None for a token of no student (not text, or over 200 characters, too)."""
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            return None
        s = self._students
        with self.store.connect() as conn:
            return conn.execute(sa.select(s.c.code).where(s.c.token_hash == _hash(token))).scalar()

    def next_game(self, code: str, token: str) -> tuple[int, int]:
        """The student's next game: ``(k, seed)``, the first game of their series not counted
        (the only one :meth:`submit` counts now; a game refused, e.g. unfinished, is given again:
        the class server's tables resume it as played, :meth:`check_progress`).

        Raises: PoolError 404 unknown code, 403 unknown student or an ended class (nothing of it
        counts any more, so nothing is dealt), 409 the series is used up."""
        row = self._class(code)
        student = self._student(row["code"], token)
        if row["ended"]:
            raise PoolError(403, f"the class {row['code']} has ended; your results are kept. Ask your "
                                 "teacher for the new code")
        with self.store.connect() as conn:
            k = self._next_k(conn, student["id"])
        if k >= GAMES_PER_STUDENT:
            raise PoolError(409, f"you have played all {GAMES_PER_STUDENT} games of your series; "
                                 "well done")
        return k, series_seed(student["seed"], k)

    def game_seed(self, code: str, token: str, k: int) -> int:
        """The seed of the student's ``k``-th game (their series: :func:`series_seed`).

        Raises: PoolError 404 unknown code, 403 unknown student, 400 ``k`` outside 0..999."""
        return series_seed(self.student(code, token).seed, k)

    def check_progress(self, code: str, token: str, k: Any, save_text: Any) -> tuple[int, bool]:
        """Check a game in progress, sent by a class table so that the server keeps it (a reload,
        a second tab or a press of "Send game N again" resumes it instead of dealing the student a
        deal they have seen afresh: :meth:`ClassServer.keep_progress
        <catcards.classroom.server.ClassServer.keep_progress>`). Returns the student's number and
        whether the game is over (finished, not counted: refused while the class was closed).

        The game (``state.to_json()``, finished or not) must be the student's next game ``k``
        (:meth:`next_game`), of the class's game, shuffled from its seed (no deck order written
        in), and must replay with legal moves to its digest (:func:`load_state`).

        Raises:
            PoolError: 400 ``k`` not a whole number, a save not text or not a catcards save;
                413 a save of more than :data:`MAX_SAVE_BYTES`; 404 unknown code; 403 unknown
                student or an ended class; 409 ``k`` is not the student's next game (counted, or
                later); 422 another game's save, without a digest, of a deck order written in,
                not of the game ``k``'s deal, or not replaying as it says.
        """
        if isinstance(k, bool) or not isinstance(k, int):
            raise PoolError(400, "give the game's number in the student's series as \"k\", a whole number")
        if not isinstance(save_text, str):
            raise PoolError(400, f"a game in progress is its save as text (JSON), not {json_kind(save_text)}")
        if len(save_text) > MAX_SAVE_BYTES or len(save_text.encode("utf-8", "replace")) > MAX_SAVE_BYTES:
            raise PoolError(413, f"a save is at most {MAX_SAVE_BYTES // 1024} KiB; this one is larger")
        row = self._class(code)
        next_k, seed = self.next_game(code, token)
        if k != next_k:
            raise PoolError(409, f"game {k + 1} is not your game in play (game {next_k + 1} is)")
        try:
            fields = read_save(save_text)
        except SaveFormatError as exc:
            raise PoolError(400, f"this is not a catcards save ({_after_colon(exc)})") from None
        act = find_activity(row["activity"])
        if fields["game"] != act.game or fields["digest"] is None or fields.get("deals") is not None \
                or fields["seed"] != seed:
            raise PoolError(422, f"this is not a save of your game {k + 1} as the class dealt it")
        try:
            state = load_state(save_text)
        except SaveFormatError as exc:
            raise PoolError(422, f"this save does not replay as it says ({_after_colon(exc)})") from None
        return self.student(code, token).number, state.is_over

    # ---- results ------------------------------------------------------------------------------
    def submit(self, code: str, token: str, save_text: Any, *, client: str | None = None) -> Counted:
        """Count the result of a finished game, given as its save (``state.to_json()``). Only the
        student's next game counts (:meth:`next_game`): their games count in order.

        Args:
            client: the sending device's address, for the rate of games per address,
                :data:`RESULT_RATE_PER_ADDRESS`, across all the students who send from it (one
                script joined many nicknames and sent each one's games). None: only the
                student's own rate applies (a notebook's class, :class:`LocalClass`; the class
                server's own tables, which send from the server's computer for every student).

        Raises:
            PoolError: 400 not text, or not a catcards save; 413 more than
                :data:`MAX_SAVE_BYTES`; 404 unknown code; 403 a closed or ended class, or an
                unknown student; 429 too many at once from the student, or from the client's
                address (saying how long to wait; it spends none of the student's rate, and
                nothing of the save is read); 422 a save of another game, not from the
                student's series (another class's or student's, or a seed chosen by hand), edited
                (its replay or digest does not match), without a digest, of other settings, or
                unfinished, or dealt from a deck order written into the save (a stacked deck), or
                a game after the student's next one (a game skipped); 409 that
                game is already counted. Nothing refused is counted.
            ClassClosedError: (403) a valid game, refused only because the class is closed for
                results: the save is read and checked first, so a request refused for anything
                else while the class is closed gets that refusal instead.
        """
        if not isinstance(save_text, str):
            raise PoolError(400, f"a result is a game's save as text (JSON), not {json_kind(save_text)}")
        if len(save_text) > MAX_SAVE_BYTES or len(save_text.encode("utf-8", "replace")) > MAX_SAVE_BYTES:
            raise PoolError(413, f"a save is at most {MAX_SAVE_BYTES // 1024} KiB; this one is larger")
        row = self._class(code)
        code = row["code"]
        if row["ended"]:  # nothing of an ended class is read; a closed class's is (_count checks it)
            self._check_open(row)
        student = self._student(code, token)
        address = None if client is None else (code, str(client)[:100])
        if address is not None:
            self._address_rate(self._result_address.wait(address), self._result_address, "games", "your game")
        self._rate(student["id"])
        if address is not None:  # taken now: another game from the address may have taken the last one
            self._address_rate(self._result_address.take(address), self._result_address, "games", "your game")
        act = find_activity(row["activity"])
        try:
            fields = read_save(save_text)
        except SaveFormatError as exc:
            raise PoolError(400, f"this is not a catcards save ({_after_colon(exc)}); send the "
                                 "finished game's save") from None
        if fields["game"] != act.game:
            raise PoolError(422, f"this is a save of {fields['game']!r}; this class plays "
                                 f"{act.game!r} ({act.title})")
        if fields["digest"] is None:
            raise PoolError(422, "this save has no digest (an old format); play the game again here")
        if fields.get("deals") is not None:  # a deck order given in the save, not shuffled from
            # the seed: a stacked deck replays and digests as well as a real one (break-it run,
            # stop 37: a sorted deck counted 39 snaps a game as "checked")
            raise PoolError(422, "this game was dealt from a deck order written into the save, not "
                                 "shuffled from your seed; play the games your class page deals you")
        seed = fields["seed"]
        k = seed - student["seed"] * GAMES_PER_STUDENT
        if not 0 <= k < GAMES_PER_STUDENT:
            raise PoolError(422, "this game's seed is not one of yours: it is another class's or "
                                 "another student's game, or its seed was chosen by hand; play the "
                                 "games your class page deals you")
        with self.store.connect() as conn:
            self._check_next(conn, student["id"], k)
        try:
            state = load_state(save_text)
        except SaveFormatError as exc:
            raise PoolError(422, f"this save does not replay as it says ({_after_colon(exc)}): it "
                                 "was edited or damaged; send the save as the game wrote it") from None
        try:
            value = act.result(state)
        except ActivityError as exc:
            raise PoolError(422, str(exc)) from None
        return self._count(code, student["id"], "game", value, k, seed, fields["digest"])

    def tally(self, code: str, token: str, value: Any, *, client: str | None = None) -> Counted:
        """Count a real-deck result a student typed (kept apart from the games: not verified).

        Args:
            client: the sending device's address (the server passes the request's), for the
                rate of counts per address, :data:`TALLY_RATE_PER_ADDRESS`, across all the
                students who send from it: a student who joins again (a new token, so
                :data:`TALLIES_PER_STUDENT` more) still sends from the same address. (Under
                one nickname a student cannot join twice: :meth:`join` refuses it, 409.) None:
                only the student's own limits apply (a notebook's class, :class:`LocalClass`).

        Raises:
            PoolError: 404, 403, 429 as :meth:`submit`; 429 too many counts from the client's
                address at once; 422 the activity has no real-deck version, or ``value`` is not
                a whole number within the activity's ``tally``; 403 the student has sent
                :data:`TALLIES_PER_STUDENT` counts already (said before any 429: waiting would not
                help). Nothing refused is counted, and a
                count refused for its address or its value spends none of the student's rate.
            ClassClosedError: (403) a valid count, refused only because the class is closed.
        """
        row = self._class(code)
        code = row["code"]
        if row["ended"]:
            self._check_open(row)
        student = self._student(code, token)
        with self.store.connect() as conn:  # the cap first: a rate's 429 "wait" would not help (server62b)
            self._check_tally_cap(conn, student["id"])
        address = None if client is None else (code, str(client)[:100])
        if address is not None:
            self._address_rate(self._tally_address.wait(address), self._tally_address, "counts from real cards",
                               "your count")
        try:
            value = find_activity(row["activity"]).check_tally(value)
        except ActivityError as exc:
            raise PoolError(422, str(exc)) from None
        self._rate(student["id"])
        if address is not None:  # taken now: another count from the address may have taken the last one
            self._address_rate(self._tally_address.take(address), self._tally_address, "counts from real cards",
                               "your count")
        return self._count(code, student["id"], "tally", value, None, None, None)

    @staticmethod
    def _address_rate(wait: float, bucket: _Buckets, what: str, it: str) -> None:
        """Refuse (429) a result when its address must ``wait`` seconds for ``bucket`` (the rate
        per address of such results: ``what``, "games" or "counts from real cards"; ``it``, the
        one to send again)."""
        if wait:
            seconds = _wait_seconds(wait)
            raise PoolError(429, f"too many {what} sent from your network at once (at most "
                                 f"{bucket.burst:g} at once, then {bucket.per_second:g} a second, for everyone on "
                                 f"it); wait {seconds} s and send {it} again", retry_after=seconds)

    # ---- what the class sees ------------------------------------------------------------------
    def summary(self, code: str, *, names: bool = False) -> dict[str, Any]:
        """The class's pooled results, JSON-ready (only str keys, numbers, lists, None).

        Keys: ``code``, ``game``, ``activity``, ``title``, ``unit``, ``instructions``, ``open``,
        ``ended``, ``version``, ``joined`` (students), ``taken_out`` (students taken out of the
        pool, :meth:`set_removed`), ``submitted`` (students in the pool with a counted game:
        those taken out are not among them), ``n`` (games counted in the pool), ``counts`` (``[[value, count], ...]`` by value),
        ``exact`` (``[[value, probability], ...]`` or None), ``exact_mean`` (float or None),
        ``mean`` (None before a result), ``running`` (after each counted game, in order:
        ``{"n", "mean", "low", "high"}``: the mean so far and its 95% interval, Wilson's for a
        yes/no activity, else Student's t interval mean +- t(0.975, n - 1) s / sqrt(n) kept
        within the activity's ``tally`` range when it has one, None for n < 2: see
        :func:`_running`), ``students`` (one per student who joined, by
        number, those who sent nothing yet too, so that the teacher can take out a rude
        nickname before it sends anything: ``{"number", "student", "n", "mean", "tallies",
        "tallies_mean", "removed"}``: ``n`` games with their ``mean``, ``tallies`` real-deck
        counts with theirs (0 and None without any); ``student`` is their nickname when ``names`` and
        they gave one and are not taken out, else "Student <number>"), ``tallies`` (the real-deck counts,
        not verified, kept apart from the games: ``{"n", "counts", "mean", "running",
        "verified"}`` with ``running`` as above over the tallies alone), ``binary``, ``plot``.

        A student taken out (:meth:`set_removed`) is left out of everything but ``joined``,
        ``taken_out`` and their own row of ``students`` (``"removed": true``).

        Raises: PoolError 404.
        """
        row = self._class(code)
        code = row["code"]
        act = find_activity(row["activity"])
        r, s = self._results, self._students
        with self.store.connect() as conn:
            joined = conn.execute(sa.select(s.c.number, s.c.nickname).where(s.c.code == code)
                                  .order_by(s.c.number)).all()
            rows = conn.execute(
                sa.select(r.c.kind, r.c.value, s.c.number, s.c.nickname)
                .join(s, s.c.id == r.c.student_id).where(r.c.code == code).order_by(r.c.id)).all()
            removed = set(self._removed_numbers(conn, code))
        # number -> (nickname, games' values, tallies' values), every student who joined
        per: dict[int, tuple] = {number: (nick, [], []) for number, nick in joined}
        for kind, v, number, _ in rows:
            entry = per[number]
            (entry[2] if kind == "tally" else entry[1]).append(_number(v))
        pooled = [(kind, _number(v)) for kind, v, number, _ in rows if number not in removed]
        values = [v for kind, v in pooled if kind == "game"]
        tallies = [v for kind, v in pooled if kind == "tally"]
        return {
            "code": code, "game": act.game, "activity": act.key, "title": act.title,
            "unit": act.unit, "instructions": act.instructions, "binary": act.binary,
            "plot": act.plot, "open": bool(row["is_open"]), "ended": bool(row["ended"]),
            "version": int(row["version"]), "joined": len(joined), "taken_out": len(removed),
            "submitted": sum(1 for number, (_, vs, _) in per.items() if vs and number not in removed),
            "n": len(values),
            "counts": _counts(values),
            "exact": None if act.exact is None else [[k, float(p)] for k, p in sorted(act.exact.items())],
            "exact_mean": None if act.exact_mean is None else float(act.exact_mean),
            "mean": sum(values) / len(values) if values else None,
            "running": _running(values, act.binary, act.tally),
            "students": [
                {"number": number,
                 "student": nick if names and nick and number not in removed else f"Student {number}",
                 "n": len(vs), "mean": sum(vs) / len(vs) if vs else None, "tallies": len(ts),
                 "tallies_mean": sum(ts) / len(ts) if ts else None, "removed": number in removed}
                for number, (nick, vs, ts) in sorted(per.items())
            ],
            "tallies": {"n": len(tallies), "counts": _counts(tallies),
                        "mean": sum(tallies) / len(tallies) if tallies else None,
                        "running": _running(tallies, act.binary, act.tally), "verified": False},
        }

    def results(self, code: str):
        """One row per counted result, in the order counted: a pandas DataFrame with columns
        ``order`` (1, 2, ...), ``student`` (number), ``nickname`` (NaN where none was given, as
        ``pd.read_csv`` reads the CSV), ``kind`` ("game"/"tally"), ``verified`` (bool),
        ``game_number`` (k + 1, games only), ``seed``, ``value``, ``counted_at`` (when it was
        counted: UTC time, ISO 8601), ``removed`` (bool: the student is taken out of the
        pooled results now, :meth:`set_removed`; their rows are kept here, so nothing is lost).

        Raises: PoolError 404.
        """
        import pandas as pd

        code = self._class(code)["code"]
        r, s = self._results, self._students
        with self.store.connect() as conn:
            rows = conn.execute(
                sa.select(s.c.number, s.c.nickname, r.c.kind, r.c.game_number, r.c.seed, r.c.value,
                          r.c.counted)
                .join(s, s.c.id == r.c.student_id).where(r.c.code == code).order_by(r.c.id)).all()
            removed = set(self._removed_numbers(conn, code))
        frame = pd.DataFrame({
            "order": range(1, len(rows) + 1),
            "student": [x.number for x in rows],
            # none given: NaN, as pd.read_csv gives a missing string (Classroom.results), not None
            "nickname": [math.nan if x.nickname is None else x.nickname for x in rows],
            "kind": [x.kind for x in rows],
            "verified": [x.kind == "game" for x in rows],
            "game_number": pd.array([None if x.game_number is None else x.game_number + 1 for x in rows],
                                    dtype="Int64"),
            "seed": pd.array([x.seed for x in rows], dtype="Int64"),
            "value": [_number(x.value) for x in rows],
            "counted_at": [datetime.fromtimestamp(x.counted, timezone.utc).isoformat(timespec="seconds")
                        for x in rows],
            "removed": pd.array([x.number in removed for x in rows], dtype=bool),
        })
        return frame

    def own_results(self, code: str, token: str, *, polled: bool = False) -> tuple[Student, dict[str, Any]]:
        """The student ``token`` and their own counted results, the same as their rows of
        :meth:`results` (removed or not), read by a query of their rows alone (not the class's
        whole table: a student page asks every 4 s).

        Args:
            polled: a read the student's page repeats (``/me``): bounded per student by
                :data:`OWN_RESULTS_RATE_PER_STUDENT`; the answer to a result sent is not.

        Returns:
            ``(student, mine)``: ``mine`` has ``games`` (their verified games counted), ``next``
            (the ``game_number`` of their last game counted, k + 1: 0 before their first),
            ``values`` (their games' results in the order counted; a whole value an int) and
            ``tallies`` (their counts from real cards, in order).

        Raises: PoolError 404 unknown code, 403 unknown student, 429 (``polled``) over the rate.
        """
        code = self._class(code)["code"]
        row = self._student(code, token)
        if polled and (wait := self._own_results.take(row["id"])):
            seconds = _wait_seconds(wait)
            raise PoolError(429, f"too many requests for your results at once; wait {seconds} s", retry_after=seconds)
        r = self._results
        with self.store.connect() as conn:
            rows = conn.execute(sa.select(r.c.kind, r.c.game_number, r.c.value)
                                .where(r.c.code == code, r.c.student_id == row["id"]).order_by(r.c.id)).all()
        games = [x for x in rows if x.kind == "game"]
        mine = {"games": len(games),
                "next": max((x.game_number + 1 for x in games if x.game_number is not None), default=0),
                "values": [_number(x.value) for x in games],
                "tallies": [_number(x.value) for x in rows if x.kind == "tally"]}
        return Student(row["code"], row["number"], row["seed"], row["nickname"], token), mine

    def results_csv(self, code: str) -> str:
        """:meth:`results` as CSV text (a header row, then one row per result). A nickname that a
        spreadsheet would read as a formula (starting with ``= + - @``, a tab or a carriage return:
        OWASP's "CSV injection") is written with a leading ``'``. Raises PoolError 404."""
        frame = self.results(code)
        frame["nickname"] = [("'" + n if isinstance(n, str) and n[:1] in ("=", "+", "-", "@", "\t", "\r") else n)
                             for n in frame["nickname"]]
        return frame.to_csv(index=False)

    # ---- inside -------------------------------------------------------------------------------
    def _code(self, code: Any, status: int = 404) -> str:
        if isinstance(code, str):
            text = code.strip().upper()
            if len(text) == CODE_LENGTH and all(c in CODE_ALPHABET for c in text):
                return text
        raise PoolError(status, f"{short_repr(code)} is not a class code: a code is "
                                f"{CODE_LENGTH} letters and digits (no 0, O, 1, I or L); check it "
                                "with your teacher")

    def _class(self, code: Any):
        code = self._code(code)
        with self.store.connect() as conn:
            row = conn.execute(sa.select(self._classes).where(self._classes.c.code == code)).mappings().first()
        if row is None:
            raise PoolError(404, f"there is no class {code}; check the code with your teacher")
        return row

    def _teacher(self, code: Any, teacher_token: Any):
        row = self._class(code)
        if not isinstance(teacher_token, str) or not teacher_token:
            raise PoolError(401, "this needs the teacher's token (the dashboard link has it)")
        if not hmac.compare_digest(_hash(teacher_token), row["teacher_hash"]):
            raise PoolError(403, "that is not this class's teacher's token")
        return row

    def _student(self, code: str, token: Any):
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            raise PoolError(403, "you have not joined this class; join it with the class code first")
        s = self._students
        with self.store.connect() as conn:
            row = conn.execute(sa.select(s).where(s.c.token_hash == _hash(token))).mappings().first()
        if row is None or row["code"] != code:
            raise PoolError(403, "you have not joined this class; join it with the class code first")
        return row

    def _nickname(self, nickname: Any) -> str | None:
        if nickname is None:
            return None
        if not isinstance(nickname, str):
            raise NicknameError(400, f"a nickname is text, not {json_kind(nickname)}")
        text = " ".join(part for part in nickname.split(" ") if part)  # spaces folded; a tab or newline stays (refused)
        if not text:
            return None
        if len(text) > MAX_NICKNAME or not text.isprintable() or not _fold(text):  # not only blanks or marks
            raise NicknameError(400, f"a nickname is 1 to {MAX_NICKNAME} printable characters (letters, "
                                     "digits, spaces, punctuation); leave it empty to join without one")
        letters = re.sub(r"[\W_]", "", _fold(text))  # letters and digits: "Student-1", "(taken-out)"
        # "Student 1", "Student l" or "Student Ⅰ" (a 1 that a reader would take for one); "Studentin" is a name
        if re.fullmatch(r"student[\dli]+", letters) or "takenout" in letters:
            # the dashboard's own words: "Student 2" names a student without a nickname, and
            # "Rude (taken out)" drew a student in the pool as one the teacher had taken out
            # (break44); "Student l", "Student Ⅰ", "Student-1" and "Kit (taken-out)" too (break45)
            raise NicknameError(400, f"{text!r} reads like the teacher's list's own words (\"Student N\", \"taken "
                                     "out\"); choose another nickname, or join without one")
        # "Teacher", "Mr Teacher", "Teacher 1", "T E A C H E R", "Admin 2", "CatCards": a student the
        # class would take for the teacher or the app. "admin" only at a word's start: "Badminton" is a name
        alpha = re.sub(r"[\W\d_]", "", _fold(text))  # letters only
        words = [re.sub(r"[\W\d_]", "", _fold(word)) for word in text.split(" ")]
        if "teacher" in alpha or "catcards" in alpha or any(word.startswith("admin") for word in [alpha, *words]):
            raise NicknameError(400, "a nickname cannot pretend to be the teacher or the app (words such as "
                                     "teacher, admin, catcards): try another, or join without one")
        return text

    @staticmethod
    def _check_open(row) -> None:
        if row["ended"]:
            raise PoolError(403, f"the class {row['code']} has ended; results are no longer counted")
        if not row["is_open"]:
            # said in the past: the table keeps the words after the teacher opens the class again
            # (a fresh README user read "is closed ... wait" under the page's "opened again")
            raise ClassClosedError(403, f"the class {row['code']} was closed for results when this "
                                   "arrived; your teacher opens it again when it is time")

    def _rate(self, student_id: int) -> None:
        wait = self._buckets.take(student_id)
        if wait:
            seconds = _wait_seconds(wait)
            raise PoolError(429, f"too many results at once; wait {seconds} s and send it again", retry_after=seconds)

    def _join_rate(self, code: str, client: str | None) -> None:
        """Refuse (429) a join over the class's rate or the client address's."""
        def refuse(wait: float, whom: str, bucket: _Buckets) -> None:
            seconds = _wait_seconds(wait)
            raise PoolError(429, f"too many students joining {whom} at once (at most {bucket.burst:g} at "
                                 f"once, then {bucket.per_second:g} a second); wait {seconds} s "
                                 "and join again", retry_after=seconds)

        if wait := self._join_class.wait(code):
            refuse(wait, f"the class {code}", self._join_class)
        if client is not None and (wait := self._join_address.take(str(client)[:100])):
            refuse(wait, "from your network", self._join_address)
        if wait := self._join_class.take(code):  # another join took the class's last one meanwhile
            refuse(wait, f"the class {code}", self._join_class)

    def _next_k(self, conn, student_id: int) -> int:
        """The number of the student's next game: one after their last counted game."""
        r = self._results
        last = conn.execute(sa.select(sa.func.max(r.c.game_number)).where(
            r.c.student_id == student_id, r.c.kind == "game")).scalar_one()
        return 0 if last is None else int(last) + 1

    def _check_next(self, conn, student_id: int, k: int) -> None:
        """Refuse game ``k`` unless it is the student's next one (409 counted, 422 skipped)."""
        expected = self._next_k(conn, student_id)
        if k < expected:
            raise PoolError(409, f"your game {k + 1} is already counted; play a new game")
        if k > expected:
            raise PoolError(422, f"this is your game {k + 1}, but your next game is game {expected + 1}: "
                                 "games count in the order your class page deals them, each played to "
                                 f"the end; play and send game {expected + 1} first")

    def _count(self, code: str, student_id: int, kind: str, value, k, seed, digest) -> Counted:
        r, c = self._results, self._classes
        try:
            with self.store.begin() as conn:
                row = conn.execute(sa.select(c.c.is_open, c.c.ended).where(c.c.code == code)).one()
                self._check_open({"code": code, "is_open": row.is_open, "ended": row.ended})
                if kind == "game":  # again in the transaction: another request may have counted one
                    self._check_next(conn, student_id, k)
                else:
                    # the student's row locked first (PostgreSQL's FOR NO KEY UPDATE; SQLite's writes
                    # queue anyway): their counts sent at once are counted one after another, so the
                    # cap holds across server processes
                    conn.execute(sa.select(self._students.c.id).where(self._students.c.id == student_id)
                                 .with_for_update(key_share=True))
                    self._check_tally_cap(conn, student_id)
                conn.execute(r.insert().values(code=code, student_id=student_id, kind=kind,
                                               game_number=k, seed=seed, value=float(value),
                                               digest=digest, counted=time.time()))
                version = self._bump(conn, code)
                n = conn.execute(sa.select(sa.func.count()).where(
                    r.c.student_id == student_id, r.c.kind == kind)).scalar_one()
        except sa.exc.IntegrityError:
            raise PoolError(409, f"your game {k + 1 if k is not None else ''} is already counted; "
                                 "play a new game") from None
        return Counted(_number(value), kind, kind == "game", None if k is None else k + 1, seed, int(n), version)

    def _check_tally_cap(self, conn, student_id: int) -> None:
        """Refuse (403) a count from real cards from a student who has sent
        :data:`TALLIES_PER_STUDENT` already, on the store's connection ``conn``."""
        r = self._results
        if conn.execute(sa.select(sa.func.count()).where(
                r.c.student_id == student_id, r.c.kind == "tally")).scalar_one() >= TALLIES_PER_STUDENT:
            raise PoolError(403, f"you have sent {TALLIES_PER_STUDENT} counts from real cards, the most "
                                 "one student can send; play the games on your class page to add more")

    def _bump(self, conn, code: str) -> int:
        c = self._classes
        conn.execute(c.update().where(c.c.code == code).values(version=c.c.version + 1))
        return int(conn.execute(sa.select(c.c.version).where(c.c.code == code)).scalar_one())

    def _update(self, code: str, **values) -> None:
        c = self._classes
        with self.store.begin() as conn:
            conn.execute(c.update().where(c.c.code == code).values(version=c.c.version + 1, **values))

    @staticmethod
    def _info(row, token: str | None = None) -> ClassInfo:
        return ClassInfo(row["code"], row["game"], row["activity"], bool(row["nicknames"]),
                         bool(row["is_open"]), bool(row["ended"]), float(row["created"]), token)


def _after_colon(exc: Exception) -> str:
    text = str(exc)
    prefix = "not a catcards saved game: "
    return text[len(prefix):] if text.startswith(prefix) else text


#: printable characters that draw nothing (Hangul fillers, the blank Braille pattern): a nickname's
#: look is the same with or without them
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


#: letters of other scripts that look like Latin ones (Cyrillic, Greek, Cherokee), as pairs of
#: look-alike and Latin letter: a small part of Unicode's confusables (UTS #39), enough for the
#: letters a student reaches for ("Теacher" with a Cyrillic Т, "Αda" with a Greek Α, "Ꭺdmin";
#: break52). Upper-case ones are folded with their lower case (:func:`_fold` case-folds first)
_LOOK_ALIKES = (
    "АaВbЕeКkМmНhОoРpСcТtХxУyЅsІiЈjаaеeоoрpсcхxуyѕsіiјjһhԁdԛqԝwӏl"  # Cyrillic
    "ΑaΒbΕeΖzΗhΙiΚkΜmΝnΟoΡpΤtΥyΧxαaοoνvιiκkρpτt"  # Greek
    "ᎪaᎬeᎻhᏒrᏚsᎢtᏞlᎷmᎥiᏃzᏴbᏟcᎠdᏌu"  # Cherokee
    "тtгrпnυu"  # Cyrillic and Greek small letters shaped like Latin ones ("ѕтυdеnт", "Teacheг": break56)
    "ꓐbꓑpꓓdꓔtꓖgꓗkꓙjꓚcꓜzꓝfꓟmꓠnꓡlꓢsꓣrꓦvꓧhꓪwꓫxꓬyꓮaꓰeꓲiꓳoꓴu"  # Lisu, written in Latin capitals
    "ՏsՕoՍuօoսuոnհh"  # Armenian
)
_LATIN = {}
for _other, _latin in zip(_LOOK_ALIKES[::2], _LOOK_ALIKES[1::2]):
    for _form in {_other, _other.casefold(), _other.lower()}:
        _LATIN[ord(_form)] = _latin


#: the Unicode names of Latin letters drawn another way: small capitals ("ᴛᴇᴀᴄʜᴇʀ"), letters in a
#: square or a circle, black or white ("🆃", "🅣"), regional indicators ("🇹"), and letters with a
#: hook or a stroke ("Ƭ", "ŧ"), which NFKC leaves as they are (break56); group 1 is the letter
_LATIN_NAME = re.compile(r"(?:(?:NEGATIVE )?(?:SQUARED |CIRCLED |PARENTHESIZED )?LATIN (?:CAPITAL |SMALL )?LETTER "
                         r"(?:SMALL CAPITAL |DOTLESS )?|REGIONAL INDICATOR SYMBOL LETTER )([A-Z])(?: WITH .+)?")


@lru_cache(maxsize=4096)
def _plain_latin(ch: str) -> str:
    """``ch`` as the plain Latin letter it is drawn as, by its Unicode name (:data:`_LATIN_NAME`:
    "LATIN LETTER SMALL CAPITAL T" is "t"), else ``ch`` itself (also every ASCII character)."""
    if ch.isascii():
        return ch
    named = _LATIN_NAME.fullmatch(unicodedata.name(ch, ""))
    return named.group(1).lower() if named else ch


def _fold(nickname: str) -> str:
    """A nickname as :meth:`Pool._check_nickname_free` compares it: NFKD-decomposed, case-folded,
    without its accents and other combining marks (a variation selector or U+034F draws nothing),
    spaces or blank letters (:data:`_BLANKS`), look-alike letters of other scripts read as the
    Latin letters they look like (:data:`_LOOK_ALIKES`), Latin letters drawn another way as the
    plain letter (:func:`_plain_latin`: small capitals, letters in squares, circles or regional
    indicators, with a hook or a stroke), NFKC again: "Rude", "R u d e", "Rudé",
    "Rude\u3164" and "Rudе" (a Cyrillic е) are one nickname."""
    text = unicodedata.normalize("NFKD", nickname).casefold()
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not ch.isspace() and ch not in _BLANKS and unicodedata.category(ch) not in ("Mn", "Me", "Cf"))
    return unicodedata.normalize("NFKC", "".join(_plain_latin(ch) for ch in text.translate(_LATIN)))


def _number(value: float) -> int | float:
    value = float(value)
    return int(value) if value.is_integer() else value


def _counts(values: list) -> list[list]:
    found: dict = {}
    for v in values:
        found[v] = found.get(v, 0) + 1
    return [[v, found[v]] for v in sorted(found)]


def _running(values: list, binary: bool, bounds: tuple[int, int] | None = None) -> list[dict[str, Any]]:
    """The mean after each value and its 95% interval (see :meth:`Pool.summary`).

    Args:
        values: the results in the order counted (numbers).
        binary: each value is 1 (yes) or 0 (no): the interval is then Wilson's for a proportion
            (:func:`catcards.probability.wilson_interval`).
        bounds: the activity's possible values, ``(low, high)``, or None: an interval is kept
            within them (after counts of 0 and 6 snaps the unclipped low end is below 0, which
            no mean of counts can be).

    Returns: one ``{"n", "mean", "low", "high"}`` per value; for a mean (not ``binary``),
    ``low``/``high`` are None at n = 1, else Student's t interval
    ``mean +- t(0.975, n - 1) * s / sqrt(n)`` with ``s`` the sample standard deviation
    (divisor n - 1) and ``t(0.975, n - 1)`` the t distribution's 97.5% quantile with n - 1
    degrees of freedom (12.706 at n = 2, 2.093 at n = 20, 1.96 as n grows): the normal
    quantile 1.96 gave intervals far too narrow for a few results (counts 2 and 4: 1.04 to
    4.96; t gives 3 +- 12.71).

    Source: "Student" (W. S. Gosset), "The probable error of a mean", Biometrika 6 (1908)
    1-25; the interval as in any standard text, e.g. D. S. Moore, G. P. McCabe and B. A.
    Craig, Introduction to the Practice of Statistics, section 7.1 (the one-sample t
    confidence interval). The quantiles are scipy's (:func:`scipy.stats.t.ppf`), imported
    here only when needed (importing this module stays light).
    """
    t = _t_quantiles(len(values)) if not binary and len(values) >= 2 else None
    out = []
    total = square = 0.0
    for n, v in enumerate(values, start=1):
        total += v
        square += v * v
        mean = total / n
        low = high = None
        if binary:
            low, high = wilson_interval(int(total), n)
        elif n >= 2:
            var = max(0.0, (square - n * mean * mean) / (n - 1))
            half = float(t[n - 2]) * math.sqrt(var / n)
            low, high = mean - half, mean + half
            if bounds is not None:
                low, high = max(low, bounds[0]), min(high, bounds[1])
        out.append({"n": n, "mean": mean, "low": low, "high": high})
    return out


def _t_quantiles(n: int, confidence: float = 0.95):
    """Student's t two-sided quantiles for 1 to ``n - 1`` degrees of freedom: a numpy array
    whose item ``k`` is ``t`` with ``P(|T| <= t) = confidence`` for ``T`` of ``k + 1`` degrees
    of freedom (12.706 at 1 for 0.95), from :func:`scipy.stats.t.ppf` (imported here, lazily:
    scipy is in the ``lab`` extra, which the class server is installed with).

    Raises: ValueError for ``n < 2``.
    """
    if n < 2:
        raise ValueError(f"a t quantile needs at least 2 values (1 degree of freedom), not {n}")
    import numpy as np
    from scipy.stats import t as student_t

    return student_t.ppf(0.5 + confidence / 2, np.arange(1, n))
