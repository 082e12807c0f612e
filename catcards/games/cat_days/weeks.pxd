# Cython declarations for weeks.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): Weeks as an extension type, its attributes in C slots (the ones __slots__ names),
# and the day masks of its busiest methods as C integers.
import cython
from catcards.games.cat_days.actions cimport _PlayFields

cdef class Weeks:
    cdef public object deck
    cdef public list base, stack, holds_cat, tree_days, bare_days, open_days
    cdef public dict swaps

    @cython.locals(bit=long, keep=long, s=list, room=bint, tree=bint)
    cpdef _refresh(self, long w, long d)
    @cython.locals(stack=list, trees=long)
    cpdef list day_targets(self, long w, long days=*)
    @cython.locals(s=list, bit=long)
    cpdef place_cat(self, long w, long d, cat)
    cpdef bint is_tree(self, long w, long d)
    cpdef list visible(self, long w, long d)
    @cython.locals(s=list)
    cpdef carry_out(self, long seat, _PlayFields action)
    cpdef _remove(self, long w, long d, cat)
