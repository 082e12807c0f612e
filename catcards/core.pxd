# Cython declarations for core.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): StateCore, the first base of a compiled game state (Cat Days' and Card Game's,
# whose parts are extension types on it: cat_days/engine.pxd, card_game/views.pxd), as an
# extension type whose attributes (State's own) live in C slots, so the compiled parts read them,
# and their own, as C struct fields rather than through attribute look-ups (issue 14). State stays
# a Python class: the games written in Python subclass it alone.

cdef class StateCore:
    cdef public object game, seed, _deals_text, _rng, _rng_state, _outcome
    cdef public list history, log
    cdef public tuple _legal

    # the game's hooks, called by apply() and legal_actions() through the C method table
    cpdef _legal_actions(self)
    cpdef _apply(self, action)
