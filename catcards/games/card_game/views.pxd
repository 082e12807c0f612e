# Cython declarations for views.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): Views, the first of the state's parts, as an extension type on core.StateCore that
# holds every attribute of CardGameState (the names its __slots__ lists, which this must match) in
# C slots, so the compiled methods of Views, Responses, Effects, Moves and _CardGameState read them
# as struct fields rather than through attribute look-ups (issue 14). CardGameState itself is the
# Python class (_CardGameState, core.State).
from catcards.core cimport StateCore

cdef class Views(StateCore):
    cdef public object deck, seating, flower_jokers, window, end_queue, pending, facedown, ttt_cards
    cdef public object active, phase, turn, draws_left, hand_played, ability_used, turn_over, last_turn
    cdef public object final_last, final_armed, current_player, _scores_changed, cheap, _box, on_shown
    cdef public list hands, main, money_deck, money, front, island, table, discard, tokens, out, cash
    cdef public list stack, ops, triggers, peek, turned, resolving
