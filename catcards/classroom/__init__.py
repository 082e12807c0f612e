"""The class pool from Python: start a class, join it, submit finished games, read the pooled
results as a DataFrame.

In a notebook, alone (in this process, on a store)::

    from catcards import classroom
    lesson = classroom.start_class("snap")            # a class of one notebook (":memory:")
    me = lesson.join()                                # a student: their own seed
    state = me.next_game()                            # their next game (game 0 first)
    ...                                               # play it to the end
    me.submit(state)                                  # counted (a Counted), or a PoolError

A student's games count in order (game 0, 1, 2, ... of their series): :meth:`Member.next_game`
deals the next one, and a game sent before the ones dealt ahead of it is refused.
    lesson.results()                                  # one row per result

With a class server running (``catcards class GAME``), the same through its HTTP contract::

    me = classroom.Classroom(join_url).join()
    me.submit(state)

and :func:`current` gives the running class's student from the environment (a lesson pools
"with the class when one is running, alone otherwise"). The pieces: :mod:`.activities` (what is
pooled), :mod:`.store` (SQLite or PostgreSQL), :mod:`.pool` (the checks and the counting).
Nothing here imports ipywidgets.
"""
from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import fields
from typing import Any

from ..core import CatcardsError, State
from ..core.text import LAB_INSTALL
from .activities import Activity, ActivityError, activity, default_activity
from .records import ClassInfo, Counted, PoolError, Student, series_seed

# Pool, Store and open_store need SQLAlchemy (the lab extra); a kernel that only talks to a class
# server (Classroom, current) does not, so they are imported when first used.
_LAZY = {"Pool": "pool", "Store": "store", "open_store": "store"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["start_class", "join", "submit", "results", "current", "LocalClass", "Classroom",
           "Member", "Pool", "PoolError", "open_store", "Activity", "ActivityError", "activity",
           "default_activity", "ENV_VAR", "DEALT_AT_THE_TABLE"]

#: the environment variable naming the running class: JSON ``{"join_url": ..., "student": TOKEN}``
#: (optionally ``"seed"``)
ENV_VAR = "CATCARDS_CLASS"
#: the longest answer the HTTP client reads, in bytes
MAX_ANSWER = 16 * 1024 * 1024
#: what a student's own Python is told in a class whose deal stays with the server
#: (:attr:`Activity.deal_hidden`: the server answers ``"seed": null``)
DEALT_AT_THE_TABLE = "this class's games are dealt at the class table: open the join link"


def _save_text(state_or_save: Any) -> Any:
    return state_or_save.to_json() if isinstance(state_or_save, State) else state_or_save


class Member:
    """One student's place in a class (made by :meth:`LocalClass.join`, :meth:`Classroom.join`
    or :func:`current`).

    Attributes:
        token: the student's secret identity; seed: their own seed (None when the server did
            not give it: a class whose deal is hidden, :attr:`Activity.deal_hidden`, gives it to
            its own tables only); nickname; activity: what the class pools.
    """

    def __init__(self, classroom: "LocalClass | Classroom", token: str, seed: int | None,
                 nickname: str | None = None):
        self.classroom, self.token, self.seed, self.nickname = classroom, token, seed, nickname

    @property
    def activity(self) -> Activity:
        """The class's activity."""
        return self.classroom.activity

    def game_seed(self, k: int) -> int:
        """The seed of this student's game ``k`` (0 <= k < 1000).

        Raises: PoolError 400 (``k``), or when the seed is not known (403 in a class whose deal
        is hidden: :data:`DEALT_AT_THE_TABLE`)."""
        if self.seed is None and self.classroom._deal_hidden():
            raise PoolError(403, DEALT_AT_THE_TABLE)
        if self.seed is None:
            raise PoolError(400, "the class server did not say this student's seed")
        return series_seed(self.seed, k)

    def new_game(self, k: int) -> State:
        """Game ``k`` of this student's series, of the class's game and settings, not played yet
        (it counts only when it is the student's next game: :meth:`next_game`)."""
        return self.activity.new_game(self.game_seed(k))

    def next_game(self) -> State:
        """The student's next game (the first of their series not counted, the only one that
        counts now), of the class's game and settings, not played yet.

        Raises: PoolError (:meth:`Pool.next_game`; over HTTP, the server's status and error;
        403 :data:`DEALT_AT_THE_TABLE` when the server keeps the deal: a class whose activity
        hides it, :attr:`Activity.deal_hidden`, such as Pairs, is played at the class table)."""
        k, seed = self.classroom._next_game(self.token)
        if self.seed is not None and seed != series_seed(self.seed, k):
            raise PoolError(502, "the class dealt a game that is not of this student's series")
        return self.activity.new_game(seed)

    def submit(self, state_or_save: State | str) -> Counted:
        """Submit a finished game (its state or its save text).

        Returns: the :class:`~catcards.classroom.pool.Counted` result.
        Raises: PoolError with the status and reason of :meth:`Pool.submit`.
        """
        return self.classroom._submit(self.token, _save_text(state_or_save))

    def tally(self, value: int) -> Counted:
        """Submit a real-deck count (kept apart, not verified). Raises PoolError (:meth:`Pool.tally`)."""
        return self.classroom._tally(self.token, value)

    def __repr__(self) -> str:
        return f"Member({self.classroom!r}, seed={self.seed})"


class LocalClass:
    """A class run in this process on a store (:func:`start_class`).

    Attributes: pool (the :class:`Pool`), info (the :class:`ClassInfo`, with the teacher's
    token), code, activity.
    """

    def __init__(self, pool: "Pool", info: ClassInfo):
        self.pool, self.info, self.code = pool, info, info.code
        self.activity = activity(info.activity)

    def join(self, nickname: str | None = None) -> Member:
        """A new student (:meth:`Pool.join`)."""
        s = self.pool.join(self.code, nickname)
        return Member(self, s.token, s.seed, s.nickname)

    def student(self, token: str) -> Member:
        """The student with ``token`` (Raises PoolError 403 when unknown)."""
        s = self.pool.student(self.code, token)
        return Member(self, token, s.seed, s.nickname)

    def results(self):
        """One row per counted result (a DataFrame: :meth:`Pool.results`)."""
        return self.pool.results(self.code)

    def summary(self, names: bool = False) -> dict[str, Any]:
        """The pooled results (:meth:`Pool.summary`)."""
        return self.pool.summary(self.code, names=names)

    def set_removed(self, number: int, removed: bool = True) -> bool:
        """Take student ``number``'s results out of the pooled results (or, ``removed=False``,
        put them back) as the class's teacher: :meth:`Pool.set_removed` (nothing is deleted).
        Raises PoolError 400/403/404 as it does."""
        return self.pool.set_removed(self.code, self.info.teacher_token, number, removed)

    def _submit(self, token: str, save: Any) -> Counted:
        return self.pool.submit(self.code, token, save)

    def _next_game(self, token: str) -> tuple[int, int]:
        return self.pool.next_game(self.code, token)

    def _deal_hidden(self) -> bool:
        return False  # the pool is in this process (the teacher's): its seeds are the teacher's to see

    def _tally(self, token: str, value: Any) -> Counted:
        return self.pool.tally(self.code, token, value)

    def __repr__(self) -> str:
        return f"LocalClass({self.code!r}, {self.info.activity!r}, {self.pool.store!r})"


def _counted(answer: Any) -> Counted:
    """The :class:`Counted` of a class server's 201 answer to ``/results`` or ``/tally``
    (``{"counted": {...}, "games": ..., ...}``; a field it lacks is None). It was read from the
    answer's top level, where the server has no such keys: every field was None."""
    counted = answer.get("counted") if isinstance(answer, dict) else None
    counted = counted if isinstance(counted, dict) else {}
    return Counted(**{f.name: counted.get(f.name) for f in fields(Counted)})


def _results_from_csv(text: str):
    """The DataFrame of a class's results CSV (:meth:`Pool.results_csv
    <catcards.classroom.pool.Pool.results_csv>`, what the class server sends), with the columns,
    types and missing values of :meth:`Pool.results <catcards.classroom.pool.Pool.results>`:
    ``game_number`` and ``seed`` ``Int64`` (``<NA>`` for a count from real cards), a nickname as
    written ("NA" or "null" stay text) and NaN where a student gave none."""
    import io

    import pandas as pd

    empty = {"nickname": [""], "game_number": [""], "seed": [""]}  # the only cells left empty
    return pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=empty,
                       dtype={"nickname": "str", "kind": "str", "counted_at": "str",
                              "game_number": "Int64", "seed": "Int64"})


class Classroom:
    """A class on a class server, through its HTTP contract.

    Args:
        join_url: the class's join link (``http://host:port/class/CODE``).
        activity: the class's activity key, when known (else the server's join answer says it).
        timeout: seconds to wait for an answer (default 30).

    Requests: ``POST {join_url}/join`` -> ``{"student": token, ...}`` (a ``"seed"`` key, when the
    server gives it, is the student's seed); ``POST {join_url}/game`` with ``{"student"}`` ->
    ``{"k", "seed"}`` (the next game; ``"seed": null`` in a class whose deal stays with the
    server, :attr:`Activity.deal_hidden`: raised as :class:`PoolError` 403,
    :data:`DEALT_AT_THE_TABLE`); ``POST {join_url}/results`` with ``{"student",
    "save"}`` -> 201 ``{"counted": {...}, ...}`` (read as a :class:`Counted`), else a 4xx with
    ``{"error": message}``, raised as :class:`PoolError`;
    ``GET {join_url}/results.csv`` with the header ``Authorization: Bearer TEACHER_TOKEN`` (the
    server refuses a token in the address: addresses are kept in histories and logs).
    """

    def __init__(self, join_url: str, activity: str | None = None, timeout: float = 30.0):
        if not isinstance(join_url, str) or urllib.parse.urlsplit(join_url).scheme not in ("http", "https"):
            raise PoolError(400, f"a join link starts with http:// or https://, not {join_url!r}")
        self.join_url = join_url.rstrip("/")
        self.timeout = timeout
        self._hidden = False  # the server answered "seed": null (the class's deal is hidden)
        self._activity: Activity | None = None
        self._key: str | None = activity

    @property
    def activity(self) -> Activity:
        """The class's activity (from the join answer's ``"activity"`` key; else the default
        activity of its ``"game"``). Raises PoolError when the server said neither."""
        if self._activity is None:
            if self._key is None:
                raise PoolError(400, "the class server did not say which activity the class pools")
            self._activity = activity(self._key) if "/" in self._key else default_activity(self._key)
        return self._activity

    def join(self, nickname: str | None = None) -> Member:
        """Join the class as a new student. Raises PoolError (the server's status and error)."""
        body = {} if nickname is None else {"nickname": nickname}
        answer = self._request("POST", "/join", body)
        return self._member(answer)

    def student(self, token: str, seed: int | None = None) -> Member:
        """The student with ``token`` (already joined)."""
        return Member(self, token, seed)

    def results_csv(self, teacher_token: str) -> str:
        """The CSV of counted results (the teacher's token needed, sent in the ``Authorization``
        header). Raises PoolError (401 no token, 403 a wrong one)."""
        if not isinstance(teacher_token, str) or not teacher_token.strip():
            raise PoolError(401, "this needs the teacher's token (the dashboard link has it after #token=)")
        if not (teacher_token.isascii() and teacher_token.strip().isprintable()) or " " in teacher_token.strip():
            raise PoolError(403, "that is not a teacher's token: copy it from the dashboard link, after #token=")
        return self._request("GET", "/results.csv", raw=True,
                             headers={"Authorization": f"Bearer {teacher_token.strip()}"})

    def results(self, teacher_token: str):
        """:meth:`results_csv` as a DataFrame with the columns and types of the class's own
        :meth:`Pool.results <catcards.classroom.pool.Pool.results>`: ``game_number`` and ``seed``
        whole numbers (``Int64``, every digit kept; ``<NA>`` for a count from real cards), a
        nickname as written (a nickname "NA" or "null" stays text; none: NaN, as the class's own
        gives): :func:`_results_from_csv`. Raises PoolError as :meth:`results_csv`."""
        return _results_from_csv(self.results_csv(teacher_token))

    def _member(self, answer: dict) -> Member:
        if not isinstance(answer, dict) or not isinstance(answer.get("student"), str):
            raise PoolError(502, "the class server's answer to joining has no student token")
        self._key = answer.get("activity") or answer.get("game") or self._key
        seed = answer.get("seed")
        self._hidden = self._hidden or ("seed" in answer and seed is None)
        return Member(self, answer["student"], seed if isinstance(seed, int) else None,
                      answer.get("nickname"))

    def _submit(self, token: str, save: Any) -> Counted:
        return _counted(self._request("POST", "/results", {"student": token, "save": save}))

    def _next_game(self, token: str) -> tuple[int, int]:
        answer = self._request("POST", "/game", {"student": token})
        if isinstance(answer, dict) and isinstance(answer.get("k"), int) and answer.get("seed", 0) is None:
            self._hidden = True
            raise PoolError(403, DEALT_AT_THE_TABLE)  # the server deals this class's games at its tables
        if not isinstance(answer, dict) or not all(isinstance(answer.get(key), int) for key in ("k", "seed")):
            raise PoolError(502, "the class server's answer to /game has no whole k and seed")
        return answer["k"], answer["seed"]

    def _deal_hidden(self) -> bool:
        """The server keeps this class's deals (it answered ``"seed": null``), or the class's
        activity, when known, says so (:attr:`Activity.deal_hidden`)."""
        if self._hidden:
            return True
        try:
            return self.activity.deal_hidden
        except (PoolError, ActivityError):  # the class's activity is not known here
            return False

    def _tally(self, token: str, value: Any) -> Counted:
        return _counted(self._request("POST", "/tally", {"student": token, "value": value}))

    def _request(self, method: str, path: str, body: dict | None = None, raw: bool = False,
                 headers: dict[str, str] | None = None):
        data = None if body is None or method == "GET" else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.join_url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  "Accept": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                text = response.read(MAX_ANSWER).decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            text = exc.read(MAX_ANSWER).decode("utf-8", "replace")
            try:
                message = json.loads(text).get("error") or text
            except (ValueError, AttributeError):
                message = text[:300] or exc.reason
            raise PoolError(exc.code, str(message)) from None
        except (urllib.error.URLError, OSError) as exc:
            raise PoolError(503, f"the class server at {self.join_url} cannot be reached "
                                 f"({getattr(exc, 'reason', exc)}); is the class running?") from None
        if raw:
            return text
        try:
            return json.loads(text) if text.strip() else {}
        except ValueError:
            raise PoolError(502, "the class server answered with something that is not JSON") from None

    def __repr__(self) -> str:
        return f"Classroom({self.join_url!r})"


def start_class(game: str, activity: str | None = None, *, store: "str | os.PathLike | Store" = ":memory:",
                nicknames: bool = True, code: str | None = None) -> LocalClass:
    """Start a class in this process.

    Args:
        game, activity, nicknames, code: as :meth:`Pool.start`.
        store: a :class:`Store`, or where to open one (:func:`open_store`; default ``":memory:"``,
            this notebook only).

    Raises: PoolError (:meth:`Pool.start`), StoreError (:func:`open_store`), CatcardsError: the
        lab extra (SQLAlchemy) is not installed.
    """
    try:
        from .pool import Pool
        from .store import Store, open_store
    except ModuleNotFoundError as exc:  # pip install -e . without [lab]: the store's SQLAlchemy
        raise CatcardsError(f"a class needs the lab extra ({exc}); {LAB_INSTALL}") from None

    pool = Pool(store if isinstance(store, Store) else open_store(store))
    return LocalClass(pool, pool.start(game, activity, nicknames=nicknames, code=code))


def join(classroom: "LocalClass | Classroom | str", nickname: str | None = None) -> Member:
    """Join ``classroom`` (a :class:`LocalClass`, a :class:`Classroom`, or a join link) as a new
    student. Raises PoolError."""
    if isinstance(classroom, str):
        classroom = Classroom(classroom)
    return classroom.join(nickname)


def submit(member: Member, state_or_save: State | str) -> Counted:
    """Submit a finished game for ``member`` (:meth:`Member.submit`). Raises PoolError."""
    return member.submit(state_or_save)


def results(classroom: "LocalClass | Classroom", teacher_token: str | None = None):
    """The pooled results as a DataFrame: of a :class:`LocalClass`, or of a :class:`Classroom`
    with the teacher's token."""
    if isinstance(classroom, Classroom):
        return classroom.results(teacher_token)
    return classroom.results()


def current() -> Member | None:
    """The student of the class running now, from the environment variable ``CATCARDS_CLASS``
    (JSON ``{"join_url": ..., "student": TOKEN, "seed": ...}``; ``"seed"`` optional), or None when
    it is not set (a lesson then plays alone).

    Raises: PoolError 400 when the variable is set but is not such JSON.
    """
    text = os.environ.get(ENV_VAR, "").strip()
    if not text:
        return None
    try:
        found = json.loads(text)
        join_url, token = found["join_url"], found["student"]
        if not isinstance(token, str):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise PoolError(400, f"{ENV_VAR} must be JSON with 'join_url' and 'student' (the student's "
                             "token)") from None
    room = Classroom(join_url, found.get("activity") or found.get("game"))
    seed = found.get("seed")
    return Member(room, token, seed if isinstance(seed, int) else None)
