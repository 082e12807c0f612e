# Cython declarations for actions.py (setup.py compiles it; the .py is the source and runs unchanged
# without them): the engine's Play builder, called by the compiled play table through C (issue 14).

cpdef _play(card, effect, week=*, day=*, target=*, target_day=*, other=*)
