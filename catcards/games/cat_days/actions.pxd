# Cython declarations for actions.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): what a Play holds as C struct fields (_PlayFields, an extension type under the
# Play dataclass), its log line called through C, and the engine's Play builder, called by the
# compiled play table through C and writing those fields directly (issue 14).
import cython

cdef class _PlayFields:
    cdef public object card, effect, week, day, target, target_day, other, _words_said
    cdef public list _log_lines

    cpdef log_line(self, long seat)

@cython.locals(p=_PlayFields)
cpdef _play(card, effect, week=*, day=*, target=*, target_day=*, other=*)
