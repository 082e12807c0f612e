# Cython declarations for plays.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): Rule and PlayTable as extension types, with their attributes in C slots, and the
# day masks of the legal-plays loop as C integers.
import cython
from catcards.games.cat_days.weeks cimport Weeks
from catcards.games.cat_days.actions cimport _play

cdef class Rule:
    cdef public object how, effect, days, either, weeks, draws, discarded, uncovers
    cdef public list placed, single, targeted

cdef class PlayTable:
    cdef public dict rules, order, by_value
    cdef public list entries
    cdef public object kept, deck

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, out=list, entries=list, open_days=list, mine=long, kind=long,
                   days=long, mask=long, cats=long, w=long, week=long, how=long, r=Rule, slots=list,
                   places=list)
    cpdef list hand_plays(self, Weeks weeks, long seat, hand, Py_ssize_t cards_to_draw)
    cpdef _keep(self, dict kept, target, play)
    @cython.locals(slots=list, w=long, days=long, d=long, base=long, stack=list, kept=dict)
    cpdef _covers(self, list out, Weeks weeks, long seat, card, Rule r)
    @cython.locals(slots=list, w=long, days=long, d=long, base=long, stack=list, trees=long, kept=dict)
    cpdef _takes(self, list out, Weeks weeks, long seat, card, Rule r)
    @cython.locals(free=long, theirs=list, slots=list, d=long, base=long, kept=dict)
    cpdef _boxes(self, list out, Weeks weeks, long seat, card, Rule r)
    @cython.locals(mine=list, theirs=list, rows=dict, row=dict, d=long, od=long)
    cpdef _swaps(self, list out, Weeks weeks, long seat, card, Rule r)

@cython.locals(n=Py_ssize_t)
cpdef tree_targets(list s)
