# Cython declarations for weeks.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): Weeks as an extension type, its attributes in C slots (the ones __slots__ names).
cdef class Weeks:
    cdef public object deck
    cdef public list base, stack, holds_cat, tree_days, bare_days, open_days
    cdef public dict swaps
