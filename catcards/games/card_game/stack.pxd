# Cython declarations for stack.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): Item, Window and Pending as extension types, their fields in C slots (the ones
# __slots__ names), so making one (every card played, claim, Ability and window) costs no Python
# __init__ call (issue 14); Responses, a base of CardGameState (see views.pxd), as an extension
# type, its busiest methods called through the C method table.
from catcards.games.card_game.views cimport Views

cdef class Item:
    cdef public object kind, seat, name, card, joker, target, option, settled, protected

cdef class Window:
    cdef public object kind, queue

cdef class Pending:
    cdef public object kind, seat, left

cpdef bint threatens(Item top, seat)

cdef class Responses(Views):
    cpdef _first_asked(self, queue, top)
    cpdef _instant_actions(self, seat, top, hand=*)
