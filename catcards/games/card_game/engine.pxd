# Cython declarations for engine.py (see views.pxd): _CardGameState, the last of CardGameState's
# parts, as an extension type (the attributes are declared on Views, the first part), so its
# compiled methods read them as C struct fields; its busiest methods are called through the C
# method table.
from catcards.games.card_game.moves cimport Moves

cdef class _CardGameState(Moves):
    cpdef _apply(self, action)
    cpdef _advance(self)
    cpdef _end_turn(self)
