# Cython declarations for engine.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): the game's part of the state (_CatDaysState; CatDaysState adds core.State) as an
# extension type on core.StateCore, its attributes (the ones __slots__ names) in C slots, read as
# struct fields by its own compiled methods, the play table and weeks typed, so their compiled
# methods are called directly, and its busiest methods called through the C method table (issue 14).
from catcards.core cimport StateCore
import cython
from catcards.games.cat_days.actions cimport _PlayFields
from catcards.games.cat_days.plays cimport PlayTable, Rule
from catcards.games.cat_days.weeks cimport Weeks

cdef class _CatDaysState(StateCore):
    cdef public object deck, turn, stopped_by_turn_limit, _passes, _max_turns, _shuffles, _reshuffled
    cdef public object current_player, rulebook_start
    cdef public PlayTable _table
    cdef public list out_of_play, draw_pile, hands, discard_pile
    cdef public Weeks weeks

    cpdef _legal_actions(self)
    @cython.locals(play=_PlayFields, rule=Rule)
    cpdef _apply(self, action)
    cpdef _draw(self, seat)
    cpdef _play(self, seat, _PlayFields action, Rule rule)

cpdef _take_from(list hand, card)
