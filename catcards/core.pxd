# Cython declarations for core.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): State as an extension type whose own attributes live in C slots, so that a
# compiled game state (an extension type too: Cat Days' and Card Game's engine.pxd) reads them,
# and its own, as C struct fields rather than through attribute look-ups (issue 14). A game state
# written in Python subclasses it as before (its attributes in its instance dict).

cdef class State:
    cdef public object game, seed, _deals_text, _rng, _rng_state, _outcome
    cdef public list history, log
    cdef public tuple _legal

    # the game's hooks, called by apply() and legal_actions() straight through the C method table
    # when the game state is compiled (a state written in Python overrides them as usual)
    cpdef _legal_actions(self)
    cpdef _apply(self, action)
