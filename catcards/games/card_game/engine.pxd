# Cython declarations for engine.py (see views.pxd): CardGameState as an extension type (its
# attributes are declared on Views, its first base), so its compiled methods read them as C
# struct fields; its busiest methods are called through the C method table.
from catcards.games.card_game.moves cimport Moves

cdef class CardGameState(Moves):
    cpdef _apply(self, action)
    cpdef _advance(self)
    cpdef _end_turn(self)
