"""The activities of catcards's games, one module per game (found by
:data:`catcards.classroom.activities.ACTIVITIES`)."""
