# Cython declarations for moves.py (see views.pxd): Moves, a base of CardGameState, as an
# extension type, so its compiled methods read the state's attributes as C struct fields; its
# busiest methods are called through the C method table.
from catcards.games.card_game.effects cimport Effects

cdef class Moves(Effects):
    cpdef _legal_actions(self)
    cpdef _main_actions(self, seat)
