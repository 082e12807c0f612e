# Cython declarations for effects.py (see views.pxd): Effects, a base of CardGameState, as an
# extension type, so its compiled methods read the state's attributes as C struct fields.
from catcards.games.card_game.stack cimport Responses

cdef class Effects(Responses):
    pass
