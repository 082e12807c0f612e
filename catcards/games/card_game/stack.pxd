# Cython declarations for stack.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): Item, Window and Pending as extension types, their fields in C slots (the ones
# __slots__ names), so making one (every card played, claim, Ability and window) costs no Python
# __init__ call (issue 14).

cdef class Item:
    cdef public object kind, seat, name, card, joker, target, option, settled, protected

cdef class Window:
    cdef public object kind, queue

cdef class Pending:
    cdef public object kind, seat, left

cpdef bint threatens(Item top, seat)
