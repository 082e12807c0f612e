# Cython declarations for actions.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): what a Play holds as C struct fields (_PlayFields, an extension type under the
# Play dataclass), its log line called through C, and the engine's Play builder, called by the
# compiled play table through C and writing those fields directly (issue 14).
import cython

cdef class _PlayFields:
    cdef public object card, effect, week, day, target, target_day, other
    cdef public str _words_said, _seat_0_line, _seat_1_line

    cpdef log_line(self, seat)
    cpdef _seat_words(self, long seat)
    cpdef _words(self)

@cython.locals(p=_PlayFields)
cpdef _play(card, effect, week=*, day=*, target=*, target_day=*, other=*)
